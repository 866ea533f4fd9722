import { useId, useState } from 'react';
import { Controller, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  PROJECT_LINK_GROUPS,
  PROJECT_STATUSES,
  PROJECT_URL_FIELDS,
  projectUpdateRequestSchema,
  type Project,
} from '@portal/contract/projects';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import {
  closeWithToast,
  remountOnOpen,
  ResourceForm,
  saveCallbacks,
  useDeletion,
  useResourceForm,
  type FormFrameProps,
} from '../../../components/forms/resource-form';
import { DatePicker } from '../../../components/ui/date-picker';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { usePhases } from '../api/phases';
import { useCreateProject, useDeleteProject, useUpdateProject } from '../api/projects';
import { parseApiDate, toApiDate } from '../lib/format';
import { PROJECT_URL_LABELS } from '../lib/links';
import { NativeSelect } from '../../../components/ui/native-select';
import { useClients } from '../../clients/api/clients';
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

export type ProjectDrawerProps = FormFrameProps &
  /** `client: null` (the projects list): the drawer asks which client it is for. */
  (
    | { mode: 'create'; client: { id: number; slug: string } | null }
    /** Update mode: the URL fields appear and Delete is offered. */
    | { mode: 'update'; project: Project }
  );

/** The Create/Update Project drawer (spec §2). */
export const ProjectDrawer = remountOnOpen((props: ProjectDrawerProps) =>
  props.mode === 'update' ? <UpdateProjectDrawer {...props} /> : <CreateProjectDrawer {...props} />,
);

const useProjectForm = (defaults: FormInput) =>
  useResourceForm<FormInput, FormOutput>(projectUpdateRequestSchema, defaults);

type ProjectForm = ReturnType<typeof useProjectForm>;

const CreateProjectDrawer = ({
  open,
  onOpenChange,
  client: fixedClient,
}: Extract<ProjectDrawerProps, { mode: 'create' }>) => {
  const id = useId();
  const clients = useClients(fixedClient === null);
  const [chosen, setChosen] = useState('');
  const [clientError, setClientError] = useState<string>();
  const client =
    fixedClient ?? clients.data?.find((candidate) => String(candidate.id) === chosen) ?? null;
  const create = useCreateProject(client?.slug ?? '');
  const form = useProjectForm(blankProject);
  const onSubmit = form.handleSubmit((values) => {
    if (!client) {
      setClientError(FIELD_MESSAGES.required);
      return;
    }
    create.mutate(
      { ...values, client: client.id },
      saveCallbacks(form.setError, FIELDS, (project) =>
        closeWithToast(onOpenChange, `${project.name} was created`),
      ),
    );
  });
  return (
    <ResourceForm
      open={open}
      onOpenChange={onOpenChange}
      title="Create Project"
      description="Links, repositories and design files can be added once the project exists."
      frameClassName="max-w-lg"
      onSubmit={onSubmit}
      saveDisabled={!form.formState.isValid}
      saving={create.isPending}
      rootError={form.formState.errors.root?.message}
    >
      {fixedClient === null && (
        <Field label="Client" htmlFor={`${id}-client`} error={clientError}>
          <NativeSelect
            id={`${id}-client`}
            invalid={Boolean(clientError)}
            value={chosen}
            onChange={(event) => {
              setChosen(event.target.value);
              setClientError(undefined);
            }}
          >
            <option value="">{clients.isPending ? 'Loading clients…' : 'Choose a client'}</option>
            {clients.data?.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      <ProjectFields id={id} form={form} />
    </ResourceForm>
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
  const deletion = useDeletion(useDeleteProject(project));
  const form = useProjectForm(valuesOf(project));
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      values,
      saveCallbacks(form.setError, FIELDS, () =>
        closeWithToast(onOpenChange, 'The project was updated'),
      ),
    ),
  );

  return (
    <ResourceForm
      open={open}
      onOpenChange={onOpenChange}
      title="Update Project"
      description={project.name}
      frameClassName="max-w-lg"
      onSubmit={onSubmit}
      saveDisabled={!form.formState.isValid}
      saving={update.isPending}
      rootError={form.formState.errors.root?.message}
      deletion={deletion(
        undefined,
        {
          label: 'Delete project',
          message: `Are you sure you want to delete ${project.name}? Its phases, notes and milestones are deleted with it.`,
          confirmLabel: 'Delete',
        },
        () => {
          closeWithToast(onOpenChange, `${project.name} was deleted`);
          void navigate('/projects', { replace: true });
        },
      )}
    >
      <ProjectFields id={id} form={form} />
      {PROJECT_LINK_GROUPS.map((group) => (
        <fieldset key={group.title} className="flex flex-col gap-4 border-t border-slate-200 pt-5">
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
    </ResourceForm>
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
