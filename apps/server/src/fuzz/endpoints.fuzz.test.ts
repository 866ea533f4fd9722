import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFuzzHarness,
  hasBody,
  ROLES,
  urlFor,
  type FuzzHarness,
  type Operation,
} from './harness';
import { bodyFor, hostileValue, type JsonSchema } from './schema-arbitrary';

/**
 * Every endpoint of the OpenAPI document, as every role, with requests derived from its schemas:
 * valid and mutated bodies, queries and path keys. Whatever comes in: no 5xx, every 4xx in DRF's
 * shape, and nothing written when the answer is a 4xx. `FUZZ_RUNS` (per endpoint and role) and
 * `FUZZ_SEED` make a longer or different run: `npm run fuzz -- --runs 50`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const TIMEOUT = Math.max(120_000, RUNS * 30_000);

let h: FuzzHarness;

/** A path key: an existing id or slug most of the time, otherwise something no key looks like. */
const pathKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...['1', '2', '3']) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '0x10',
      '1%20',
      '%00',
      'a%00b',
      '-1',
      '0',
      '01',
      '1e3',
      '99999999999999',
      '%F0%9F%98%80',
      '%ED%A0%80',
      '..%2F..%2Fetc',
      'x'.repeat(300),
    ),
  },
);

const queryValue = (schema: JsonSchema) =>
  fc.oneof(
    bodyFor(schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
    hostileValue.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
  );

const requestFor = (op: Operation) =>
  fc.record({
    params: fc.tuple(
      ...op.pathParams.map(() =>
        fc.oneof(pathKey, fc.constantFrom(...h.keys.ids, ...h.keys.slugs)),
      ),
    ),
    query: fc.record(
      Object.fromEntries(
        Object.entries(op.query).map(([name, schema]) => [name, queryValue(schema)]),
      ),
      { requiredKeys: [] },
    ),
    body: bodyFor(op.body),
  });

beforeAll(async () => {
  h = await createFuzzHarness('fuzz');
}, 120_000);
afterAll(() => h.close());

describe('fuzzing every endpoint as every role', () => {
  it('finds the whole API in the OpenAPI document', () => {
    expect(h.operations.length).toBeGreaterThan(60);
    for (const path of ['/api/leads/', '/api/token-auth/', '/api/projects/{key}/'])
      expect(h.operations.some((op) => op.path === path)).toBe(true);
  });

  it(
    'answers derived and mutated requests with no 5xx, DRF-shaped 4xx, no write on a 4xx',
    async () => {
      let n = 0;
      for (const op of h.operations) {
        for (const role of ROLES) {
          const samples = fc.sample(requestFor(op), { numRuns: RUNS, seed: SEED + n++ });
          for (const sample of samples) {
            await h.send(
              'sample',
              {
                method: op.method as InjectOptions['method'],
                url: urlFor(op, sample.params as string[], sample.query as Record<string, string>),
                ...(hasBody(op)
                  ? {
                      payload: JSON.stringify(sample.body),
                      headers: { 'content-type': 'application/json' },
                    }
                  : {}),
              },
              role,
            );
          }
        }
      }
      expect(h.failures.slice(0, 25)).toEqual([]);
      // The run got through to the services, not only to the permission checks.
      for (const status of [200, 204, 400, 401, 403, 404])
        expect(h.statuses.get(status)).toBeGreaterThan(0);
      expect(h.counts.writes).toBeGreaterThan(0);
      console.info(
        `fuzz: ${h.counts.writes} writes; ${[...h.statuses].map(([k, v]) => `${k}×${v}`).join(' ')}`,
      );
    },
    TIMEOUT,
  );

  it(
    'refuses hostile bodies on every endpoint that takes one: deep, huge, __proto__, not JSON',
    async () => {
      const deep = `${'{"a":'.repeat(1_000)}1${'}'.repeat(1_000)}`;
      const deepArray = `${'['.repeat(1_000)}${']'.repeat(1_000)}`;
      const huge = JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024) });
      const cases: [string, string, string][] = [
        ['1,000-deep object', 'application/json', deep],
        ['1,000-deep array', 'application/json', deepArray],
        ['10 MB', 'application/json', huge],
        ['__proto__', 'application/json', '{"__proto__": {"is_superuser": true}, "name": "x"}'],
        ['constructor.prototype', 'application/json', '{"constructor": {"prototype": {"x": 1}}}'],
        [
          'huge number',
          'application/json',
          '{"name": 1e999, "order": 123456789012345678901234567890}',
        ],
        ['not JSON', 'application/json', '{"name": '],
        ['text/plain', 'text/plain', 'name=x'],
        ['form', 'application/x-www-form-urlencoded', 'name=x'],
      ];
      for (const op of h.operations.filter((o) => o.body !== undefined))
        for (const [label, type, payload] of cases)
          await h.send(
            label,
            {
              method: op.method as InjectOptions['method'],
              url: urlFor(
                op,
                op.pathParams.map(() => h.keys.ids[0] ?? '1'),
                {},
              ),
              headers: { 'content-type': type },
              payload,
            },
            'staff',
          );
      expect(h.failures.slice(0, 25)).toEqual([]);
      // Nothing reached Object.prototype.
      expect(({} as Record<string, unknown>).is_superuser).toBeUndefined();
    },
    TIMEOUT,
  );
});
