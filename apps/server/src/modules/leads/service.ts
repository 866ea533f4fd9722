import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  LEAD_LIMITS,
  type Lead,
  type LeadConversionTarget,
  type LeadCreateRequest,
  type LeadListQuery,
  type LeadPublicRequest,
  type LeadUpdateRequest,
} from '@portal/contract/leads';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { createStatementNames, integerLiteral } from '../../db/statement-names';
import { everyWordInLowered, searchWords } from '../../db/word-search';
import { leadComments, leads } from '../../db/schema/index';
import type { PageWindow } from '../../http/pagination';
import type { Cursor, CursorRows } from '../../http/cursor';
import { afterPosition } from '../../db/keyset';
import {
  leadKey,
  orderBy,
  positionOf,
  readPosition,
  reversedKey,
  writePosition,
  type LeadKey,
} from './list-order';
import { RawJson } from '../../http/raw-json';
import { enqueueStaffEmail } from '../../mail/outbox';
import { notifyNewLead } from '../notifications/notify';
import { mergeTouchMetadata } from './duplicates';
import { newLeadEmail } from './emails';
import { changedFields, record, type ActivityEntry } from '../activity/record';
import { emailBrand } from '../../mail/format';

export type LeadRow = typeof leads.$inferSelect;

/** A lead row as the wire has it, before its conversion targets are looked up. */
export const toLeadDto = (row: LeadRow): Omit<Lead, 'converted_client' | 'converted_project'> => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  phone: row.phone,
  email: row.email,
  company: row.company,
  title: row.title,
  status: row.status,
  notes: row.notes,
  message: row.message,
  metadata: row.metadata,
  created_at: row.createdAt.toISOString(),
});

/**
 * The list filters as one WHERE condition. Every word of the search must appear somewhere in
 * the lead's search text; each word is a `LIKE` on `search_text`, the column `leads_search_trgm`
 * indexes, so the planner answers it from the trigram index. The column is lowercased by
 * PostgreSQL and so is the word (`lower()` in the database's collation, the same folding as the
 * column's), so a byte-wise `LIKE` matches what `ILIKE` on the five columns matched.
 */
export const leadListCondition = (filters: LeadListQuery): SQL => {
  const status = filters.status ? eq(leads.status, filters.status) : undefined;
  return and(everyWordInLowered(leads.searchText, filters.search ?? ''), status) ?? sql`true`;
};

// The timestamp is formatted by PostgreSQL exactly as Date#toISOString() writes it (UTC, ms),
// because raw queries through Drizzle return timestamps as text in the session's own format.
const LEAD_COLUMNS = sql.raw(
  `leads.id, leads.first_name, leads.last_name, leads.phone, leads.email, leads.company,
   leads.title, leads.status, leads.notes, leads.message, leads.metadata,
   to_char(leads.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
   (SELECT json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) FROM clients c
     WHERE c.id = leads.converted_client_id) AS converted_client,
   (SELECT json_build_object('id', p.id, 'name', p.name, 'slug', p.slug) FROM projects p
     WHERE p.id = leads.converted_project_id) AS converted_project`,
);

type LeadRecord = {
  id: number;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  company: string;
  title: string;
  status: string;
  notes: string;
  message: string;
  metadata: Record<string, string>;
  created_at: string;
  converted_client: LeadConversionTarget | null;
  converted_project: LeadConversionTarget | null;
};

// A page's leads as stored: the list writes their JSON from these once the page is cut.
const LEAD_ROW_COLUMNS = sql.raw(
  `leads.id, leads.first_name, leads.last_name, leads.phone, leads.email, leads.company,
   leads.title, leads.status, leads.notes, leads.message, leads.metadata, leads.created_at,
   leads.converted_client_id, leads.converted_project_id`,
);

// JavaScript lists an object's integer-like keys ("2", "10") first, in numeric order, then the
// others in the order they came: pg's JSON.parse of a jsonb did that to `metadata` before it
// was serialised again, so the list's JSON orders them the same way. A `__proto__` key, which
// zod's record left out, is left out too.
const ARRAY_INDEX_FIRST = `CASE WHEN m.key ~ '^(0|[1-9][0-9]{0,9})$' AND m.key::bigint < 4294967295
  THEN m.key::bigint END NULLS LAST`;

/**
 * A list entry's JSON text, written by PostgreSQL from the page row `p` exactly as
 * `JSON.stringify` wrote the `leadSchema` object (decision 0032): `row_to_json` writes compact
 * JSON — no spaces — with the columns' names in their order, which are the schema's keys in the
 * schema's order; text is escaped as `JSON.stringify` escapes it (`"`, `\\`, control characters as
 * `\n` or `\u001f`, nothing else); the instant is formatted as `Date#toISOString()` formats it.
 * `metadata` is jsonb, whose own text has spaces, so it is written again key by key;
 * `converted_client`/`_project` are `{id, name, slug}` or null. `list-json.test.ts` compares it
 * byte for byte with the schema's serialisation on awkward data.
 */
const leadJson = (p: string) =>
  sql.raw(`(SELECT row_to_json(l)::text FROM (SELECT ${p}.id, ${p}.first_name, ${p}.last_name,
   ${p}.phone, ${p}.email, ${p}.company, ${p}.title, ${p}.status, ${p}.notes, ${p}.message,
   (SELECT coalesce('{' || string_agg(to_json(m.key)::text || ':' || m.value::text, ','
                                      ORDER BY ${ARRAY_INDEX_FIRST}, m.n) || '}', '{}')
      FROM jsonb_each(${p}.metadata) WITH ORDINALITY AS m(key, value, n)
      WHERE m.key <> '__proto__')::json AS metadata,
   to_char(${p}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
   (SELECT row_to_json(t) FROM (SELECT c.id, c.name, c.slug FROM clients c
     WHERE c.id = ${p}.converted_client_id) AS t) AS converted_client,
   (SELECT row_to_json(t) FROM (SELECT j.id, j.name, j.slug FROM projects j
     WHERE j.id = ${p}.converted_project_id) AS t) AS converted_project) AS l)`);

/**
 * One page of the leads `where` matches, in `key`'s order, as stored rows — a deferred join
 * (decision 0054): the page's ids are picked from the ordering's index alone (an index-only
 * scan: every index of the list's orders holds the columns it sorts and filters on), and only
 * those rows are read. Reading whole rows up to the page, as a plain OFFSET does, fetched every
 * skipped lead from the table — 4,000 heap pages for page 200, against ~20 index pages. The
 * rows come back unordered; `pageJson` and `countedPage` order them again.
 *
 * The limit and offset are written into the text, not sent as parameters: the list runs as a
 * named statement (a name per page of a shape, `createStatementNames`), and PostgreSQL plans a
 * named statement once — a generic plan — only when that plan does not look dearer than planning
 * each run; for a limit and offset it cannot see it guesses a tenth of the table, so it planned
 * every run (0.35–0.6 ms of a page's ~1 ms). The ids are an array (`= ANY(ARRAY(…))`), not a
 * subquery joined (`IN (…)`), so that no plan for any page can hash the whole table (41 ms a
 * page at 100,000 leads, against 0.45 ms by primary key).
 */
const pageOf = (where: SQL, key: LeadKey, limit: number, offset: number) =>
  sql`SELECT ${LEAD_ROW_COLUMNS} FROM leads WHERE leads.id = ANY(ARRAY(
        SELECT leads.id FROM leads WHERE ${where}
        ORDER BY ${orderBy(key, 'leads')}
        LIMIT ${integerLiteral(limit)} OFFSET ${integerLiteral(offset)}))`;

/** The page's entries as JSON text, in the page's order (the JSON of 20 rows, not of the offset). */
const pageJson = (page: SQL, key: LeadKey) =>
  sql`SELECT ${leadJson('p')} AS json FROM (${page}) AS p ORDER BY ${orderBy(key, 'p')}`;

/** The count joined to the page, so that an empty page (past the end) still reports it. */
const countedPage = (count: SQL, page: SQL, key: LeadKey) =>
  sql`SELECT c.total, CASE WHEN p.id IS NOT NULL THEN ${leadJson('p')} END AS json
      FROM (${count}) AS c LEFT JOIN (${page}) AS p ON true
      ORDER BY ${orderBy(key, 'p')}`;

/** What a list's count depends on, as the key of its cached count: the words and the status. */
export const leadCountKey = (filters: LeadListQuery) =>
  JSON.stringify([searchWords(filters.search ?? ''), filters.status ?? null]);

/**
 * The list in one round trip (the bench runs this same SQL straight against PostgreSQL to compare
 * the API with the database): the count joined to the page.
 *
 * Counting every match costs as much as a broad search itself (8.7 % of a million leads match
 * "smith"), while the page is the newest 20 matches, found by walking the newest-first index.
 * So the count is counted once per version of the leads and kept in `lead_list_counts`
 * (decision 0024): the same statement reads the version, takes the cached count when it was
 * counted on this very version, and otherwise counts (the count's scan is skipped entirely when
 * the cache answers: its condition is a one-time filter) and stores it for the next request.
 * Every transaction that writes `leads` bumps the version as it commits (triggers
 * `leads_list_changed`, `lead_list_writes_commit`; decision 0042), so a count is exact: a count
 * taken on an older snapshot is stored under the older version and never read. The count and the page are the same as ever; only the work to get them changed.
 */
export const leadListQuery = (filters: LeadListQuery, limit: number, offset: number) => {
  const where = leadListCondition(filters);
  const order = leadKey(filters.ordering);
  const key = leadCountKey(filters);
  return sql`WITH version AS (SELECT version FROM lead_list_version WHERE id = 1),
    cached AS (SELECT c.total FROM lead_list_counts AS c JOIN version AS v ON c.version = v.version
               WHERE c.key = ${key}),
    fresh AS (SELECT count(*)::int AS total FROM leads
              WHERE ${where} AND NOT EXISTS (SELECT 1 FROM cached)),
    stored AS (INSERT INTO lead_list_counts (key, version, total)
               SELECT ${key}, v.version, f.total FROM version AS v, fresh AS f
               WHERE NOT EXISTS (SELECT 1 FROM cached)
               ON CONFLICT (key) DO UPDATE SET version = excluded.version, total = excluded.total
               WHERE lead_list_counts.version < excluded.version)
    ${countedPage(
      sql`SELECT coalesce((SELECT total FROM cached), (SELECT total FROM fresh)) AS total`,
      pageOf(where, order, limit, offset),
      order,
    )}`;
};

/** `leadListQuery` as the text and parameters PostgreSQL receives (the bench sends it directly). */
export const leadListStatement = (filters: LeadListQuery, limit: number, offset: number) => {
  const { sql: text, params } = new PgDialect().sqlToQuery(leadListQuery(filters, limit, offset));
  return { sql: text, params };
};

/**
 * A cursor page (DRF's CursorPagination, decision 0054): the leads `filters` match after the
 * cursor's position in the list's order — or before it, read backwards, for a reversed cursor —
 * one more than the page to learn whether the list goes on, each with its position. No count:
 * the position is a seek into the ordering's index, so page 5,000 costs what page 1 costs, and
 * leads added meanwhile neither repeat nor push others out of the walk. Null when the position
 * is not one of this ordering's.
 */
const leadCursorQuery = (filters: LeadListQuery, cursor: Cursor, pageSize: number) => {
  const key = leadKey(filters.ordering);
  const scan = cursor.reverse ? reversedKey(key) : key;
  const seek = cursor.position === null ? [] : readPosition(scan, cursor.position);
  if (seek === null) return null;
  const where = and(leadListCondition(filters), afterPosition(seek)) ?? sql`true`;
  return sql`SELECT ${leadJson('p')} AS json, ${positionOf(key, 'p')} AS position
             FROM (${pageOf(where, scan, pageSize + 1, cursor.offset)}) AS p
             ORDER BY ${orderBy(scan, 'p')}`;
};

const fromRecord = (r: LeadRecord): Lead => ({
  id: r.id,
  first_name: r.first_name,
  last_name: r.last_name,
  phone: r.phone,
  email: r.email,
  company: r.company,
  title: r.title,
  status: r.status,
  notes: r.notes,
  message: r.message,
  metadata: r.metadata,
  created_at: r.created_at,
  converted_client: r.converted_client,
  converted_project: r.converted_project,
});

/** One lead as the list shows it (conversion targets included), or null. */
export const readLead = async (executor: Executor, id: number): Promise<Lead | null> => {
  const result = await executor.execute<LeadRecord>(
    sql`SELECT ${LEAD_COLUMNS} FROM leads WHERE leads.id = ${id}`,
  );
  const [record] = result.rows;
  return record ? fromRecord(record) : null;
};

type LeadChanges = Partial<typeof leads.$inferInsert>;

/** The columns a create, update or import sets; fields absent from the body stay as they are. */
export const changesOf = (body: Partial<LeadUpdateRequest>): LeadChanges => {
  const changes: LeadChanges = {};
  if (body.first_name !== undefined) changes.firstName = body.first_name;
  if (body.last_name !== undefined) changes.lastName = body.last_name;
  if (body.email !== undefined) changes.email = body.email;
  if (body.phone !== undefined) changes.phone = body.phone;
  if (body.company !== undefined) changes.company = body.company;
  if (body.title !== undefined) changes.title = body.title;
  if (body.status !== undefined) changes.status = body.status;
  if (body.notes !== undefined) changes.notes = body.notes;
  if (body.message !== undefined) changes.message = body.message;
  if (body.metadata !== undefined) changes.metadata = body.metadata;
  return changes;
};

/** The comment a returning visitor's form leaves on their lead. */
export const returningVisitComment = (message: string) =>
  (message.trim()
    ? `Filled in the website form again:\n\n${message}`
    : 'Filled in the website form again, without a message.'
  ).slice(0, LEAD_LIMITS.comment);

/**
 * A website submission from an email that already has a lead: the message becomes a comment,
 * blank contact fields are filled, and the metadata keeps the first visit's UTM tags beside this
 * visit's (`last_utm_*`).
 */
const appendVisit = async (tx: Executor, known: LeadRow, body: LeadPublicRequest) => {
  const fill = (current: string, offered: string | undefined) =>
    current.trim() === '' && offered ? offered : current;
  const [row] = await tx
    .update(leads)
    .set({
      phone: fill(known.phone, body.phone),
      company: fill(known.company, body.company),
      title: fill(known.title, body.title),
      metadata: mergeTouchMetadata(known.metadata, body.metadata ?? {}),
    })
    .where(eq(leads.id, known.id))
    .returning();
  if (!row) throw new Error('lead vanished');
  await tx
    .insert(leadComments)
    .values({ leadId: known.id, message: returningVisitComment(body.message ?? '') });
  return row;
};

/** A lead as an activity entry's target: staff only, so no project or client. */
export const leadTarget = (row: {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}) =>
  ({
    type: 'lead',
    id: row.id,
    label: `${row.firstName} ${row.lastName}`.trim() || row.email,
  }) as const;

/** An edit of a lead: a status change (a pipeline move) reads old → new, anything else the fields. */
const leadChange = (oldStatus: string, row: LeadRow, fields: string[]): ActivityEntry =>
  oldStatus === row.status
    ? { verb: 'updated', target: leadTarget(row), data: { fields } }
    : {
        verb: 'status_changed',
        target: leadTarget(row),
        data: { from: oldStatus, to: row.status, fields },
      };

/** Leads (staff only; DESIGN §3), and the website form that brings them in. */
export const createLeadService = (ctx: AppContext) => {
  const { db, config, mail } = ctx;
  // The list without a search — a page or a cursor page of an order, maybe of a status — as a
  // named statement per shape and page, parsed and planned once per connection instead of once
  // per request (decision 0054). A plan kept this way holds ~200 KB of a PostgreSQL connection's
  // memory, so a process names the first 24 texts it sends, whichever come first, and sends
  // the others unnamed. A search's plan depends on how many leads its words match, so it is
  // planned every time.
  const listStatements = createStatementNames('lead_list', 24);
  const listRows = async <Row extends Record<string, unknown>>(
    filters: LeadListQuery,
    query: SQL,
  ) =>
    searchWords(filters.search ?? '').length > 0
      ? (await db.execute<Row>(query)).rows
      : listStatements.execute<Row>(db, query);

  const insert = async (executor: Executor, values: typeof leads.$inferInsert) => {
    const [row] = await executor.insert(leads).values(values).returning();
    if (!row) throw new Error('lead not created');
    return row;
  };

  return {
    list: async (
      filters: LeadListQuery & { page?: number | 'last' | undefined },
      page: (count: number) => PageWindow,
    ) => {
      const order = leadKey(filters.ordering);
      if (filters.page === 'last') {
        // The last page's offset depends on the count, so this one case takes two queries.
        const counted = await db.execute<{ total: number }>(
          sql`SELECT count(*)::int AS total FROM leads WHERE ${leadListCondition(filters)}`,
        );
        const total = counted.rows[0]?.total ?? 0;
        const window = page(total);
        const rows = await db.execute<{ json: string }>(
          pageJson(pageOf(leadListCondition(filters), order, window.limit, window.offset), order),
        );
        return { count: total, window, rows: rows.rows.map((r) => new RawJson(r.json)) };
      }
      const guess = page(Number.MAX_SAFE_INTEGER);
      const query = leadListQuery(filters, guess.limit, guess.offset);
      const found = await listRows<{ total: number; json: string | null }>(filters, query);
      const total = found[0]?.total ?? 0;
      // Past the last page: the same 404 as DRF's paginator.
      const window = page(total);
      const rows = found.flatMap((r) => (r.json === null ? [] : [new RawJson(r.json)]));
      return { count: total, window, rows };
    },

    /** The page at a cursor (see `leadCursorQuery`), in list order; null for a foreign position. */
    listByCursor: async (
      filters: LeadListQuery,
      cursor: Cursor,
      pageSize: number,
    ): Promise<CursorRows<RawJson> | null> => {
      const query = leadCursorQuery(filters, cursor, pageSize);
      if (!query) return null;
      const found = await listRows<{ json: string; position: unknown }>(filters, query);
      const read = found.slice(0, pageSize);
      const page = cursor.reverse ? read.reverse() : read;
      const position = (row: { position: unknown } | undefined) =>
        row ? writePosition(row.position) : null;
      return {
        rows: page.map((row) => new RawJson(row.json)),
        first: position(page[0]),
        last: position(page.at(-1)),
        more: found.length > pageSize,
      };
    },

    retrieve: (id: number) => readLead(db, id),

    /** Staff create: the full lead, any status. */
    create: (body: LeadCreateRequest): Promise<Lead> =>
      // The answer is read in the transaction that writes the lead: a database lost after the
      // commit cannot make a saved lead answer as a failure, which a retry would duplicate.
      db.transaction(async (tx) => {
        const inserted = await insert(tx, {
          ...changesOf(body),
          firstName: body.first_name,
          lastName: body.last_name,
          email: body.email,
        });
        await record(tx, { verb: 'created', target: leadTarget(inserted) });
        const lead = await readLead(tx, inserted.id);
        if (!lead) throw new Error('lead vanished');
        return lead;
      }),

    /**
     * The website form: a `new` lead with the visitor's contact details, message and the page's
     * query parameters, and an email to every staff member queued in the same transaction.
     */
    submitFromWebsite: async (body: LeadPublicRequest): Promise<void> => {
      await db.transaction(async (tx) => {
        // Someone already known by their email comes back: their history grows, not the list.
        const [known] = await tx
          .select()
          .from(leads)
          .where(sql`lower(${leads.email}) = ${body.email.toLowerCase()}`)
          .orderBy(asc(leads.createdAt), asc(leads.id))
          .limit(1)
          .for('update');
        const row = known
          ? await appendVisit(tx, known, body)
          : await insert(tx, {
              firstName: body.first_name,
              lastName: body.last_name,
              email: body.email,
              phone: body.phone ?? '',
              company: body.company ?? '',
              title: body.title ?? '',
              message: body.message ?? '',
              metadata: body.metadata ?? {},
              status: 'new',
            });
        await record(tx, {
          verb: known ? 'updated' : 'created',
          target: leadTarget(row),
          data: { source: 'website' },
        });
        const lead = {
          ...toLeadDto(row),
          message: body.message ?? '',
          metadata: body.metadata ?? {},
        };
        const link = `${config.publicUrl}/leads?search=${encodeURIComponent(lead.email)}`;
        await notifyNewLead(tx, {
          leadId: row.id,
          name: `${lead.first_name} ${lead.last_name}`,
          email: lead.email,
          returning: known !== undefined,
        });
        const brand = emailBrand(await ctx.studio.current(tx));
        await enqueueStaffEmail(tx, (to) =>
          newLeadEmail({
            to: to.email,
            brand,
            link,
            lead,
            returning: known !== undefined,
          }),
        );
      });
      mail.poke();
    },

    update: async (id: number, body: Partial<LeadUpdateRequest>): Promise<Lead | null> => {
      const changes = changesOf(body);
      if (Object.keys(changes).length > 0) {
        const updated = await db.transaction(async (tx) => {
          const [before] = await tx
            .select({ status: leads.status })
            .from(leads)
            .where(eq(leads.id, id))
            .for('update');
          const [row] = await tx.update(leads).set(changes).where(eq(leads.id, id)).returning();
          if (before && row) await record(tx, leadChange(before.status, row, changedFields(body)));
          return row;
        });
        if (!updated) return null;
      }
      return readLead(db, id);
    },

    /** Its comments go with it (foreign key cascade). */
    destroy: async (id: number): Promise<boolean> => {
      return db.transaction(async (tx) => {
        const [deleted] = await tx.delete(leads).where(eq(leads.id, id)).returning();
        if (deleted) await record(tx, { verb: 'deleted', target: leadTarget(deleted) });
        return deleted !== undefined;
      });
    },
  };
};
