import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import type {
  Project,
  ProjectCreateRequest,
  ProjectListQuery,
  ProjectUpdateRequest,
  ProjectUrlField,
} from '@portal/contract/projects';
import type { Database, Executor } from '../../db/client';
import { clients, projects } from '../../db/schema/index';
import { insertWithUniqueSlug } from '../../db/unique-slug';
import { fieldError } from '../../http/errors';
import { orderByTerms } from '../../http/sorting';
import type { PageWindow } from '../../http/pagination';
import { clientScope, scopeThrough, type Scope } from '../../http/scope';
import { changedFields, record } from '../activity/record';
import { slugSource } from '../clients/service';

type ProjectRow = typeof projects.$inferSelect;
type ProjectInsert = typeof projects.$inferInsert;

/** Wire name → column property of each URL field. */
const URL_COLUMNS = {
  slack_url: 'slackUrl',
  drive_folder_url: 'driveFolderUrl',
  harvest_url: 'harvestUrl',
  staging_url: 'stagingUrl',
  production_url: 'productionUrl',
  figma_url: 'figmaUrl',
  zeplin_url: 'zeplinUrl',
  frontend_repo_url: 'frontendRepoUrl',
  backend_repo_url: 'backendRepoUrl',
  flutter_repo_url: 'flutterRepoUrl',
  android_repo_url: 'androidRepoUrl',
  ios_repo_url: 'iosRepoUrl',
} as const satisfies Record<ProjectUrlField, keyof ProjectRow>;
const URL_ENTRIES = Object.entries(URL_COLUMNS) as [
  ProjectUrlField,
  (typeof URL_COLUMNS)[ProjectUrlField],
][];

export const toProjectDto = (row: ProjectRow): Project => {
  const urls = Object.fromEntries(URL_ENTRIES.map(([wire, column]) => [wire, row[column]]));
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    client: row.clientId,
    vision: row.vision,
    statement_of_work: row.statementOfWork,
    target_date: row.targetDate,
    status: row.status as Project['status'],
    phase: row.phase,
    percentage_complete: row.percentageComplete,
    ...(urls as Record<ProjectUrlField, string | null>),
  };
};

/** The columns a create or update sets; fields absent from the body stay as they are. */
const toColumns = (body: Partial<ProjectUpdateRequest>): Partial<ProjectInsert> => {
  const columns: Partial<ProjectInsert> = {};
  if (body.name !== undefined) columns.name = body.name;
  if (body.vision !== undefined) columns.vision = body.vision;
  if (body.statement_of_work !== undefined) columns.statementOfWork = body.statement_of_work;
  if (body.target_date !== undefined) columns.targetDate = body.target_date;
  if (body.status !== undefined) columns.status = body.status;
  if (body.phase !== undefined) columns.phase = body.phase;
  if (body.percentage_complete !== undefined) columns.percentageComplete = body.percentage_complete;
  for (const [wire, column] of URL_ENTRIES) {
    const value = body[wire];
    if (value !== undefined) columns[column] = value;
  }
  return columns;
};

/**
 * A condition on a project id column keeping the projects the scope may see: everything for
 * staff, the projects of their clients for anyone else. Children of a project (phases, notes,
 * milestones and, later, estimates and test plans) filter through it.
 */
export const projectScope = scopeThrough(projects, 'clientId', clientScope);

/**
 * A `project` reference in a request body: the project if the scope may see it, else a 400 on
 * the field, worded the same whether it does not exist or is someone else's. Called inside the
 * write's transaction, it holds the project (KEY SHARE) so it cannot vanish before the insert.
 */
export const referencedProject = async (
  db: Executor,
  scope: Scope,
  id: number,
  field = 'project',
) => {
  const [row] = await db
    .select({ id: projects.id, clientId: projects.clientId })
    .from(projects)
    .where(and(eq(projects.id, id), clientScope(db, scope, projects.clientId)))
    .limit(1)
    .for('key share');
  if (!row) throw fieldError(field, FIELD_MESSAGES.pkMissing(id));
  return row;
};

/** A project as an activity entry's target, with its own project and client columns. */
export const projectContext = (row: { id: number; name: string; clientId: number }) => ({
  target: { type: 'project', id: row.id, label: row.name } as const,
  project: row.id,
  client: row.clientId,
});

const byName = [asc(sql`lower(${projects.name})`), asc(projects.id)];

/** What `?ordering=` sorts on (issue 19); the client by its name, read beside each row. */
const SORT_COLUMNS = {
  name: sql`lower(${projects.name})`,
  client: sql`(SELECT lower(c.name) FROM clients c WHERE c.id = ${projects.clientId})`,
  status: projects.status,
  target_date: projects.targetDate,
};
const orderOf = (filters: ProjectListQuery) => orderByTerms(filters.ordering, SORT_COLUMNS, byName);

export const createProjectService = (db: Database) => {
  const where = (scope: Scope, filters: ProjectListQuery) =>
    and(
      clientScope(db, scope, projects.clientId),
      filters.client === undefined
        ? undefined
        : inArray(
            projects.clientId,
            db.select({ id: clients.id }).from(clients).where(eq(clients.slug, filters.client)),
          ),
    );

  const findBySlug = async (scope: Scope, slug: string) => {
    const [row] = await db
      .select()
      .from(projects)
      .where(and(eq(projects.slug, slug), clientScope(db, scope, projects.clientId)))
      .limit(1);
    return row ?? null;
  };

  return {
    list: async (scope: Scope, filters: ProjectListQuery, page: (total: number) => PageWindow) => {
      const condition = where(scope, filters);
      const [totals] = await db.select({ total: count() }).from(projects).where(condition);
      const total = totals?.total ?? 0;
      const window = page(total);
      const rows = await db
        .select()
        .from(projects)
        .where(condition)
        .orderBy(...orderOf(filters))
        .limit(window.limit)
        .offset(window.offset);
      return { count: total, window, rows: rows.map(toProjectDto) };
    },

    all: async (scope: Scope, filters: ProjectListQuery) =>
      (
        await db
          .select()
          .from(projects)
          .where(where(scope, filters))
          .orderBy(...orderOf(filters))
      ).map(toProjectDto),

    retrieve: async (scope: Scope, slug: string) => {
      const row = await findBySlug(scope, slug);
      return row && toProjectDto(row);
    },

    create: async (scope: Scope, body: ProjectCreateRequest): Promise<Project> => {
      const row = await insertWithUniqueSlug(db, {
        table: projects,
        slug: projects.slug,
        constraint: 'projects_slug_key',
        base: slugSource(body),
        insert: async (tx, slug) => {
          // Held until the insert commits, so the client cannot be deleted in between.
          const [client] = await tx
            .select({ id: clients.id })
            .from(clients)
            .where(and(eq(clients.id, body.client), clientScope(tx, scope, clients.id)))
            .limit(1)
            .for('key share');
          if (!client) throw fieldError('client', FIELD_MESSAGES.pkMissing(body.client));
          const [inserted] = await tx
            .insert(projects)
            .values({ ...toColumns(body), name: body.name, clientId: client.id, slug })
            .returning();
          if (!inserted) throw new Error('project not created');
          await record(tx, { verb: 'created', ...projectContext(inserted) });
          return inserted;
        },
      });
      return toProjectDto(row);
    },

    /** The slug and the client stay as they are, whatever the body says. */
    update: async (
      scope: Scope,
      slug: string,
      body: Partial<ProjectUpdateRequest>,
    ): Promise<Project | null> => {
      const columns = toColumns(body);
      if (Object.keys(columns).length === 0) {
        const row = await findBySlug(scope, slug);
        return row && toProjectDto(row);
      }
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(projects)
          .set({ ...columns, updatedAt: sql`now()` })
          .where(and(eq(projects.slug, slug), clientScope(tx, scope, projects.clientId)))
          .returning();
        if (updated)
          await record(tx, {
            verb: 'updated',
            ...projectContext(updated),
            data: { fields: changedFields(body) },
          });
        return updated;
      });
      return row ? toProjectDto(row) : null;
    },

    /** Phases, notes and milestones go with the project (foreign keys cascade). */
    destroy: async (scope: Scope, slug: string): Promise<boolean> => {
      return db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(projects)
          .where(and(eq(projects.slug, slug), clientScope(tx, scope, projects.clientId)))
          .returning();
        if (deleted) await record(tx, { verb: 'deleted', ...projectContext(deleted) });
        return deleted !== undefined;
      });
    },
  };
};
