import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { leadCursorPageSchema, leadListSchema, type Lead } from '@portal/contract/leads';
import { leads } from '../../db/schema/index';
import { encodeCursor } from '../../http/cursor';
import { useTestWorld } from '../../test/test-world';
import { createWorld, DENIED, UNAUTHENTICATED } from '../clients/test-fixtures';

/**
 * Deep pages and cursors of the lead list (decision 0054). The page-number path picks a page's
 * ids from an index and reads only those rows; the cursor path seeks to a position. Both are
 * checked against the plain answer — `ORDER BY … LIMIT … OFFSET …` written out here — for
 * every order the list offers and mixes of them, with and without filters and search.
 */
const { t, w } = useTestWorld(createWorld, 'deep');

const SIZE = 9;

// 130 leads: three to a minute, of which two share the very instant (ties broken by id) and the
// third is a microsecond older — the same millisecond, so positions must keep microseconds;
// companies differing only in case (ties of `lower(company)`), one blank; every fourth matches
// the search.
beforeAll(async () => {
  await t.db.execute(sql`
    INSERT INTO leads (first_name, last_name, email, company, status, created_at)
    SELECT 'Deep', CASE WHEN i % 4 = 0 THEN 'Pagefinder' ELSE 'Other' END,
           'deep' || i || '@pages.example',
           (ARRAY['Acme', 'acme', 'Globex', 'Initech', '', 'Ünïcorn', 'zeta'])[1 + (i * 3) % 7],
           (ARRAY['new','contacted','no-response','negotiation','closed','won','spam'])[1 + i % 7],
           timestamptz '2026-01-01 12:00:00+00' - (i / 3) * interval '1 minute'
             - (i % 3 = 2)::int * interval '1 microsecond'
    FROM generate_series(1, 130) AS i`);
});

const ORDERINGS = [
  '',
  'created_at',
  '-created_at',
  'status',
  '-status',
  'company',
  '-company',
  'status,-created_at',
  '-company,created_at',
  'status,company',
  'company,-status,created_at',
];
const FILTERS = ['', 'status=won', 'search=pagefind', 'search=pagefind&status=new'];

// The plain answer: the list's ORDER BY spelled out (the id last, in the last term's direction).
const COLUMNS: Record<string, string> = {
  created_at: 'created_at',
  status: 'status',
  company: 'lower(company)',
};
const plainOrder = (ordering: string) => {
  const terms = (ordering || '-created_at').split(',').map((term) => ({
    column: COLUMNS[term.replace('-', '')],
    direction: term.startsWith('-') ? 'DESC' : 'ASC',
  }));
  const last = terms[terms.length - 1]?.direction ?? 'DESC';
  return [...terms.map((term) => `${term.column} ${term.direction}`), `id ${last}`].join(', ');
};
const plainWhere = (filter: string) => {
  const params = new URLSearchParams(filter);
  const status = params.get('status');
  const search = params.get('search');
  return [
    "email LIKE '%@pages.example'",
    status ? `status = '${status}'` : null,
    search ? `search_text LIKE '%${search}%'` : null,
  ]
    .filter(Boolean)
    .join(' AND ');
};
const plainIds = async (filter: string, ordering: string, limit = 1000, offset = 0) => {
  const result = await t.db.execute<{ id: number }>(
    sql.raw(`SELECT id FROM leads WHERE ${plainWhere(filter)}
             ORDER BY ${plainOrder(ordering)} LIMIT ${limit} OFFSET ${offset}`),
  );
  return result.rows.map((r) => r.id);
};

const query = (filter: string, ordering: string, extra: string) =>
  [filter, ordering && `ordering=${ordering}`, `page_size=${SIZE}`, extra]
    .filter(Boolean)
    .join('&');

const get = async (url: string) => {
  const res = await w.as('staff').get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as unknown;
};
const pageOf = async (url: string) => leadListSchema.parse(await get(url));
const cursorPageOf = async (url: string) => {
  const body = await get(url);
  // DRF's cursor shape: exactly these keys, no count.
  expect(Object.keys(body as object)).toEqual(['next', 'previous', 'results']);
  return leadCursorPageSchema.parse(body);
};
const ids = (results: Lead[]) => results.map((lead) => lead.id);
// A link as the test's request path (inject takes a path).
const path = (link: string) => link.replace('http://localhost', '');

describe.each(FILTERS)('the lead list ?%s', (filter) => {
  it.each(ORDERINGS)('numbered pages hold what OFFSET holds (?ordering=%s)', async (ordering) => {
    const all = await plainIds(filter, ordering);
    const pages = Math.ceil(all.length / SIZE);
    for (const page of new Set([1, Math.min(2, pages), Math.ceil(pages / 2), pages])) {
      const body = await pageOf(`/api/leads/?${query(filter, ordering, `page=${page}`)}`);
      expect(body.count).toBe(all.length);
      expect(ids(body.results)).toEqual(await plainIds(filter, ordering, SIZE, (page - 1) * SIZE));
    }
    const last = await pageOf(`/api/leads/?${query(filter, ordering, 'page=last')}`);
    expect(ids(last.results)).toEqual(all.slice((pages - 1) * SIZE));
  });

  it.each(ORDERINGS)('cursors walk the whole list both ways (?ordering=%s)', async (ordering) => {
    const all = await plainIds(filter, ordering);
    const forward: number[][] = [];
    let link: string | null = `/api/leads/?${query(filter, ordering, 'cursor=')}`;
    let last: string | null = null;
    while (link) {
      const body = await cursorPageOf(link);
      // Every page but the first links back; every page but the last links on.
      expect(body.previous === null).toBe(forward.length === 0);
      forward.push(ids(body.results));
      last = link;
      link = body.next && path(body.next);
    }
    expect(forward.flat()).toEqual(all);
    expect(forward.every((page, i) => page.length === SIZE || i === forward.length - 1)).toBe(true);

    // Back from the last page by `previous`: the same pages, in reverse.
    const backward: number[][] = [];
    const end = await cursorPageOf(last ?? '');
    expect(end.next).toBeNull();
    link = end.previous && path(end.previous);
    while (link) {
      const body = await cursorPageOf(link);
      backward.unshift(ids(body.results));
      link = body.previous && path(body.previous);
    }
    expect([...backward, forward.at(-1) ?? []]).toEqual(forward);
  });
});

describe('lead cursors', () => {
  it('list the same entries, byte for byte, as the numbered page', async () => {
    const cursor = await w.as('staff').get('/api/leads/?cursor=&page_size=20&search=pagefind');
    const numbered = await w.as('staff').get('/api/leads/?page_size=20&search=pagefind');
    const entries = (body: string) => body.slice(body.indexOf('"results":'));
    expect(entries(cursor.body)).toBe(entries(numbered.body));
  });

  it('write DRF’s cursor: base64 of p, the position, and r=1 going back', async () => {
    const first = await cursorPageOf('/api/leads/?cursor=&page_size=2');
    const next = new URL(first.next ?? '');
    expect(next.searchParams.get('page_size')).toBe('2');
    const decoded = Buffer.from(next.searchParams.get('cursor') ?? '', 'base64').toString();
    const second = first.results[1];
    const tokens = new URLSearchParams(decoded);
    expect([...tokens.keys()]).toEqual(['p']);
    // The instant to the microsecond (PostgreSQL's precision; the list shows milliseconds).
    expect(JSON.parse(tokens.get('p') ?? '')).toEqual([
      expect.stringMatching(new RegExp(`^${second?.created_at.slice(0, 23)}\\d{3}Z$`)),
      second?.id,
    ]);
    const back = await cursorPageOf(path(next.toString()));
    const previous = new URL(back.previous ?? '');
    expect(Buffer.from(previous.searchParams.get('cursor') ?? '', 'base64').toString()).toMatch(
      /^r=1&p=/,
    );
  });

  it('follow the cursor over a page number, and drop the page from their links', async () => {
    const body = await cursorPageOf('/api/leads/?page=3&cursor=&page_size=5');
    const all = await plainIds('', '', 5);
    expect(ids(body.results)).toEqual(all);
    expect(body.next).not.toContain('page=');
    expect(body.next).toContain('page_size=5');
  });

  it('read DRF’s offset and the reversed cursor without a position (the last page)', async () => {
    const all = await plainIds('', '');
    const skipped = await cursorPageOf(
      `/api/leads/?page_size=4&cursor=${encodeURIComponent(encodeCursor({ offset: 3, reverse: false, position: null }))}`,
    );
    expect(ids(skipped.results)).toEqual(all.slice(3, 7));
    expect(skipped.previous).not.toBeNull();
    const end = await cursorPageOf(
      `/api/leads/?page_size=4&cursor=${encodeURIComponent(encodeCursor({ offset: 0, reverse: true, position: null }))}`,
    );
    expect(ids(end.results)).toEqual(all.slice(-4));
    expect(end.next).toBeNull();
    expect(end.previous).not.toBeNull();
  });

  it.each([
    ['not base64', 'abc'],
    ['not a position', encodeCursor({ offset: 0, reverse: false, position: 'nope' })],
    [
      'a position of another order',
      encodeCursor({ offset: 0, reverse: false, position: '["acme",5]' }),
    ],
    ['a position one term short', encodeCursor({ offset: 0, reverse: false, position: '[5]' })],
    [
      'an impossible date',
      encodeCursor({ offset: 0, reverse: false, position: '["2026-02-30T00:00:00.000000Z",5]' }),
    ],
    [
      'a millisecond instant',
      encodeCursor({ offset: 0, reverse: false, position: '["2026-01-01T00:00:00.000Z",5]' }),
    ],
    [
      'an id past integer',
      encodeCursor({
        offset: 0,
        reverse: false,
        position: '["2026-01-01T00:00:00.000000Z",3000000000]',
      }),
    ],
    ['a NUL in text', encodeCursor({ offset: 0, reverse: false, position: '["a\\u0000",5]' })],
    ['a negative offset', Buffer.from('o=-2').toString('base64')],
  ])('answer a cursor that is %s with 404 "Invalid cursor"', async (_what, cursor) => {
    const ordering = cursor.includes('YWNtZS') ? '&ordering=company' : '';
    const res = await w.as('staff').get(`/api/leads/?cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Invalid cursor' });
    if (ordering) {
      // The same text is a position of the company order.
      const fits = await w
        .as('staff')
        .get(`/api/leads/?cursor=${encodeURIComponent(cursor)}${ordering}`);
      expect(fits.statusCode).toBe(200);
    }
  });

  it('answer any cursor at all with a page or 404 "Invalid cursor", never a 500', async () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.constant(null),
      fc.constantFrom('2026-01-01T11:59:59.999999Z', '9999-12-31T23:59:59.999999Z', 'acme', ''),
    );
    const position = fc.oneof(
      fc.string(),
      fc.array(value, { maxLength: 4 }).map((values) => JSON.stringify(values)),
    );
    const cursor = fc.oneof(
      fc.string(),
      fc
        .record({ p: position, r: fc.string(), o: fc.string() }, { requiredKeys: ['p'] })
        .map((tokens) => Buffer.from(new URLSearchParams(tokens).toString()).toString('base64')),
    );
    await fc.assert(
      fc.asyncProperty(cursor, fc.constantFrom(...ORDERINGS), async (text, ordering) => {
        const res = await w
          .as('staff')
          .get(`/api/leads/?ordering=${ordering}&cursor=${encodeURIComponent(text)}`);
        expect([200, 404]).toContain(res.statusCode);
        if (res.statusCode === 404) expect(res.json()).toEqual({ detail: 'Invalid cursor' });
      }),
      { numRuns: 300, seed: 54 },
    );
  });

  it.each([
    ['visitor', 401, UNAUTHENTICATED],
    ['outsider', 403, DENIED],
    ['member', 403, DENIED],
  ] as const)('are staff only: a %s gets %i, bad cursor or not', async (role, status, body) => {
    for (const url of [
      '/api/leads/?cursor=',
      '/api/leads/?cursor=abc',
      '/api/leads/?page=3&page_size=9',
    ]) {
      const res = await w.as(role).get(url);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
    }
    expect((await w.as('staff').get('/api/leads/?cursor=')).statusCode).toBe(200);
  });

  it('neither repeat nor skip a lead when leads are added during the walk', async () => {
    for (const ordering of ['', 'company', '-status,created_at']) {
      const before = await plainIds('', ordering);
      const seen: number[] = [];
      const added: number[] = [];
      let link: string | null = `/api/leads/?${query('', ordering, 'cursor=')}`;
      while (link) {
        const body = await cursorPageOf(link);
        seen.push(...ids(body.results));
        // Around the position just reached: a newer, an older and a tied twin of the last lead.
        const last = await t.db.execute<{ created_at: string; company: string; status: string }>(
          sql`SELECT created_at::text, company, status FROM leads WHERE id = ${seen.at(-1)}`,
        );
        const at = last.rows[0];
        if (!at) throw new Error('the last lead is gone');
        const rows = await t.db
          .insert(leads)
          .values(
            [
              {
                createdAt: sql`${at.created_at}::timestamptz`,
                company: at.company,
                status: at.status,
              },
              {
                createdAt: sql`${at.created_at}::timestamptz + interval '1 hour'`,
                company: 'Aaa',
                status: 'closed',
              },
              {
                createdAt: sql`${at.created_at}::timestamptz - interval '1 hour'`,
                company: 'Zzz',
                status: 'won',
              },
            ].map((values, i) => ({
              ...values,
              firstName: 'Added',
              lastName: String(i),
              email: `added-${added.length + i}@pages.example`,
            })),
          )
          .returning({ id: leads.id });
        added.push(...rows.map((row) => row.id));
        link = body.next && path(body.next);
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.filter((id) => before.includes(id))).toEqual(before);
      await t.db.delete(leads).where(inArray(leads.id, added));
    }
  });
});
