import { eq } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadListSchema, type Lead } from '@portal/contract/leads';
import { clients, leads, projects } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import { readLead } from './service';
import { createLeadWorld, type LeadWorld } from './test-helpers';

let t: TestContext;
let w: LeadWorld;

// What PostgreSQL and JSON.stringify could write differently: escapes, non-ASCII, lone
// control characters, separators JSON.stringify leaves alone, and metadata keys JavaScript
// reorders (integer-like ones first) or that need escaping.
const AWKWARD = [
  'plain',
  'quote " backslash \\ slash / </script>',
  'line\nbreak\r\ntab\tbell\u0007 unit\u001f del\u007f',
  'Zoë Ångström — 東京 😀 \u2028\u2029 \u00a0 \ufeff',
  '',
];
const METADATA: Record<string, string>[] = [
  {},
  { utm_source: 'news"letter', utm_medium: 'e\\mail' },
  { b: '1', a: '2', '10': 'ten', '2': 'two', '0': 'zero', '01': 'not an index' },
  { '4294967295': 'too big for an index', '4294967294': 'the largest index', '-1': 'negative' },
  { '': 'empty key', 'é\n"': 'ünïcode\u0001', 'a b': '😀' },
  // Only plain SQL could store it (the API's parser refuses it); zod's record leaves it out.
  JSON.parse('{"__proto__": "not a prototype", "z": "last"}') as Record<string, string>,
];

beforeAll(async () => {
  t = await createTestApp();
  w = await createLeadWorld(t, 'lj');
  const [client] = await t.db
    .insert(clients)
    .values({ name: 'Quote "Co" \\ 😀', slug: 'quote-co' })
    .returning();
  if (!client) throw new Error('no client');
  const [project] = await t.db
    .insert(projects)
    .values({ clientId: client.id, name: 'Line\nbreak', slug: 'line-break' })
    .returning();
  if (!project) throw new Error('no project');
  for (let i = 0; i < 25; i++) {
    const text = AWKWARD[i % AWKWARD.length] ?? '';
    const [row] = await t.db
      .insert(leads)
      .values({
        firstName: `${text} ${i}`,
        lastName: AWKWARD[(i + 1) % AWKWARD.length] ?? '',
        email: `lead${i}@json.example`,
        phone: i % 2 ? '+44 20 7946 0321' : '',
        company: AWKWARD[(i + 2) % AWKWARD.length] ?? '',
        title: AWKWARD[(i + 3) % AWKWARD.length] ?? '',
        status: i % 3 ? 'new' : 'won',
        notes: AWKWARD[(i + 4) % AWKWARD.length] ?? '',
        message: text.repeat(3),
        metadata: METADATA[i % METADATA.length] ?? {},
        // Milliseconds that toISOString pads (.007), a leap day, the turn of a year.
        createdAt: new Date(Date.UTC(2024, 1, 29, 23, 59, 59, i * 7) - i * 86_400_000 * 13),
      })
      .returning();
    if (row && i % 4 === 0)
      await t.db
        .update(leads)
        .set({ convertedClientId: client.id, convertedProjectId: i % 8 ? null : project.id })
        .where(eq(leads.id, row.id));
  }
});
afterAll(() => t.close());

// Today's answer the way it was always written: each lead read by `readLead` (drizzle's rows,
// built in TypeScript) and the page serialised through the route's zod schema.
const serialise = serializerCompiler({
  schema: leadListSchema,
  method: 'GET',
  url: '/api/leads/',
});

describe('the lead list as PostgreSQL writes it', () => {
  it.each([
    '',
    '?page=2',
    '?page=last',
    '?search=json',
    '?status=won',
    '?ordering=company',
    '?ordering=-status,created_at&page=2&page_size=7',
  ])('is byte for byte what the schema serialises: %s', async (query) => {
    const res = await w.as('staff').get(`/api/leads/${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const answer = leadListSchema.parse(res.json());
    expect(answer.results.length).toBeGreaterThan(0);
    const results: Lead[] = [];
    for (const { id } of answer.results) {
      const lead = await readLead(t.db, id);
      if (!lead) throw new Error(`lead ${id} vanished`);
      results.push(lead);
    }
    expect(res.body).toBe(serialise({ ...answer, results }));
  });

  it('keeps an empty page and a page past the end as they were', async () => {
    const empty = await w.as('staff').get('/api/leads/?search=nobody-at-all');
    expect(empty.body).toBe('{"count":0,"next":null,"previous":null,"results":[]}');
    const past = await w.as('staff').get('/api/leads/?page=99');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
  });
});
