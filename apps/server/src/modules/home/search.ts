import { sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_LIMIT_PER_TYPE,
  type SearchResponse,
  type SearchResult,
} from '@portal/contract/home';
import type { Database } from '../../db/client';
import { leads } from '../../db/schema/index';
import { everyWordIn, everyWordInLowered } from '../../db/word-search';
import { clientScopeSql, type Scope } from '../../http/scope';

type Row = Omit<SearchResult, 'type'>;

/**
 * The command palette's search (issue 19): names of the records the caller may open, scoped
 * exactly as their lists are — staff everything; a client user their clients' projects,
 * estimates and milestones, never clients' pages or leads (staff screens). At most
 * SEARCH_LIMIT_PER_TYPE of each type, names starting with the text first, then by name.
 */
export const createSearchService = (db: Database) => {
  const find = async (
    type: SearchResult['type'],
    select: SQL,
    from: SQL,
    name: SQL,
    text: string,
    scope: Scope,
    clientId: SQL,
  ): Promise<SearchResult[]> => {
    const words = everyWordIn(sql`lower(${name})`, text) ?? sql`false`;
    const { rows } = await db.execute<Row>(
      sql`SELECT ${select} FROM ${from} WHERE ${words} AND ${clientScopeSql(scope, clientId)}
          ORDER BY lower(${name}) LIKE ${`${text.toLowerCase()}%`} DESC, lower(${name}), 1
          LIMIT ${SEARCH_LIMIT_PER_TYPE}`,
    );
    return rows.map((row) => ({ type, ...row }));
  };

  const searchLeads = async (text: string): Promise<SearchResult[]> => {
    const { rows } = await db.execute<Row>(
      sql`SELECT id, first_name || ' ' || last_name AS title,
            concat_ws(' · ', nullif(company, ''), email) AS context,
            '/leads?lead=' || id AS path
          FROM leads WHERE ${everyWordInLowered(leads.searchText, text) ?? sql`false`}
          ORDER BY created_at DESC, id DESC LIMIT ${SEARCH_LIMIT_PER_TYPE}`,
    );
    return rows.map((row) => ({ type: 'lead', ...row }));
  };

  return {
    search: async (scope: Scope, text: string): Promise<SearchResponse> => {
      const staff = scope.kind === 'staff';
      const groups = await Promise.all([
        staff
          ? find(
              'client',
              sql`c.id, c.name AS title, 'Client' AS context, '/clients/' || c.slug AS path`,
              sql`clients c`,
              sql`c.name`,
              text,
              scope,
              sql`c.id`,
            )
          : [],
        find(
          'project',
          sql`p.id, p.name AS title, c.name AS context, '/projects/' || p.slug AS path`,
          sql`projects p JOIN clients c ON c.id = p.client_id`,
          sql`p.name`,
          text,
          scope,
          sql`p.client_id`,
        ),
        find(
          'estimate',
          sql`e.id, e.name AS title, c.name || ' · ' || p.name AS context,
              '/estimates/' || e.id AS path`,
          sql`estimates e JOIN projects p ON p.id = e.project_id JOIN clients c ON c.id = p.client_id`,
          sql`e.name`,
          text,
          scope,
          sql`p.client_id`,
        ),
        staff ? searchLeads(text) : [],
        find(
          'milestone',
          sql`m.id, m.name AS title, c.name || ' · ' || p.name AS context,
              '/milestones/' || m.id AS path`,
          sql`milestones m JOIN projects p ON p.id = m.project_id JOIN clients c ON c.id = p.client_id`,
          sql`m.name`,
          text,
          scope,
          sql`p.client_id`,
        ),
      ]);
      return { results: groups.flat() };
    },
  };
};
