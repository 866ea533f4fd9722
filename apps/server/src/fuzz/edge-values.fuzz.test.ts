import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../test/multipart';
import {
  ABSENT_ID,
  BLANK_TEXTS,
  EXTREME_DATES,
  exampleFor,
  IMPOSSIBLE_DATES,
  IMPOSSIBLE_MOMENTS,
  INTEGER_EDGES,
  kindOf,
  type FieldKind,
} from './edge-values';
import {
  createFuzzHarness,
  hasBody,
  ROLES,
  urlFor,
  type Answer,
  type FuzzHarness,
  type Operation,
  type Role,
} from './harness';
import type { JsonSchema } from './schema-arbitrary';

/**
 * The random fuzz suite makes an edge value likely; this one makes it certain (issue 27). Every
 * integer path key and query filter of every operation, as every role, gets each integer either
 * side of PostgreSQL's `integer` and `bigint`; every date field the database's bounds and days
 * no calendar has; every text field zero-width and whitespace-only text. On top of the fuzz
 * rules (no 5xx, DRF-shaped 4xx, nothing written on a 4xx): a path key out of range is a 404
 * (or what a key naming nothing gets), a query or body value out of range and an impossible day
 * are a 400 naming the field, and a text field does with zero-width text what it does with
 * spaces (refuses it, or stores nothing).
 */

let h: FuzzHarness;
/** Per operation, a key that names a record staff can see: a body then reaches its fields. */
let keyFor: (op: Operation) => string;

const TIMEOUT = 240_000;

/** Answers that come before a request's input is read: no credentials, no permission, no record. */
const REFUSED_FIRST = new Set([401, 403, 404]);

/** A detail path with its parameter unnamed: `/api/leads/{id}/merge/` → `/api/leads/{}/`. */
const detailOf = (path: string) => /^(.*?\{[^}]+\}\/)/.exec(path)?.[1]?.replace(/\{[^}]+\}/, '{}');

const findKeys = async () => {
  const found = new Map<string, string>();
  const details = h.operations.filter(
    (op) => op.method === 'GET' && op.pathParams.length === 1 && detailOf(op.path) !== undefined,
  );
  for (const op of details) {
    const detail = detailOf(op.path)!;
    if (found.has(detail) || detail !== op.path.replace(/\{[^}]+\}/, '{}')) continue;
    const byId = kindOf(op.parameters.find((p) => p.in === 'path')?.schema) === 'id';
    const candidates = byId ? ['1', '2', '3', ...h.keys.ids.slice(0, 10)] : h.keys.slugs;
    for (const key of candidates) {
      const answer = await h.send(
        'key probe',
        { method: 'GET', url: urlFor(op, [key], {}) },
        'staff',
      );
      if (answer.status === 200) {
        found.set(detail, key);
        break;
      }
    }
  }
  return (op: Operation) => found.get(detailOf(op.path) ?? '') ?? '1';
};

/** The query parameters an operation requires, each with a valid-looking value. */
const requiredQuery = (op: Operation): Record<string, string> =>
  Object.fromEntries(
    op.parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => [p.name, String(exampleFor(p.schema, 0, p.description))]),
  );

const request = (
  op: Operation,
  change: { path?: Record<string, string>; query?: Record<string, string>; body?: unknown },
): InjectOptions => ({
  method: op.method as InjectOptions['method'],
  url: urlFor(
    op,
    op.pathParams.map((name) => change.path?.[name] ?? keyFor(op)),
    { ...requiredQuery(op), ...change.query },
  ),
  ...(hasBody(op)
    ? {
        payload: JSON.stringify(change.body ?? exampleFor(op.body)),
        headers: { 'content-type': 'application/json' },
      }
    : {}),
});

/** A 400 whose body names `field`. */
const namesField = (answer: Answer, field: string) =>
  answer.status === 400 &&
  answer.body !== null &&
  typeof answer.body === 'object' &&
  field in answer.body;

const WHITESPACE = '   ';

/** What became of a text field's value: refused, stored as nothing, stored, or neither. */
const outcome = (answer: Answer, field: string) => {
  if (namesField(answer, field)) return 'refused';
  const body = answer.body;
  if (answer.status >= 300 || body === null || typeof body !== 'object' || !(field in body))
    return `answered ${answer.status}`;
  return (body as Record<string, unknown>)[field] === '' ? 'stored blank' : 'stored';
};

/** The operation's body with one top-level field replaced. */
const bodyWith = (op: Operation, field: string, value: unknown) => {
  const example = exampleFor(op.body);
  return { ...(example && typeof example === 'object' ? example : {}), [field]: value };
};

/** A 400 on `field`, or a refusal that came before the input was read. */
const expectRefusedOn = (answer: Answer, field: string, why: string) => {
  if (!namesField(answer, field) && !REFUSED_FIRST.has(answer.status))
    h.fail(answer, `${why}: not a 400 on ${field}`);
};

const queryParams = (op: Operation) => op.parameters.filter((p) => p.in === 'query');
const bodyFields = (op: Operation): [string, JsonSchema][] =>
  Object.entries(op.body?.properties ?? {});

/** The integers past PostgreSQL's `integer`, and 0 and -1, which no id is. */
const OUT_OF_RANGE = INTEGER_EDGES.filter((value) => value !== ABSENT_ID);
const PAST_INTEGER = ['2147483648', '9223372036854775808', '100000000000000000000'];

const datesFor = (kind: FieldKind): readonly string[] =>
  kind === 'date-time' ? IMPOSSIBLE_MOMENTS : IMPOSSIBLE_DATES;

beforeAll(async () => {
  h = await createFuzzHarness('edge');
  keyFor = await findKeys();
}, 120_000);
afterAll(() => h.close());

describe('edge values on every field of their kind, as every role', () => {
  it('finds the ids, dates and text of the OpenAPI document by their schemas', () => {
    const kind = (path: string, name: string) => {
      const param = h.operations
        .find((op) => op.path === path)
        ?.parameters.find((p) => p.name === name);
      return kindOf(param?.schema, param?.description);
    };
    expect(kind('/api/leads/{key}/', 'key')).toBe('id');
    expect(kind('/api/activity/', 'actor')).toBe('id');
    expect(kind('/api/notifications/mentionable/', 'client')).toBe('id');
    expect(kind('/api/notification-settings/unsubscribe/', 'user')).toBe('id');
    expect(kind('/api/projects/{key}/', 'key')).toBe('text');
    const projects = h.operations.find(
      (op) => op.method === 'POST' && op.path === '/api/projects/',
    );
    expect(kindOf(projects?.body?.properties?.target_date)).toBe('date');
    expect(kindOf(projects?.body?.properties?.client)).toBe('id');
    expect(kindOf(projects?.body?.properties?.name)).toBe('text');
    // The sweeps' bodies and required parameters pass their own schemas.
    expect(exampleFor(projects?.body)).toMatchObject({ client: 1, target_date: '2026-01-15' });
    const unsubscribe = h.operations.find(
      (op) => op.path === '/api/notification-settings/unsubscribe/',
    );
    expect(requiredQuery(unsubscribe!)).toEqual({
      user: '1',
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it(
    'answers a path key past PostgreSQL integer, 0 or -1 as one that names no record',
    async () => {
      const from = h.failures.length;
      let swept = 0;
      for (const op of h.operations)
        for (const name of op.pathParams)
          for (const role of ROLES) {
            const answers = new Map<string, Answer>();
            for (const value of INTEGER_EDGES)
              answers.set(
                value,
                await h.send(
                  `path ${name}=${value}`,
                  request(op, { path: { [name]: value } }),
                  role,
                ),
              );
            const absent = answers.get(ABSENT_ID)!;
            if (absent.status < 400) h.fail(absent, 'a key that names no record was answered');
            // 404, as a key that does not parse (decision 0005), or what an absent key gets
            // when the refusal or the body's check comes first.
            for (const value of OUT_OF_RANGE) {
              const answer = answers.get(value)!;
              if (answer.status !== 404 && answer.status !== absent.status)
                h.fail(answer, `not a 404, nor as a key naming no record (${absent.status})`);
            }
            swept++;
          }
      expect(h.failures.slice(from, from + 40)).toEqual([]);
      expect(swept).toBeGreaterThan(60 * ROLES.length);
    },
    TIMEOUT,
  );

  it(
    'refuses a query filter past PostgreSQL integer, 0 or -1 with a 400 on the filter',
    async () => {
      const from = h.failures.length;
      let swept = 0;
      for (const op of h.operations)
        for (const param of queryParams(op)) {
          const kind = kindOf(param.schema, param.description);
          const paging = param.name === 'page' || param.name === 'page_size';
          if (kind !== 'id' && kind !== 'integer' && !paging) continue;
          for (const role of ROLES) {
            for (const value of INTEGER_EDGES) {
              const answer = await h.send(
                `query ${param.name}=${value}`,
                request(op, { query: { [param.name]: value } }),
                role,
              );
              if (kind === 'id' && value !== ABSENT_ID)
                expectRefusedOn(answer, param.name, 'an id filter out of range');
            }
            swept++;
          }
        }
      expect(h.failures.slice(from, from + 40)).toEqual([]);
      expect(swept).toBeGreaterThan(20 * ROLES.length);
    },
    TIMEOUT,
  );

  it(
    'refuses an integer or reference in a body past PostgreSQL integer with a 400 on the field',
    async () => {
      const from = h.failures.length;
      let swept = 0;
      for (const op of h.operations)
        for (const [field, schema] of bodyFields(op)) {
          const kind = kindOf(schema);
          if (kind !== 'id' && kind !== 'integer') continue;
          for (const role of ROLES)
            for (const value of INTEGER_EDGES) {
              const answer = await h.send(
                `body ${field}=${value}`,
                request(op, { body: bodyWith(op, field, value) }),
                role,
              );
              if ((kind === 'id' && value !== ABSENT_ID) || PAST_INTEGER.includes(value))
                expectRefusedOn(answer, field, 'a value out of range');
              swept++;
              // Without credentials a caller is turned away whatever the body holds.
              if (answer.status === 401) break;
            }
        }
      expect(h.failures.slice(from, from + 40)).toEqual([]);
      expect(swept).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    'refuses a day PostgreSQL cannot hold or no calendar has with a 400 on the field',
    async () => {
      const from = h.failures.length;
      let swept = 0;
      const sweep = async (
        op: Operation,
        field: string,
        kind: FieldKind,
        send: (value: string, role: Role) => Promise<Answer>,
      ) => {
        for (const role of ROLES) {
          for (const value of datesFor(kind))
            expectRefusedOn(await send(value, role), field, 'an impossible day');
          // The first and last day taken: answered either way, never a 500.
          for (const value of EXTREME_DATES) await send(value, role);
        }
        swept++;
      };
      for (const op of h.operations) {
        for (const param of queryParams(op)) {
          const kind = kindOf(param.schema, param.description);
          if (kind === 'date' || kind === 'date-time')
            await sweep(op, param.name, kind, (value, role) =>
              h.send(
                `query ${param.name}=${value}`,
                request(op, { query: { [param.name]: value } }),
                role,
              ),
            );
        }
        for (const [field, schema] of bodyFields(op)) {
          const kind = kindOf(schema);
          if (kind === 'date' || kind === 'date-time')
            await sweep(op, field, kind, (value, role) =>
              h.send(
                `body ${field}=${value}`,
                request(op, { body: bodyWith(op, field, value) }),
                role,
              ),
            );
        }
      }
      expect(h.failures.slice(from, from + 40)).toEqual([]);
      expect(swept).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    'refuses a first-seen day or moment of an imported CSV that cannot be held, on its row',
    async () => {
      const from = h.failures.length;
      // The one date that comes in a file, so the document does not describe it.
      const values = [...IMPOSSIBLE_DATES, ...IMPOSSIBLE_MOMENTS];
      for (const role of ROLES)
        for (const [i, value] of values.entries()) {
          const file = `first_name,last_name,email,created_at\nEdge,Day,edge-${role}-${i}@example.test,${value}\n`;
          const answer = await h.send(
            `csv created_at=${value}`,
            {
              method: 'POST',
              url: '/api/leads/import/',
              ...multipart([
                { name: 'dry_run', value: 'false' },
                { name: 'file', filename: 'leads.csv', type: 'text/csv', data: Buffer.from(file) },
              ]),
            },
            role,
          );
          const errors = (answer.body as { errors?: { row: number; field: string }[] } | null)
            ?.errors;
          const refused = errors?.some((e) => e.row === 2 && e.field === 'created_at');
          if (!REFUSED_FIRST.has(answer.status) && !(answer.status === 200 && refused))
            h.fail(answer, 'an impossible day was imported');
        }
      expect(h.failures.slice(from, from + 40)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'reads zero-width and whitespace-only text as blank wherever text goes',
    async () => {
      const from = h.failures.length;
      let swept = 0;
      const shown = (value: string) => JSON.stringify(value).slice(1, -1);
      for (const op of h.operations) {
        for (const param of op.parameters) {
          if (kindOf(param.schema, param.description) !== 'text') continue;
          for (const role of ROLES)
            for (const value of BLANK_TEXTS)
              await h.send(
                `${param.in} ${param.name}=${shown(value)}`,
                param.in === 'path'
                  ? request(op, { path: { [param.name]: encodeURIComponent(value) } })
                  : request(op, { query: { [param.name]: value } }),
                role,
              );
          swept++;
        }
        for (const [field, schema] of bodyFields(op)) {
          if (schema.enum === undefined && kindOf(schema) === 'other') continue;
          for (const role of ROLES) {
            const send = (value: string) =>
              h.send(
                `body ${field}=${shown(value)}`,
                request(op, { body: bodyWith(op, field, value) }),
                role,
              );
            // Spaces are blank to every text field; what a field does with them (refuse them,
            // or store them as nothing) it does with any other blank-looking text.
            const first = await send(WHITESPACE);
            // Without credentials a caller is turned away whatever the body holds.
            if (first.status === 401) continue;
            const spaces = outcome(first, field);
            for (const value of BLANK_TEXTS.filter((v) => v !== WHITESPACE)) {
              const answer = await send(value);
              if (
                (spaces === 'refused' || spaces === 'stored blank') &&
                outcome(answer, field) !== spaces
              )
                h.fail(
                  answer,
                  `blank text not read as blank: ${outcome(answer, field)}, spaces ${spaces}`,
                );
            }
          }
          swept++;
        }
      }
      expect(h.failures.slice(from, from + 40)).toEqual([]);
      expect(swept).toBeGreaterThan(100);
      console.info(
        `edge values: ${h.counts.requests} requests, ${h.counts.writes} writes; ${[...h.statuses]
          .map(([k, v]) => `${k}×${v}`)
          .join(' ')}`,
      );
    },
    TIMEOUT,
  );
});
