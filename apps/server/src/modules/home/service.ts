import { sql, type SQL } from 'drizzle-orm';
import {
  HOME_RECENT_DAYS,
  HOME_SECTION_LIMIT,
  type Home,
  type HomeEntry,
  type HomeProject,
  type HomeSection,
  type HomeSectionKey,
} from '@portal/contract/home';
import type { Database } from '../../db/client';
import { clientScopeSql, type Scope } from '../../http/scope';

/** A timestamp as Date#toISOString() writes it (raw queries would answer the session's format). */
const iso = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const recent = (column: SQL) => sql`${column} > now() - make_interval(days => ${HOME_RECENT_DAYS})`;

type EntryRow = HomeEntry & { total: number };

/**
 * One section in one statement: the entries (at most HOME_SECTION_LIMIT, newest first) with
 * `count(*) OVER ()`, which PostgreSQL computes before the LIMIT, so the count is of them all.
 * `select` names the columns id, title, context, at, status and path.
 */
const section = async (
  db: Database,
  key: HomeSectionKey,
  select: SQL,
  from: SQL,
  orderBy: SQL,
): Promise<HomeSection> => {
  const { rows } = await db.execute<EntryRow>(
    sql`SELECT ${select}, count(*) OVER ()::int AS total FROM ${from}
        ORDER BY ${orderBy} LIMIT ${HOME_SECTION_LIMIT}`,
  );
  return {
    key,
    count: rows[0]?.total ?? 0,
    entries: rows.map(({ total: _total, ...entry }) => entry),
  };
};

const VERSION_FROM = sql`estimate_versions v
  JOIN estimates e ON e.id = v.estimate_id
  JOIN projects p ON p.id = e.project_id
  JOIN clients c ON c.id = p.client_id`;
const versionEntry = (at: SQL) =>
  sql`v.id, e.name AS title, c.name || ' · ' || p.name || ' · Version ' || v.number AS context,
      ${iso(at)} AS at, v.status, '/estimates/' || e.id || '/versions/' || v.id AS path`;

const RUN_FROM = sql`test_runs r
  JOIN milestones m ON m.id = r.milestone_id
  JOIN projects p ON p.id = m.project_id
  JOIN clients c ON c.id = p.client_id`;
const runEntry = (at: SQL) =>
  sql`r.id, r.name AS title, c.name || ' · ' || p.name || ' · ' || m.name AS context,
      ${iso(at)} AS at, r.status, '/test-runs/' || r.id || '/report' AS path`;

/** Item comments with their estimate and author; `staffAuthor` picks the studio's or clients'. */
const commentsFrom = (scope: Scope, staffAuthor: boolean) =>
  sql`estimate_item_comments k
    JOIN users u ON u.id = k.user_id
    JOIN estimate_items i ON i.id = k.item_id
    JOIN estimate_sections s ON s.id = i.section_id
    JOIN estimates e ON e.id = s.estimate_id
    JOIN projects p ON p.id = e.project_id
    WHERE k.deleted_at IS NULL AND u.is_superuser = ${staffAuthor}
      AND ${recent(sql`k.created_at`)}
      AND ${clientScopeSql(scope, sql`p.client_id`)}`;
const COMMENT_ENTRY = sql`k.id,
  CASE WHEN length(k.content) > 140 THEN left(k.content, 139) || '…' ELSE k.content END AS title,
  coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), u.email) || ' on ' || e.name
    || ' · ' || i.description AS context,
  ${iso(sql`k.created_at`)} AS at, NULL AS status, '/estimates/' || e.id AS path`;

const staffHome = (db: Database, scope: Scope) =>
  Promise.all([
    section(
      db,
      'new_leads',
      sql`l.id, l.first_name || ' ' || l.last_name AS title,
          concat_ws(' · ', nullif(l.company, ''), l.email) AS context,
          ${iso(sql`l.created_at`)} AS at, NULL AS status,
          '/leads?lead=' || l.id AS path`,
      // Served by leads_status_created_idx.
      sql`leads l WHERE l.status = 'new'`,
      sql`l.created_at DESC, l.id DESC`,
    ),
    section(
      db,
      'versions_waiting',
      versionEntry(sql`v.sent_at`),
      sql`${VERSION_FROM} WHERE v.status = 'sent'`,
      sql`v.sent_at DESC, v.id DESC`,
    ),
    section(
      db,
      'versions_decided',
      versionEntry(sql`v.decided_at`),
      sql`${VERSION_FROM} WHERE v.status IN ('approved', 'changes_requested')
          AND ${recent(sql`v.decided_at`)}`,
      sql`v.decided_at DESC, v.id DESC`,
    ),
    section(
      db,
      'test_runs',
      runEntry(sql`coalesce(r.signed_off_at, r.completed_at)`),
      sql`${RUN_FROM} WHERE r.status IN ('completed', 'signed_off')
          AND ${recent(sql`coalesce(r.signed_off_at, r.completed_at)`)}`,
      sql`coalesce(r.signed_off_at, r.completed_at) DESC, r.id DESC`,
    ),
    section(
      db,
      'client_comments',
      COMMENT_ENTRY,
      commentsFrom(scope, false),
      sql`k.created_at DESC, k.id DESC`,
    ),
  ]);

const clientHome = (db: Database, scope: Scope) =>
  Promise.all([
    section(
      db,
      'estimates_to_approve',
      versionEntry(sql`v.sent_at`),
      sql`${VERSION_FROM} WHERE v.status = 'sent' AND ${clientScopeSql(scope, sql`p.client_id`)}`,
      sql`v.sent_at DESC, v.id DESC`,
    ),
    section(
      db,
      'runs_to_sign_off',
      runEntry(sql`r.completed_at`),
      sql`${RUN_FROM} WHERE r.status = 'completed' AND ${clientScopeSql(scope, sql`p.client_id`)}`,
      sql`r.completed_at DESC, r.id DESC`,
    ),
    section(
      db,
      'studio_replies',
      COMMENT_ENTRY,
      commentsFrom(scope, true),
      sql`k.created_at DESC, k.id DESC`,
    ),
  ]);

/** At most this many projects on a client user's home; the rest are a click away. */
const HOME_PROJECT_LIMIT = 20;

/** A client user's projects with how many milestones have a signed-off test run. */
const clientProjects = async (db: Database, scope: Scope): Promise<HomeProject[]> => {
  const { rows } = await db.execute<HomeProject>(
    sql`SELECT p.id, p.name, p.slug, c.name AS client, p.status, p.percentage_complete,
          (SELECT count(*)::int FROM milestones m WHERE m.project_id = p.id) AS milestones,
          (SELECT count(*)::int FROM milestones m WHERE m.project_id = p.id AND EXISTS
             (SELECT 1 FROM test_runs r WHERE r.milestone_id = m.id AND r.status = 'signed_off'))
            AS milestones_signed_off
        FROM projects p JOIN clients c ON c.id = p.client_id
        WHERE ${clientScopeSql(scope, sql`p.client_id`)}
        ORDER BY lower(p.name), p.id LIMIT ${HOME_PROJECT_LIMIT}`,
  );
  return rows;
};

export const createHomeService = (db: Database) => ({
  /** Staff see the studio's inbox; anyone else (impersonated too) their clients' home. */
  home: async (scope: Scope): Promise<Home> => {
    if (scope.kind === 'staff')
      return { role: 'staff', sections: await staffHome(db, scope), projects: [] };
    const [sections, projects] = await Promise.all([
      clientHome(db, scope),
      clientProjects(db, scope),
    ]);
    return { role: 'client', sections, projects };
  },
});
