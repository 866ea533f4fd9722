import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leads } from '../db/schema/index';
import { createLeadWorld, freshAddress, UNAUTHENTICATED } from '../modules/leads/test-helpers';
import { useTestWorld } from '../test/test-world';

const { t, w } = useTestWorld(createLeadWorld, 'nul');

const NUL = { message: 'Null characters are not allowed.' };
const SURROGATE = 'Unpaired surrogate characters are not allowed.';
const leadCount = async () => (await t.db.select({ n: count() }).from(leads))[0]?.n;

describe('null characters (PostgreSQL cannot store them)', () => {
  it('are a 400 on the search parameter, not a 500', async () => {
    const res = await w.as('staff').get('/api/leads/?search=smi%00th');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ search: [NUL.message] });
  });

  it('are a 400 on the top-level field that holds them, however deep', async () => {
    const res = await w.as('staff').post('/api/leads/', {
      first_name: 'Ada',
      email: 'ada@example.test',
      metadata: { utm: { source: 'news\u0000letter' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ metadata: [NUL.message] });
  });

  it('in a metadata key, and lone surrogates anywhere, are a 400 from the public form', async () => {
    const before = await leadCount();
    const lead = { first_name: 'Ada', email: 'ada@example.test' };
    const cases: [unknown, Record<string, string[]>][] = [
      [{ '\u0000': 'a' }, { metadata: [NUL.message] }],
      [{ deep: { 'a\u0000b': 1 } }, { metadata: [NUL.message] }],
      [{ utm: '\ud800' }, { metadata: [SURROGATE] }],
      [{ '\udc00': 'x' }, { metadata: [SURROGATE] }],
      [['ok', ['\ud83d']], { metadata: [SURROGATE] }],
    ];
    for (const [metadata, errors] of cases) {
      const res = await w.as('visitor').post('/api/leads/', { ...lead, metadata });
      expect(res.statusCode, JSON.stringify(metadata)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const name = await w.as('visitor').post('/api/leads/', { ...lead, first_name: 'A\udfffda' });
    expect(name.json()).toEqual({ first_name: [SURROGATE] });
    // A nesting deeper than any real value is refused on the field, not walked.
    let deep: unknown = 'x';
    for (let i = 0; i < 1_000; i++) deep = { d: deep };
    const nested = await w.as('visitor').post('/api/leads/', { ...lead, metadata: deep });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({
      metadata: ['Ensure this value is nested no more than 64 levels deep.'],
    });
    expect(await leadCount()).toBe(before);
  });

  it('in a slug in the path name no record: 404, for every method', async () => {
    for (const base of ['/api/projects/', '/api/clients/'])
      for (const path of ['%00/', 'a%00b/', '%ED%A0%80/']) {
        for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
          const res = await t.app.inject({
            method,
            url: base + path,
            headers: { authorization: `Token ${w.tokens.staff}` },
            ...(method === 'PATCH' || method === 'PUT' ? { payload: { name: 'x' } } : {}),
          });
          expect(res.statusCode, `${method} ${base}${path}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${method} ${base}${path}`).toBeLessThan(500);
          expect(res.json()).toHaveProperty('detail');
        }
        expect((await w.as('staff').get(base + path)).statusCode).toBe(404);
      }
  });

  it('come after the permission check: a visitor still gets 401', async () => {
    const res = await w.as('visitor').get('/api/leads/?search=%00');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('leave ordinary text alone', async () => {
    const res = await w.as('staff').post(
      '/api/leads/',
      {
        first_name: 'Zoë',
        last_name: 'Ng',
        email: 'zoe@example.test',
        metadata: { note: 'a\\u0000b', 'ključ 🔑': 'עברית 😀' },
      },
      { ip: freshAddress() },
    );
    expect(res.json()).toMatchObject({ first_name: 'Zoë' });
    expect(res.statusCode).toBe(201);
  });
});
