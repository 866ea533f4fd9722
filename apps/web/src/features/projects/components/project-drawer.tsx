import { useId, useState } from 'react';
import { useFormContext, type Path } from 'react-hook-form';
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
import { toast } from '../../../lib/toast';
import {
  remountOnOpen,
  ResourceForm,
  saveCallbacks,
  useDeletion,
  useResourceForm,
  type FormFrameProps,
} from '../../../components/forms/resource-form';
import { DateField, SelectField, TextAreaField, TextField } from '../../../components/forms/fields';
import { usePhases } from '../api/phases';
import { useCreateProject, useDeleteProject, useUpdateProject } from '../api/projects';
import { PROJECT_URL_LABELS } from '../lib/links';
import { Field } from '../../../components/ui/field';
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
  return (
    <ResourceForm
      open={open}
      onOpenChange={onOpenChange}
      title="Create Project"
      description="Links, repositories and design files can be added once the project exists."
      frameClassName="max-w-lg"
      form={form}
      onSave={(values, close) => {
        if (!client) {
          setClientError(FIELD_MESSAGES.required);
          return;
        }
        create.mutate(
          { ...values, client: client.id },
          saveCallbacks(form.setError, FIELDS, (project) => close(`${project.name} was created`)),
        );
      }}
      saving={create.isPending}
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
      <ProjectFields />
    </ResourceForm>
  );
};

const UpdateProjectDrawer = ({
  open,
  onOpenChange,
  project,
}: Extract<ProjectDrawerProps, { mode: 'update' }>) => {
  const navigate = useNavigate();
  const update = useUpdateProject(project.slug);
  const deletion = useDeletion(useDeleteProject(project));
  const form = useProjectForm(valuesOf(project));

  return (
    <ResourceForm
      open={open}
      onOpenChange={onOpenChange}
      title="Update Project"
      description={project.name}
      frameClassName="max-w-lg"
      form={form}
      onSave={(values, close) =>
        update.mutate(
          values,
          saveCallbacks(form.setError, FIELDS, () => close('The project was updated')),
        )
      }
      saving={update.isPending}
      deletion={deletion(
        undefined,
        {
          label: 'Delete project',
          message: `Are you sure you want to delete ${project.name}? Its phases, notes and milestones are deleted with it.`,
          confirmLabel: 'Delete',
        },
        () => {
          // Leaving the page closes the drawer; closing it first would go Back in between.
          toast.success(`${project.name} was deleted`);
          void navigate('/projects', { replace: true });
        },
      )}
    >
      <ProjectFields />
      {PROJECT_LINK_GROUPS.map((group) => (
        <fieldset key={group.title} className="flex flex-col gap-4 border-t border-slate-200 pt-5">
          <legend className="float-left mb-1 w-full text-sm font-semibold text-slate-900">
            {group.title}
          </legend>
          {group.fields.map((field) => (
            <TextField
              key={field}
              name={field}
              label={PROJECT_URL_LABELS[field].field}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://"
            />
          ))}
        </fieldset>
      ))}
    </ResourceForm>
  );
};

/** The fields both modes share. */
const ProjectFields = () => {
  const { watch } = useFormContext<FormInput>();
  const phases = usePhases();
  const currentPhase = String(watch('phase') ?? '');
  const phaseNames = phases.data?.map((phase) => phase.phase_name) ?? [];
  // `phase` is free text: keep a value that is not (or no longer) in the studio's list.
  if (currentPhase && !phaseNames.includes(currentPhase)) phaseNames.unshift(currentPhase);

  return (
    <>
      <TextField name="name" label="Name" />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField name="status" label="Status">
          {PROJECT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {projectStatusLabel(status)}
            </option>
          ))}
        </SelectField>
        <SelectField name="phase" label="Phase">
          <option value="">No phase</option>
          {phaseNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <TextField
          name="percentage_complete"
          label="Completion %"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
        />
        <DateField name="target_date" label="Target date" placeholder="No target date" />
      </div>
      <TextAreaField name="vision" label="Vision" rows={4} />
      <TextAreaField name="statement_of_work" label="Statement of work" rows={6} />
    </>
  );
};
