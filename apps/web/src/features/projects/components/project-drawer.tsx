import { useId, useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  PROJECT_LINK_GROUPS,
  PROJECT_STATUSES,
  PROJECT_URL_FIELDS,
  projectUpdateRequestSchema,
  type Project,
} from '@portal/contract/projects';
import { FormError } from '../../../components/layout/form-error';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DatePicker } from '../../../components/ui/date-picker';
import { Drawer } from '../../../components/ui/drawer';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { applyFormErrors, toastError } from '../../../lib/errors';
import { usePhases } from '../api/phases';
import { useCreateProject, useDeleteProject, useUpdateProject } from '../api/projects';
import { parseApiDate, toApiDate } from '../lib/format';
import { PROJECT_URL_LABELS } from '../lib/links';
import { useOpenSession } from '../lib/use-open-session';
import { FormActions } from './form-actions';
import { NativeSelect } from '../../../components/ui/native-select';
import { projectStatusLabel } from './status-badge';

/**
 * Both modes edit the fields of `projectUpdateRequestSchema`; create adds the client's id when
 * it sends, and update never sends the slug (spec §4).
 */
type FormInput = z.input<typeof projectUpdateRequestSchema>;
type FormOutput = z.output<typeof projectUpdateRequestSchema>;

const FIELDS = [
  'name',
  'status',
  'phase',
  'percentage_complete',
  'target_date',
  'vision',
  'statement_of_work',
  ...PROJECT_URL_FIELDS,
] as const satisfies readonly Path<FormInput>[];

const blankProject: FormInput = {
  name: '',
  status: 'not_started',
  phase: '',
  percentage_complete: 0,
  target_date: null,
  vision: '',
  statement_of_work: '',
};

const valuesOf = (project: Project): FormInput => ({
  name: project.name,
  status: project.status,
  phase: project.phase,
  percentage_complete: project.percentage_complete,
  target_date: project.target_date,
  vision: project.vision,
  statement_of_work: project.statement_of_work,
  ...Object.fromEntries(PROJECT_URL_FIELDS.map((field) => [field, project[field] ?? ''])),
});

export type ProjectDrawerProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
} & (
  | { mode: 'create'; client: { id: number; slug: string } }
  /** Update mode: the URL fields appear and Delete is offered. */
  | { mode: 'update'; project: Project }
);

/** The Create/Update Project drawer (spec §2). */
export const ProjectDrawer = (props: ProjectDrawerProps) => {
  const session = useOpenSession(props.open);
  return props.mode === 'update' ? (
    <UpdateProjectDrawer key={session} {...props} />
  ) : (
    <CreateProjectDrawer key={session} {...props} />
  );
};

const useProjectForm = (defaults: FormInput) =>
  useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(projectUpdateRequestSchema),
    mode: 'onChange',
    defaultValues: defaults,
  });

type ProjectForm = ReturnType<typeof useProjectForm>;

const CreateProjectDrawer = ({
  open,
  onOpenChange,
  client,
}: Extract<ProjectDrawerProps, { mode: 'create' }>) => {
  const id = useId();
  const create = useCreateProject(client.slug);
  const form = useProjectForm(blankProject);
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(
      { ...values, client: client.id },
      {
        onSuccess: (project) => {
          toast.success(`${project.name} was created`);
          onOpenChange(false);
        },
        onError: (error) => applyFormErrors(error, form.setError, FIELDS),
      },
    ),
  );
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title="Create Project"
      description="Links, repositories and design files can be added once the project exists."
      className="max-w-lg"
      footer={
        <FormActions
          form={`${id}-form`}
          onCancel={() => onOpenChange(false)}
          saveDisabled={!form.formState.isValid}
          saving={create.isPending}
        />
      }
    >
      <form id={`${id}-form`} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <ProjectFields id={id} form={form} />
        <FormError message={form.formState.errors.root?.message} />
      </form>
    </Drawer>
  );
};

const UpdateProjectDrawer = ({
  open,
  onOpenChange,
  project,
}: Extract<ProjectDrawerProps, { mode: 'update' }>) => {
  const id = useId();
  const navigate = useNavigate();
  const update = useUpdateProject(project.slug);
  const remove = useDeleteProject(project);
  const [confirming, setConfirming] = useState(false);
  const form = useProjectForm(valuesOf(project));
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        toast.success('The project was updated');
        onOpenChange(false);
      },
      onError: (error) => applyFormErrors(error, form.setError, FIELDS),
    }),
  );
  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(`${project.name} was deleted`);
        setConfirming(false);
        onOpenChange(false);
        void navigate('/projects', { replace: true });
      },
      onError: (error) => {
        setConfirming(false);
        toastError(error);
      },
    });

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title="Update Project"
      description={project.name}
      className="max-w-lg"
      footer={
        <FormActions
          form={`${id}-form`}
          onCancel={() => onOpenChange(false)}
          saveDisabled={!form.formState.isValid}
          saving={update.isPending}
          onDelete={() => setConfirming(true)}
          deleteLabel="Delete project"
        />
      }
    >
      <form id={`${id}-form`} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <ProjectFields id={id} form={form} />
        {PROJECT_LINK_GROUPS.map((group) => (
          <fieldset
            key={group.title}
            className="flex flex-col gap-4 border-t border-slate-200 pt-5"
          >
            <legend className="float-left mb-1 w-full text-sm font-semibold text-slate-900">
              {group.title}
            </legend>
            {group.fields.map((field) => (
              <Field
                key={field}
                label={PROJECT_URL_LABELS[field].field}
                htmlFor={`${id}-${field}`}
                error={form.formState.errors[field]?.message}
              >
                <Input
                  id={`${id}-${field}`}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://"
                  invalid={Boolean(form.formState.errors[field])}
                  {...form.register(field)}
                />
              </Field>
            ))}
          </fieldset>
        ))}
        <FormError message={form.formState.errors.root?.message} />
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete project"
        message={`Are you sure you want to delete ${project.name}? Its phases, notes and milestones are deleted with it.`}
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </Drawer>
  );
};

/** The fields both modes share. */
const ProjectFields = ({ id, form }: { id: string; form: ProjectForm }) => {
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const phases = usePhases();
  const currentPhase = String(watch('phase') ?? '');
  const phaseNames = phases.data?.map((phase) => phase.phase_name) ?? [];
  // `phase` is free text: keep a value that is not (or no longer) in the studio's list.
  if (currentPhase && !phaseNames.includes(currentPhase)) phaseNames.unshift(currentPhase);

  return (
    <>
      <Field label="Name" htmlFor={`${id}-name`} error={errors.name?.message}>
        <Input
          id={`${id}-name`}
          autoComplete="off"
          invalid={Boolean(errors.name)}
          {...register('name')}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Status" htmlFor={`${id}-status`} error={errors.status?.message}>
          <NativeSelect
            id={`${id}-status`}
            invalid={Boolean(errors.status)}
            {...register('status')}
          >
            {PROJECT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {projectStatusLabel(status)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Phase" htmlFor={`${id}-phase`} error={errors.phase?.message}>
          <NativeSelect id={`${id}-phase`} invalid={Boolean(errors.phase)} {...register('phase')}>
            <option value="">No phase</option>
            {phaseNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          label="Completion %"
          htmlFor={`${id}-percentage_complete`}
          error={errors.percentage_complete?.message}
        >
          <Input
            id={`${id}-percentage_complete`}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            invalid={Boolean(errors.percentage_complete)}
            {...register('percentage_complete')}
          />
        </Field>
        <Field
          label="Target date"
          htmlFor={`${id}-target_date`}
          error={errors.target_date?.message}
        >
          <Controller
            control={control}
            name="target_date"
            render={({ field }) => (
              <DatePicker
                id={`${id}-target_date`}
                aria-label="Target date"
                placeholder="No target date"
                value={parseApiDate(field.value)}
                onChange={(date) => field.onChange(toApiDate(date))}
              />
            )}
          />
        </Field>
      </div>
      <Field label="Vision" htmlFor={`${id}-vision`} error={errors.vision?.message}>
        <Textarea
          id={`${id}-vision`}
          rows={4}
          invalid={Boolean(errors.vision)}
          {...register('vision')}
        />
      </Field>
      <Field
        label="Statement of work"
        htmlFor={`${id}-statement_of_work`}
        error={errors.statement_of_work?.message}
      >
        <Textarea
          id={`${id}-statement_of_work`}
          rows={6}
          invalid={Boolean(errors.statement_of_work)}
          {...register('statement_of_work')}
        />
      </Field>
    </>
  );
};
