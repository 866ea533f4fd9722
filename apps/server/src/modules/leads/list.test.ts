import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '@portal/contract/leads';
import { leads } from '../../db/schema/index';
import { useTestWorld } from '../../test/test-world';
import { createLeadWorld, insertLead } from './test-helpers';

const { t, w } = useTestWorld(createLeadWorld, 'll');

// Three people to find, each field distinctive, and one that contains LIKE wildcards.
const people = [
  {
    firstName: 'Marguerite',
    lastName: 'Smithson',
    email: 'mags@quillfeather.example',
    company: 'Orbital Bakery',
    phone: '+44 20 7946 0321',
    status: 'contacted',
  },
  {
    firstName: 'Tobias',
    lastName: 'Kowalczyk',
    email: 'toby.k@zanzibar-ventures.example',
    company: 'Helix Hydraulics',
    phone: '(555) 867-5309',
    status: 'won',
  },
  {
    firstName: 'Ines',
    lastName: 'Okonkwo',
    email: 'ines@percent.example',
    company: '100% Organic_Farms',
    phone: '0800 111 222',
    status: 'won',
  },
] as const;

const list = async (query: string) => {
  const res = await w.as('staff').get(`/api/leads/${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    count: number;
    next: string | null;
    previous: string | null;
    results: Lead[];
  };
};
const emails = async (query: string) => (await list(query)).results.map((l) => l.email);

beforeAll(async () => {
  // 42 filler leads, one a minute going back in time, then the three people newest of all.
  await t.db.execute(sql`
    INSERT INTO leads (first_name, last_name, email, company, phone, status, created_at)
    SELECT 'Filler', 'Number' || i, 'filler' || i || '@bulk.example', 'Bulk Co', '000',
           (ARRAY['new','contacted','no-response','negotiation','closed','spam'])[1 + i % 6],
           now() - make_interval(mins => 100 + i)
    FROM generate_series(1, 42) AS i`);
  for (const [i, p] of people.entries())
    await insertLead(t, { ...p, createdAt: new Date(Date.now() - (3 - i) * 1000) });
});

describe('lead search', () => {
  it.each([
    ['first name', 'marguer', 'mags@quillfeather.example'],
    ['last name', 'KOWALCZ', 'toby.k@zanzibar-ventures.example'],
    ['email', 'quillFeather', 'mags@quillfeather.example'],
    ['company', 'hydraul', 'toby.k@zanzibar-ventures.example'],
    ['company, in the middle of a word', 'rbital bak', 'mags@quillfeather.example'],
    ['phone', '867-53', 'toby.k@zanzibar-ventures.example'],
    ['phone digits', '7946', 'mags@quillfeather.example'],
    ['several words in any order', 'bakery marg', 'mags@quillfeather.example'],
  ])('finds by %s, partial and case-insensitive (%s)', async (_what, search, email) => {
    expect(await emails(`?search=${encodeURIComponent(search)}`)).toEqual([email]);
  });

  it('needs every word to match', async () => {
    expect(await emails('?search=marguerite%20kowalczyk')).toEqual([]);
  });

  it('reads % and _ as the characters they are', async () => {
    expect(await emails('?search=100%25')).toEqual(['ines@percent.example']);
    expect(await emails('?search=c_farms')).toEqual(['ines@percent.example']);
    expect(await emails('?search=%25')).toEqual(['ines@percent.example']);
    expect((await list('?search=_')).count).toBe(1);
  });

  it('treats an empty search or status as no filter', async () => {
    expect((await list('?search=&status=')).count).toBe(45);
    expect((await list('?search=%20%20')).count).toBe(45);
  });

  it('filters by status, alone and with a search', async () => {
    const won = await list('?status=won');
    expect(won.count).toBe(2);
    expect(won.results.map((l) => l.status)).toEqual(['won', 'won']);
    expect(await emails('?status=won&search=okonkwo')).toEqual(['ines@percent.example']);
    expect(await emails('?status=contacted&search=okonkwo')).toEqual([]);
    expect((await list('?status=contacted')).count).toBe(1 + 7);
    expect((await list('?status=spam')).results.every((l) => l.status === 'spam')).toBe(true);
  });
});

describe('lead pagination', () => {
  it('pages newest first, 20 at a time, with count, next and previous', async () => {
    const first = await list('');
    expect(first.count).toBe(45);
    expect(first.results).toHaveLength(20);
    expect(first.previous).toBeNull();
    expect(first.next).toBe('http://localhost/api/leads/?page=2');
    expect(first.results.slice(0, 3).map((l) => l.email)).toEqual([
      'ines@percent.example',
      'toby.k@zanzibar-ventures.example',
      'mags@quillfeather.example',
    ]);
    expect(first.results.slice(3, 5).map((l) => l.email)).toEqual([
      'filler1@bulk.example',
      'filler2@bulk.example',
    ]);

    // A listed lead reads exactly as its detail does (timestamps included).
    const detail = await w.as('staff').get(`/api/leads/${first.results[0]?.id}/`);
    expect(first.results[0]).toEqual(detail.json());

    const third = await list('?page=3');
    expect(third.results.map((l) => l.email)).toEqual(
      Array.from({ length: 5 }, (_, i) => `filler${38 + i}@bulk.example`),
    );
    expect(third.next).toBeNull();
    expect(third.previous).toBe('http://localhost/api/leads/?page=2');

    const last = await list('?page=last');
    expect(last.results).toEqual(third.results);
    expect(last.count).toBe(45);

    // The three pages hold every lead exactly once.
    const seen: number[] = [];
    for (const page of [1, 2, 3])
      seen.push(...(await list(`?page=${page}`)).results.map((l) => l.id));
    expect(new Set(seen).size).toBe(45);
  });

  it('keeps the filters in next/previous and honours page_size up to 100', async () => {
    const page = await list('?status=contacted&page_size=3');
    expect(page.count).toBe(8);
    expect(page.results).toHaveLength(3);
    expect(page.next).toBe('http://localhost/api/leads/?status=contacted&page_size=3&page=2');
    expect((await list('?page_size=100')).results).toHaveLength(45);
  });

  it('answers a page past the end with 404 Invalid page, and an empty result on page 1', async () => {
    const beyond = await w.as('staff').get('/api/leads/?page=4');
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual({ detail: 'Invalid page.' });
    const filtered = await w.as('staff').get('/api/leads/?search=nobody-at-all&page=2');
    expect(filtered.statusCode).toBe(404);
    expect(await list('?search=nobody-at-all')).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect((await list('?search=nobody-at-all&page=last')).count).toBe(0);
  });

  it('orders leads created in the same instant by id, newest first', async () => {
    const at = new Date('2000-01-01T00:00:00Z');
    const a = await insertLead(t, { email: 'same-a@tie.example', createdAt: at });
    const b = await insertLead(t, { email: 'same-b@tie.example', createdAt: at });
    expect(await emails('?search=%40tie.example')).toEqual([b.email, a.email]);
    await t.db.delete(leads).where(sql`${leads.id} IN (${a.id}, ${b.id})`);
  });
});
