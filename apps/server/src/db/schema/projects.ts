import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { NOTE_STATUSES, PROJECT_STATUSES } from '@portal/contract/projects';
import { clients, slugFormatCheck } from './clients';
import { createdAt, deletedAt, isOneOf, notBlank, parentId, serialId, updatedAt } from './columns';

const url = (name: string) => varchar(name, { length: 2048 });

export const projects = pgTable(
  'projects',
  {
    id: serialId(),
    // A client with projects cannot be deleted: its projects go first (decision 0007).
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 255 }).notNull(),
    slug: varchar('slug', { length: 255 }).notNull(),
    vision: text('vision').notNull().default(''),
    statementOfWork: text('statement_of_work').notNull().default(''),
    targetDate: date('target_date'),
    status: varchar('status', { length: 20 }).notNull().default('not_started'),
    phase: varchar('phase', { length: 255 }).notNull().default(''),
    percentageComplete: integer('percentage_complete').notNull().default(0),
    slackUrl: url('slack_url'),
    driveFolderUrl: url('drive_folder_url'),
    harvestUrl: url('harvest_url'),
    stagingUrl: url('staging_url'),
    productionUrl: url('production_url'),
    figmaUrl: url('figma_url'),
    zeplinUrl: url('zeplin_url'),
    frontendRepoUrl: url('frontend_repo_url'),
    backendRepoUrl: url('backend_repo_url'),
    flutterRepoUrl: url('flutter_repo_url'),
    androidRepoUrl: url('android_repo_url'),
    iosRepoUrl: url('ios_repo_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('projects_slug_key').on(t.slug),
    index('projects_client_idx').on(t.clientId),
    index('projects_name_idx').on(sql`lower(${t.name})`, t.id),
    check('projects_slug_format', slugFormatCheck(t.slug)),
    check('projects_name_not_blank', notBlank(t.name)),
    check('projects_status_known', isOneOf(t.status, PROJECT_STATUSES)),
    check('projects_percentage_range', sql`${t.percentageComplete} BETWEEN 0 AND 100`),
  ],
);

/** The studio's list of phase names, seeded by a migration. */
export const phases = pgTable(
  'phases',
  {
    id: serialId(),
    phaseName: varchar('phase_name', { length: 100 }).notNull(),
  },
  (t) => [
    uniqueIndex('phases_phase_name_key').on(sql`lower(${t.phaseName})`),
    check('phases_phase_name_not_blank', notBlank(t.phaseName)),
  ],
);

export const projectPhases = pgTable(
  'project_phases',
  {
    id: serialId(),
    projectId: parentId('project_id', () => projects.id),
    // A phase in use cannot be deleted (decision 0007).
    phaseId: integer('phase_id')
      .notNull()
      .references(() => phases.id, { onDelete: 'restrict' }),
    completed: date('completed'),
  },
  (t) => [
    uniqueIndex('project_phases_project_phase_key').on(t.projectId, t.phaseId),
    index('project_phases_phase_idx').on(t.phaseId),
  ],
);

export const projectNotes = pgTable(
  'project_notes',
  {
    id: serialId(),
    projectId: parentId('project_id', () => projects.id),
    content: text('content').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('open'),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('project_notes_project_idx').on(t.projectId, t.createdAt),
    index('project_notes_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    check('project_notes_status_known', isOneOf(t.status, NOTE_STATUSES)),
    check('project_notes_content_not_blank', notBlank(t.content)),
  ],
);

export const milestones = pgTable(
  'milestones',
  {
    id: serialId(),
    projectId: parentId('project_id', () => projects.id),
    name: varchar('name', { length: 255 }).notNull(),
    // 0-based position among the project's milestones, kept gap-free by http/ordering.ts.
    order: integer('order').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('milestones_project_order_key').on(t.projectId, t.order),
    check('milestones_order_not_negative', sql`${t.order} >= 0`),
    check('milestones_name_not_blank', notBlank(t.name)),
  ],
);
