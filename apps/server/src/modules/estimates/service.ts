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
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { Database, Executor } from '../../db/client';
import {
  clients,
  clientUsers,
  estimateItems,
  estimates,
  estimateSections,
  projects,
} from '../../db/schema/index';
import { fieldError } from '../../http/errors';
import { RawJson } from '../../http/raw-json';
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

/** The estimate's id and `fields` (of it, its project, its client), scope checked, in one statement. */
const scopedEstimateQuery = <Fields extends SelectedFields>(
  db: Executor,
  scoped: boolean,
  fields: Fields,
) =>
  db
    .select({ id: estimates.id, ...fields })
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

/** The estimate's header columns and `fields`, scope checked (see `scopedEstimateQuery`). */
const detailQuery = <Fields extends SelectedFields>(
  db: Executor,
  scoped: boolean,
  fields: Fields,
) => scopedEstimateQuery(db, scoped, { ...headerColumns, ...fields });

const ownSections = () => sectionsJson(eq(estimateSections.estimateId, estimates.id));

/**
 * The estimate detail in ONE statement whatever its size: the estimate with its project and
 * client (scope checked in the same statement) and, as a JSON value built by PostgreSQL, every
 * section with its items. The estimate's totals add up the sections' exact sums in cents.
 */
const detailStatement = (db: Executor, scoped: boolean) =>
  detailQuery(db, scoped, { sections: ownSections() });

/** Hours of every item of the estimate, summed exactly by PostgreSQL (as `sumHours` does). */
const itemHoursTotal = (column: 'hours_low' | 'hours_high') =>
  sql<string>`(SELECT coalesce(sum(i.${sql.raw(column)}), 0)::numeric(20, 2)::text
    FROM ${estimateItems} AS i JOIN ${estimateSections} AS s ON s.id = i.section_id
    WHERE s.estimate_id = ${estimates.id})`;

/**
 * The same detail for `GET /api/estimates/{id}/`, the hottest read of the portal: the sections
 * come back as PostgreSQL's JSON text and go out untouched (decision 0024), with the totals
 * summed in the same statement, so Node neither parses, validates nor re-serialises ~50 KB per
 * request. Tests parse this answer against `estimateDetailSchema` and compare it with
 * `readEstimateDetail`, so the shape stays proven.
 */
const detailJsonStatement = (db: Executor, scoped: boolean) =>
  detailQuery(db, scoped, {
    revision: estimates.revision,
    sectionsText: sql<string>`${ownSections()}::text`,
    totalLow: itemHoursTotal('hours_low'),
    totalHigh: itemHoursTotal('hours_high'),
  });

/** Only the estimate's stamp (decision 0039), scope checked: what a kept detail is valid for. */
const revisionStatement = (db: Executor, scoped: boolean) =>
  scopedEstimateQuery(db, scoped, { revision: estimates.revision });

type DetailRow = Awaited<ReturnType<ReturnType<typeof detailStatement>['execute']>>[number];
type DetailJsonRow = Awaited<ReturnType<ReturnType<typeof detailJsonStatement>['execute']>>[number];
type RevisionRow = Awaited<ReturnType<ReturnType<typeof revisionStatement>['execute']>>[number];

/** The detail's fields after its sections, from the exact sums of its items' hours. */
const totalsOf = (row: HeaderRow, low: string, high: string) => {
  const { hourlyRate: rate, currency } = row;
  const safe = safeHours(high, row.safeModifier);
  return {
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

const toDetailDto = (row: DetailRow): EstimateDetail => {
  const { sections } = row;
  const low = sumHours(sections.map((s) => s.total_hours_low));
  const high = sumHours(sections.map((s) => s.total_hours_high));
  return { ...toEstimateDto(row), sections, ...totalsOf(row, low, high) };
};

/** The wire text of the detail, keys in the schema's order, the sections spliced in as is. */
const toDetailJson = (row: DetailJsonRow): RawJson => {
  const head = JSON.stringify(toEstimateDto(row));
  const tail = JSON.stringify(totalsOf(row, row.totalLow, row.totalHigh));
  return new RawJson(`${head.slice(0, -1)},"sections":${row.sectionsText},${tail.slice(1)}`);
};

/** The detail as staff see it, read on `tx` (inside a write's transaction: a version's snapshot). */
export const readEstimateDetail = async (tx: Executor, id: number) => {
  const [row] = await detailStatement(tx, false).execute({ id });
  return row ? toDetailDto(row) : null;
};

/** Bytes of detail text a process keeps, least recently read dropped first. */
const KEPT_DETAIL_BYTES = 32 * 1024 * 1024;

/**
 * The details' texts by estimate id, each with the stamp it was built for. Nothing is ever read
 * from here without the stamp read from PostgreSQL in the same request, so every process of
 * every instance answers what the database holds (decision 0039).
 */
const keptDetails = () =>
  new LRUCache<number, { revision: number; json: RawJson }>({
    maxSize: KEPT_DETAIL_BYTES,
    sizeCalculation: ({ json }) => json.text.length,
  });

/** The hottest read of the portal, so every variant (staff, member; object, text) is prepared once. */
export const createEstimateDetailReader = (db: Database) => {
  /**
   * Both scopes of `statement`, prepared once; runs the one `scope` calls for — inside a
   * transaction when given one (a create answers what its own transaction wrote, issue 28).
   */
  const scoped = <Row>(
    name: string,
    statement: (
      db: Executor,
      scoped: boolean,
    ) => {
      prepare: (name: string) => { execute: (params: Record<string, unknown>) => Promise<Row[]> };
    },
  ) => {
    const prepare = (executor: Executor) => ({
      staff: statement(executor, false).prepare(`${name}_staff`),
      member: statement(executor, true).prepare(`${name}_member`),
    });
    const onPool = prepare(db);
    return async (scope: Scope, id: number, tx?: Executor) => {
      const { staff, member } = tx ? prepare(tx) : onPool;
      const [row] =
        scope.kind === 'staff'
          ? await staff.execute({ id })
          : await member.execute({ id, userId: scope.userId });
      return row;
    };
  };
  const detail = scoped<DetailRow>('estimate_detail', detailStatement);
  const detailJson = scoped<DetailJsonRow>('estimate_detail_json', detailJsonStatement);
  const revision = scoped<RevisionRow>('estimate_revision', revisionStatement);
  const kept = keptDetails();

  return {
    read: async (scope: Scope, id: number, tx?: Executor): Promise<EstimateDetail | null> => {
      const row = await detail(scope, id, tx);
      return row ? toDetailDto(row) : null;
    },
    /**
     * The same detail as its JSON text (see `detailJsonStatement`). While the estimate keeps its
     * stamp the text kept for that stamp is the answer (decision 0039): one primary-key read that
     * also checks the scope, instead of PostgreSQL building 50 KB of JSON again.
     */
    json: async (scope: Scope, id: number): Promise<RawJson | null> => {
      const current = await revision(scope, id);
      if (!current) return null;
      const hit = kept.get(id);
      if (hit?.revision === current.revision) return hit.json;
      const row = await detailJson(scope, id);
      if (!row) return null;
      const json = toDetailJson(row);
      // A slower reader of an older snapshot never replaces a newer text.
      if (hit === undefined || hit.revision < row.revision)
        kept.set(id, { revision: row.revision, json });
      return json;
    },
  };
};

export const createEstimateService = (db: Database) => {
  const reader = createEstimateDetailReader(db);
  const estimateDetail = reader.read;
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
    /** `retrieve` as the JSON text the route sends untouched. */
    retrieveJson: reader.json,

    create: async (scope: Scope, body: EstimateCreateRequest): Promise<EstimateDetail> => {
      requireCurrencyWithRate(body.hourly_rate ?? null, body.currency ?? '');
      return db.transaction(async (tx) => {
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
        const detail = await estimateDetail(scope, row.id, tx);
        if (!detail) throw new Error('estimate not readable after create');
        return detail;
      });
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
