import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_SAFE_MODIFIER,
  ESTIMATE_MESSAGES,
  priceOf,
  safeHours,
  sumHours,
  type Estimate,
  type EstimateCreateRequest,
  type EstimateDetail,
  type EstimateListItem,
  type EstimateListQuery,
  type EstimateUpdateRequest,
} from '@portal/contract/estimates';
import type { Database, Executor } from '../../db/client';
import { clients, clientUsers, estimates, estimateSections, projects } from '../../db/schema/index';
import { fieldError } from '../../http/errors';
import type { PageWindow } from '../../http/pagination';
import { orderByTerms } from '../../http/sorting';
import { clientScope, type Scope } from '../../http/scope';
import { referencedProject } from '../projects/service';
import { estimateScope } from './scope';
import { sectionsJson } from './sections-query';
import { changedFields, record } from '../activity/record';
import { onEstimate } from './activity';

type EstimateInsert = typeof estimates.$inferInsert;

/** An estimate with its project and client, as lists and details show it. */
const headerColumns = {
  id: estimates.id,
  name: estimates.name,
  description: estimates.description,
  scopeOfWork: estimates.scopeOfWork,
  deliverables: estimates.deliverables,
  notIncluded: estimates.notIncluded,
  safeModifier: estimates.safeModifier,
  hourlyRate: estimates.hourlyRate,
  currency: estimates.currency,
  project: { id: projects.id, name: projects.name, slug: projects.slug },
  client: { id: clients.id, name: clients.name, slug: clients.slug },
};

type HeaderRow = {
  id: number;
  name: string;
  description: string;
  scopeOfWork: string;
  deliverables: string;
  notIncluded: string;
  safeModifier: string;
  hourlyRate: string | null;
  currency: string;
  project: { id: number; name: string; slug: string };
  client: { id: number; name: string; slug: string };
};

const toEstimateDto = (row: HeaderRow): Estimate => ({
  id: row.id,
  project: { ...row.project, client: row.client },
  name: row.name,
  description: row.description,
  scope_of_work: row.scopeOfWork,
  deliverables: row.deliverables,
  not_included: row.notIncluded,
  safe_modifier: row.safeModifier,
});

const toColumns = (body: Partial<EstimateUpdateRequest>): Partial<EstimateInsert> => {
  const columns: Partial<EstimateInsert> = {};
  if (body.name !== undefined) columns.name = body.name;
  if (body.description !== undefined) columns.description = body.description;
  if (body.scope_of_work !== undefined) columns.scopeOfWork = body.scope_of_work;
  if (body.deliverables !== undefined) columns.deliverables = body.deliverables;
  if (body.not_included !== undefined) columns.notIncluded = body.not_included;
  if (body.safe_modifier !== undefined) columns.safeModifier = body.safe_modifier;
  if (body.hourly_rate !== undefined) columns.hourlyRate = body.hourly_rate;
  if (body.currency !== undefined) columns.currency = body.currency;
  return columns;
};

/** An hourly rate needs a currency to be a price (400 on `currency`). */
const requireCurrencyWithRate = (rate: string | null, currency: string) => {
  if (rate !== null && currency === '')
    throw fieldError('currency', ESTIMATE_MESSAGES.currencyRequired);
};

const byName = [asc(sql`lower(${estimates.name})`), asc(estimates.id)];

/** The sum of an estimate's high hours, exact, as the list row shows it. */
const totalHoursHigh = sql<string>`(SELECT coalesce(sum(i.hours_high), 0)::numeric(12,2)::text
  FROM estimate_sections s JOIN estimate_items i ON i.section_id = s.id
  WHERE s.estimate_id = ${estimates.id})`;
/** The latest version's status; null for a draft never sent (the versions' unique index). */
const latestStatus = sql<EstimateListItem['status']>`(SELECT v.status FROM estimate_versions v
  WHERE v.estimate_id = ${estimates.id} ORDER BY v.number DESC LIMIT 1)`;

/** What `?ordering=` sorts on (issue 19); drafts sort before any sent status. */
const SORT_COLUMNS = {
  name: sql`lower(${estimates.name})`,
  project: sql`lower(${projects.name})`,
  status: sql`coalesce(${latestStatus}, '')`,
  total: sql`(${totalHoursHigh})::numeric`,
};

/**
 * The estimate detail in ONE statement whatever its size: the estimate with its project and
 * client (scope checked in the same statement) and, as a JSON value built by PostgreSQL, every
 * section with its items. The estimate's totals add up the sections' exact sums in cents.
 */
const detailStatement = (db: Executor, scoped: boolean) =>
  db
    .select({
      ...headerColumns,
      sections: sectionsJson(eq(estimateSections.estimateId, estimates.id)),
    })
    .from(estimates)
    .innerJoin(projects, eq(projects.id, estimates.projectId))
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(
      and(
        eq(estimates.id, sql.placeholder('id')),
        scoped
          ? inArray(
              projects.clientId,
              db
                .select({ id: clientUsers.clientId })
                .from(clientUsers)
                .where(eq(clientUsers.userId, sql.placeholder('userId'))),
            )
          : undefined,
      ),
    )
    .limit(1);

type DetailRow = Awaited<ReturnType<ReturnType<typeof detailStatement>['execute']>>[number];

const toDetailDto = (row: DetailRow): EstimateDetail => {
  const { sections, hourlyRate: rate, currency } = row;
  const low = sumHours(sections.map((s) => s.total_hours_low));
  const high = sumHours(sections.map((s) => s.total_hours_high));
  const safe = safeHours(high, row.safeModifier);
  return {
    ...toEstimateDto(row),
    sections,
    total_hours_low: low,
    total_hours_high: high,
    total_hours_safe: safe,
    hourly_rate: rate,
    currency,
    price:
      rate === null || currency === ''
        ? null
        : { low: priceOf(low, rate), high: priceOf(high, rate), safe: priceOf(safe, rate) },
  };
};

/** The detail as staff see it, read on `tx` (inside a write's transaction: a version's snapshot). */
export const readEstimateDetail = async (tx: Executor, id: number) => {
  const [row] = await detailStatement(tx, false).execute({ id });
  return row ? toDetailDto(row) : null;
};

/** The hottest read of the portal, so both variants (staff, member) are prepared once. */
export const createEstimateDetailReader = (db: Database) => {
  const staff = detailStatement(db, false).prepare('estimate_detail_staff');
  const member = detailStatement(db, true).prepare('estimate_detail_member');

  return async (scope: Scope, id: number): Promise<EstimateDetail | null> => {
    const [row] =
      scope.kind === 'staff'
        ? await staff.execute({ id })
        : await member.execute({ id, userId: scope.userId });
    return row ? toDetailDto(row) : null;
  };
};

export const createEstimateService = (db: Database) => {
  const estimateDetail = createEstimateDetailReader(db);
  const where = (scope: Scope, filters: EstimateListQuery) =>
    and(
      clientScope(db, scope, projects.clientId),
      filters.project === undefined ? undefined : eq(estimates.projectId, filters.project),
    );

  return {
    list: async (scope: Scope, filters: EstimateListQuery, page: (total: number) => PageWindow) => {
      const condition = where(scope, filters);
      const [totals] = await db
        .select({ total: count() })
        .from(estimates)
        .innerJoin(projects, eq(projects.id, estimates.projectId))
        .where(condition);
      const total = totals?.total ?? 0;
      const window = page(total);
      const rows = await db
        .select({ ...headerColumns, totalHoursHigh, status: latestStatus })
        .from(estimates)
        .innerJoin(projects, eq(projects.id, estimates.projectId))
        .innerJoin(clients, eq(clients.id, projects.clientId))
        .where(condition)
        .orderBy(...orderByTerms(filters.ordering, SORT_COLUMNS, byName))
        .limit(window.limit)
        .offset(window.offset);
      return {
        count: total,
        window,
        rows: rows.map((row): EstimateListItem => ({
          ...toEstimateDto(row),
          total_hours_high: row.totalHoursHigh,
          status: row.status,
        })),
      };
    },

    retrieve: estimateDetail,

    create: async (scope: Scope, body: EstimateCreateRequest): Promise<EstimateDetail> => {
      requireCurrencyWithRate(body.hourly_rate ?? null, body.currency ?? '');
      const id = await db.transaction(async (tx) => {
        const project = await referencedProject(tx, scope, body.project);
        const [row] = await tx
          .insert(estimates)
          .values({
            safeModifier: DEFAULT_SAFE_MODIFIER,
            ...toColumns(body),
            name: body.name,
            projectId: project.id,
          })
          .returning({ id: estimates.id });
        if (!row) throw new Error('estimate not created');
        await record(tx, { verb: 'created', ...onEstimate(row.id) });
        return row.id;
      });
      const detail = await estimateDetail(scope, id);
      if (!detail) throw new Error('estimate vanished after create');
      return detail;
    },

    /** `project` may change (to another project in scope); everything else as sent. */
    update: async (scope: Scope, id: number, body: Partial<EstimateUpdateRequest>) => {
      const updated = await db.transaction(async (tx) => {
        const columns = toColumns(body);
        if (body.hourly_rate !== undefined || body.currency !== undefined) {
          // The pair is checked as it will be stored, the half not sent read under the row lock.
          const [stored] = await tx
            .select({ rate: estimates.hourlyRate, currency: estimates.currency })
            .from(estimates)
            .where(eq(estimates.id, id))
            .for('update');
          if (stored)
            requireCurrencyWithRate(
              body.hourly_rate === undefined ? stored.rate : body.hourly_rate,
              body.currency ?? stored.currency,
            );
        }
        if (body.project !== undefined)
          columns.projectId = (await referencedProject(tx, scope, body.project)).id;
        const [row] = await tx
          .update(estimates)
          .set({ ...columns, updatedAt: sql`now()` })
          .where(and(eq(estimates.id, id), estimateScope(tx, scope, estimates.id)))
          .returning({ id: estimates.id });
        if (row)
          await record(tx, {
            verb: 'updated',
            ...onEstimate(row.id),
            data: { fields: changedFields(body) },
          });
        return row !== undefined;
      });
      return updated ? estimateDetail(scope, id) : null;
    },

    /** Sections, items and comments go with it (foreign keys cascade). */
    destroy: async (scope: Scope, id: number) => {
      return db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(estimates)
          .where(and(eq(estimates.id, id), estimateScope(tx, scope, estimates.id)))
          .returning({ id: estimates.id, name: estimates.name, projectId: estimates.projectId });
        if (deleted)
          await record(tx, {
            verb: 'deleted',
            target: { type: 'estimate', id, label: deleted.name },
            project: deleted.projectId,
          });
        return deleted !== undefined;
      });
    },
  };
};
