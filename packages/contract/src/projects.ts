import { z } from 'zod';
import { orderingField, PROJECT_ORDERING_FIELDS } from './sorting';
import { NAME_MAX_LENGTH, SLUG_MAX_LENGTH } from './clients';
import { paginated } from './common';
import {
  blankableTextField,
  choiceField,
  integerField,
  listByParentQuery,
  nullableDateField,
  optionalUrlField,
  pkField,
  requestBody,
  textField,
} from './fields';

export const PROJECT_STATUSES = [
  'not_started',
  'in_progress',
  'on_hold',
  'complete',
  'cancelled',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  not_started: 'Not Started',
  in_progress: 'In Progress',
  on_hold: 'On Hold',
  complete: 'Complete',
  cancelled: 'Cancelled',
};

/** The project's link groups (spec §2), each shown only when one of its URLs is set. */
export const PROJECT_LINK_GROUPS = [
  { title: 'External Urls', fields: ['slack_url', 'drive_folder_url', 'harvest_url'] },
  { title: 'Live Site Urls', fields: ['staging_url', 'production_url'] },
  { title: 'Design Urls', fields: ['figma_url', 'zeplin_url'] },
  {
    title: 'Repo Urls',
    fields: [
      'frontend_repo_url',
      'backend_repo_url',
      'flutter_repo_url',
      'android_repo_url',
      'ios_repo_url',
    ],
  },
] as const;
export type ProjectUrlField = (typeof PROJECT_LINK_GROUPS)[number]['fields'][number];
export const PROJECT_URL_FIELDS: readonly ProjectUrlField[] = PROJECT_LINK_GROUPS.flatMap(
  (group) => group.fields,
);

export const LONG_TEXT_MAX_LENGTH = 20_000;
export const PHASE_TEXT_MAX_LENGTH = 255;

const urlShape = {
  slack_url: z.string().nullable(),
  drive_folder_url: z.string().nullable(),
  harvest_url: z.string().nullable(),
  staging_url: z.string().nullable(),
  production_url: z.string().nullable(),
  figma_url: z.string().nullable(),
  zeplin_url: z.string().nullable(),
  frontend_repo_url: z.string().nullable(),
  backend_repo_url: z.string().nullable(),
  flutter_repo_url: z.string().nullable(),
  android_repo_url: z.string().nullable(),
  ios_repo_url: z.string().nullable(),
} satisfies Record<ProjectUrlField, z.ZodType>;

export const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  client: z.number().int(),
  vision: z.string(),
  statement_of_work: z.string(),
  /** `yyyy-MM-dd` or null. */
  target_date: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  /** The name of the current phase: free text, usually one of the phases list. */
  phase: z.string(),
  percentage_complete: z.number().int(),
  ...urlShape,
});
export type Project = z.infer<typeof projectSchema>;
export const projectListSchema = paginated(projectSchema);
export const projectArraySchema = z.array(projectSchema);

export const projectListQuerySchema = z.object({
  /** A client's slug. */
  client: z.string().max(SLUG_MAX_LENGTH).optional(),
  /** `name`, `client`, `status`, `target_date`, `-` first for descending; by name when absent. */
  ordering: orderingField(PROJECT_ORDERING_FIELDS),
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

const url = () => optionalUrlField().optional();
const urlWriteShape = {
  slack_url: url(),
  drive_folder_url: url(),
  harvest_url: url(),
  staging_url: url(),
  production_url: url(),
  figma_url: url(),
  zeplin_url: url(),
  frontend_repo_url: url(),
  backend_repo_url: url(),
  flutter_repo_url: url(),
  android_repo_url: url(),
  ios_repo_url: url(),
} satisfies Record<ProjectUrlField, z.ZodType>;

/** Every field a project write may carry besides `client` and `slug`. */
const projectFieldsShape = {
  name: textField(NAME_MAX_LENGTH),
  vision: blankableTextField(LONG_TEXT_MAX_LENGTH).optional(),
  statement_of_work: blankableTextField(LONG_TEXT_MAX_LENGTH).optional(),
  target_date: nullableDateField().optional(),
  status: choiceField(PROJECT_STATUSES).optional(),
  phase: blankableTextField(PHASE_TEXT_MAX_LENGTH).optional(),
  percentage_complete: integerField({ min: 0, max: 100 }).optional(),
  ...urlWriteShape,
};

/** `POST /api/projects/`: `client` is the client's id; the slug comes from the name. */
export const projectCreateRequestSchema = requestBody({
  client: pkField(),
  slug: z
    .string({ error: 'Not a valid string.' })
    .trim()
    .max(SLUG_MAX_LENGTH, `Ensure this field has no more than ${SLUG_MAX_LENGTH} characters.`)
    .nullish(),
  ...projectFieldsShape,
});
export type ProjectCreateRequest = z.infer<typeof projectCreateRequestSchema>;

/** `PUT`/`PATCH /api/projects/{slug}/`: `slug` and `client` never change (sent ones are ignored). */
export const projectUpdateRequestSchema = requestBody(projectFieldsShape);
export type ProjectUpdateRequest = z.infer<typeof projectUpdateRequestSchema>;

// Phases: the studio's list of phase names.

export const phaseSchema = z.object({ id: z.number().int(), phase_name: z.string() });
export type Phase = z.infer<typeof phaseSchema>;
export const phaseListSchema = paginated(phaseSchema);
export const PHASE_NAME_MAX_LENGTH = 100;
export const phaseWriteRequestSchema = requestBody({
  phase_name: textField(PHASE_NAME_MAX_LENGTH),
});
export type PhaseWriteRequest = z.infer<typeof phaseWriteRequestSchema>;

// Project phases: which phases a project goes through, and when each was completed.

export const projectPhaseSchema = z.object({
  id: z.number().int(),
  project: z.number().int(),
  phase: phaseSchema,
  /** `yyyy-MM-dd` when complete, null while not. */
  completed: z.string().nullable(),
});
export type ProjectPhase = z.infer<typeof projectPhaseSchema>;
export const projectPhaseListSchema = paginated(projectPhaseSchema);

export const projectChildQuerySchema = listByParentQuery('project');

export const projectPhaseCreateRequestSchema = requestBody({
  project: pkField(),
  phase: pkField(),
  completed: nullableDateField().optional(),
});
export type ProjectPhaseCreateRequest = z.infer<typeof projectPhaseCreateRequestSchema>;

/** `PUT`/`PATCH /api/project-phases/{id}/`: the project never changes (a sent one is ignored). */
export const projectPhaseUpdateRequestSchema = requestBody({
  phase: pkField(),
  completed: nullableDateField().optional(),
});
export type ProjectPhaseUpdateRequest = z.infer<typeof projectPhaseUpdateRequestSchema>;

// Project notes.

export const NOTE_STATUSES = ['open', 'on_hold', 'complete', 'abandoned'] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];
export const NOTE_STATUS_LABELS: Record<NoteStatus, string> = {
  open: 'Open',
  on_hold: 'On Hold',
  complete: 'Complete',
  abandoned: 'Abandoned',
};
export const NOTE_MAX_LENGTH = 10_000;

export const projectNoteSchema = z.object({
  id: z.number().int(),
  project: z.number().int(),
  content: z.string(),
  status: z.enum(NOTE_STATUSES),
  /** ISO 8601 with time zone. */
  created_at: z.string(),
});
export type ProjectNote = z.infer<typeof projectNoteSchema>;
export const projectNoteListSchema = paginated(projectNoteSchema);

export const projectNoteCreateRequestSchema = requestBody({
  project: pkField(),
  content: textField(NOTE_MAX_LENGTH),
  status: choiceField(NOTE_STATUSES).optional(),
});
export type ProjectNoteCreateRequest = z.infer<typeof projectNoteCreateRequestSchema>;

export const projectNoteUpdateRequestSchema = requestBody({
  content: textField(NOTE_MAX_LENGTH),
  status: choiceField(NOTE_STATUSES).optional(),
});
export type ProjectNoteUpdateRequest = z.infer<typeof projectNoteUpdateRequestSchema>;

export const PROJECT_MESSAGES = {
  duplicatePhase: 'This phase is already part of the project.',
  duplicatePhaseName: 'A phase with this name already exists.',
  phaseInUse: 'This phase is used by projects. Remove it from them first.',
} as const;
