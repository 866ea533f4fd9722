import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CANVAS_CONFLICT_MESSAGE,
  CANVAS_LIMITS,
  type Canvas,
  type CanvasSummary,
} from '@portal/contract/canvas';
import { canvases } from '../../db/schema/index';
import { useTestWorld } from '../../test/test-world';
import {
  createWorld,
  DENIED,
  NOT_FOUND,
  UNAUTHENTICATED,
  type Role,
} from '../clients/test-fixtures';
import { CANVAS_BODY_LIMIT, IF_MATCH_MESSAGES } from './routes';
import { chainCanvas, chainCanvasOfSize } from './test-fixtures';

const { t, w } = useTestWorld(createWorld, 'cv');

const staff = () => w.as('staff');
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const diagram = JSON.stringify(chainCanvas(3));

/** A canvas made through the API, as staff. */
const createCanvas = async (fields: { name?: string; data?: string; client_id?: number } = {}) => {
  const res = await staff().post('/api/canvas/', {
    name: 'Shop model',
    client_id: w.acme.id,
    data: '',
    ...fields,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as Canvas;
};

/** A staff update with an `If-Match` header. */
const patchIfMatch = (id: number, ifMatch: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/canvas/${id}/`,
    headers: { authorization: `Token ${w.tokens.staff}`, 'if-match': ifMatch },
    payload,
  });

const stored = async (id: number) =>
  (await t.db.select().from(canvases).where(eq(canvases.id, id)))[0];

describe('canvas permissions', () => {
  const denied: [Role, number, object][] = [
    ['visitor', 401, UNAUTHENTICATED],
    ['outsider', 403, DENIED],
    ['member', 403, DENIED],
  ];

  it.each(denied)('a %s can neither read nor write canvases', async (role, status, body) => {
    const canvas = await createCanvas({ name: 'Kept', data: diagram });
    const api = w.as(role);
    for (const res of [
      await api.get('/api/canvas/'),
      await api.get(`/api/canvas/${canvas.id}/`),
      await api.post('/api/canvas/', { name: 'Sneaky', data: '', client_id: w.acme.id }),
      await api.patch(`/api/canvas/${canvas.id}/`, { data: '' }),
      await api.put(`/api/canvas/${canvas.id}/`, { name: 'Renamed', data: '' }),
      await api.delete(`/api/canvas/${canvas.id}/`),
      // Nor does a body too big for anyone tell them anything else.
      await api.post('/api/canvas/', { name: 'x', data: 'x'.repeat(CANVAS_BODY_LIMIT) }),
    ]) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
    }
    expect(await stored(canvas.id)).toMatchObject({ name: 'Kept', data: diagram, version: 1 });
    const names = await t.db.select({ name: canvases.name }).from(canvases);
    expect(names.map((c) => c.name)).not.toContain('Sneaky');
  });

  it('a visitor is asked to sign in with the Token scheme', async () => {
    const res = await w.as('visitor').get('/api/canvas/');
    expect(res.headers['www-authenticate']).toBe('Token');
  });
});

describe('canvas as staff', () => {
  it('creates an empty canvas as the spec sends it and reads it back with its data', async () => {
    const res = await staff().post('/api/canvas/', {
      name: '  Checkout flow  ',
      data: '',
      client_id: w.acme.id,
    });
    expect(res.statusCode).toBe(201);
    const canvas: Canvas = res.json();
    expect(canvas).toEqual({
      id: expect.any(Number),
      name: 'Checkout flow',
      client_id: w.acme.id,
      client_name: w.acme.name,
      data: '',
      version: 1,
      created_at: expect.stringMatching(ISO),
      updated_at: canvas.created_at,
    });
    expect(res.headers.etag).toBe('"1"');
    const read = await staff().get(`/api/canvas/${canvas.id}/`);
    expect(read.json()).toEqual(canvas);
    expect(read.headers.etag).toBe('"1"');
    expect((await stored(canvas.id))?.createdById).toBe(w.users.staff.id);
  });

  it('creates a canvas without data (empty) or with a diagram, kept exactly as sent', async () => {
    const res = await staff().post('/api/canvas/', { name: 'No data', client_id: w.globex.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: '', client_name: w.globex.name });
    // Spacing and React Flow's own keys stay: the editor gets back what it saved.
    const pretty = JSON.stringify(chainCanvas(2), null, 2);
    expect((await createCanvas({ data: pretty })).data).toBe(pretty);
  });

  it('lists every canvas by name with its client name and without its data', async () => {
    const ids = [
      (await createCanvas({ name: 'zebra model', data: diagram })).id,
      (await createCanvas({ name: 'Aardvark model', client_id: w.globex.id })).id,
      (await createCanvas({ name: 'mango model' })).id,
    ];
    const res = await staff().get('/api/canvas/?page_size=100');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    const mine: CanvasSummary[] = page.results.filter((c: CanvasSummary) => ids.includes(c.id));
    expect(mine.map((c) => [c.name, c.client_name])).toEqual([
      ['Aardvark model', w.globex.name],
      ['mango model', w.acme.name],
      ['zebra model', w.acme.name],
    ]);
    expect(Object.keys(mine[0]!).sort()).toEqual(
      ['client_id', 'client_name', 'created_at', 'id', 'name', 'updated_at', 'version'].sort(),
    );
    const names: string[] = page.results.map((c: CanvasSummary) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(page.count).toBe(page.results.length);
    expect(res.headers.etag).toBeUndefined();
  });

  it('pages like every list, so a fetch-all follows next to the end', async () => {
    for (let i = 0; i < 3; i++) await createCanvas({ name: `Paged ${i}` });
    const first = await staff().get('/api/canvas/?page_size=2');
    const { count, next, results } = first.json();
    expect(results).toHaveLength(2);
    expect(next).toMatch(/\/api\/canvas\/\?page_size=2&page=2$/);
    const last = await staff().get(`/api/canvas/?page_size=2&page=${Math.ceil(count / 2)}`);
    expect(last.json().next).toBeNull();
    expect((await staff().get('/api/canvas/?page=999')).json()).toEqual({
      detail: 'Invalid page.',
    });
  });

  it('saves a diagram with PATCH, renames with PUT, bumping the version each time', async () => {
    const canvas = await createCanvas();
    const saved = await staff().patch(`/api/canvas/${canvas.id}/`, { data: diagram });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: canvas.id, data: diagram, version: 2 });
    expect(saved.headers.etag).toBe('"2"');
    expect(Date.parse(saved.json().updated_at)).toBeGreaterThanOrEqual(
      Date.parse(canvas.updated_at),
    );
    expect(saved.json().created_at).toBe(canvas.created_at);

    const put = await staff().put(`/api/canvas/${canvas.id}/`, { name: 'Renamed' });
    expect(put.json()).toMatchObject({ name: 'Renamed', data: diagram, version: 3 });
    // An empty string empties the canvas again.
    const emptied = await staff().patch(`/api/canvas/${canvas.id}/`, { data: '' });
    expect(emptied.json()).toMatchObject({ data: '', version: 4 });
    expect(await stored(canvas.id)).toMatchObject({ name: 'Renamed', data: '', version: 4 });
  });

  it('ignores a client_id sent on update: a canvas stays with its client', async () => {
    const canvas = await createCanvas();
    const res = await staff().patch(`/api/canvas/${canvas.id}/`, { client_id: w.globex.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ client_id: w.acme.id, version: 1 });
  });

  it('deletes a canvas: 204, then 404 for it', async () => {
    const canvas = await createCanvas();
    const res = await staff().delete(`/api/canvas/${canvas.id}/`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await stored(canvas.id)).toBeUndefined();
    for (const again of [
      await staff().get(`/api/canvas/${canvas.id}/`),
      await staff().patch(`/api/canvas/${canvas.id}/`, { data: '' }),
      await staff().patch(`/api/canvas/${canvas.id}/`, { data: '', version: 1 }),
      await staff().delete(`/api/canvas/${canvas.id}/`),
      await staff().get('/api/canvas/abc/'),
    ]) {
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
    }
  });
});

describe('canvas input', () => {
  it.each([
    ['no name', { name: undefined }, 'name', 'This field is required.'],
    ['a blank name', { name: '   ' }, 'name', 'This field may not be blank.'],
    [
      'a long name',
      { name: 'n'.repeat(256) },
      'name',
      'Ensure this field has no more than 255 characters.',
    ],
    [
      'a null character in the name',
      { name: 'a\u0000b' },
      'name',
      'Null characters are not allowed.',
    ],
    ['no client', { client_id: undefined }, 'client_id', 'This field is required.'],
    [
      'an unknown client',
      { client_id: 999_999 },
      'client_id',
      'Invalid pk "999999" - object does not exist.',
    ],
    [
      'a client that is not an id',
      { client_id: 'acme' },
      'client_id',
      'Incorrect type. Expected pk value, received str.',
    ],
    ['data that is not a string', { data: { nodes: [] } }, 'data', 'Not a valid string.'],
  ])('create with %s is a 400 on the field', async (_case, fields, field, message) => {
    const body = { name: 'Bad', client_id: w.acme.id, data: '', ...fields };
    const res = await staff().post('/api/canvas/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()[field]).toEqual([message]);
  });

  it('a body that is not an object, or not JSON, is a 400', async () => {
    const array = await staff().post('/api/canvas/', []);
    expect(array.statusCode).toBe(400);
    expect(array.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/canvas/',
      headers: { authorization: `Token ${w.tokens.staff}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().detail).toMatch(/^JSON parse error/);
  });

  const bad = (mutate: (data: ReturnType<typeof chainCanvas>) => unknown) => {
    const data = chainCanvas(3);
    return JSON.stringify(mutate(data) ?? data);
  };

  it.each([
    ['text that is not JSON', '{"nodes": [', /^Not valid JSON/],
    ['JSON that is not a diagram', '[1, 2]', /expected object/i],
    ['a diagram without a viewport', '{"nodes": [], "edges": []}', /^viewport: /],
    [
      'an unknown attribute type',
      bad((d) => {
        (d.nodes[0]!.data.fields[0] as { type: string }).type = 'varchar';
      }),
      /^nodes\.0\.data\.fields\.0\.type: /,
    ],
    [
      'an edge to a missing model',
      bad((d) => {
        d.edges[0]!.target = 'ghost';
      }),
      /^edges\.0\.target: Unknown node id "ghost"\.$/,
    ],
    [
      'a relation to a missing model',
      bad((d) => {
        d.nodes[0]!.data.relations[0]!.to = 'ghost';
      }),
      /^nodes\.0\.data\.relations\.0\.to: Unknown node id "ghost"\.$/,
    ],
    [
      'two models with the same id',
      bad((d) => {
        d.nodes[2]!.id = d.nodes[1]!.id;
      }),
      /^nodes\.2\.id: Duplicate node id "model-1"\.$/,
    ],
    [
      'two edges with the same id',
      bad((d) => {
        d.edges[1]!.id = d.edges[0]!.id;
      }),
      /^edges\.1\.id: Duplicate edge id "edge-0"\.$/,
    ],
  ])('a diagram with %s is a 400 on data, on create and update', async (_case, data, message) => {
    const created = await staff().post('/api/canvas/', { name: 'Bad', client_id: w.acme.id, data });
    expect(created.statusCode).toBe(400);
    expect(Object.keys(created.json())).toEqual(['data']);
    expect(created.json().data).toEqual(expect.arrayContaining([expect.stringMatching(message)]));

    const canvas = await createCanvas({ data: diagram });
    const updated = await staff().patch(`/api/canvas/${canvas.id}/`, { data, version: 1 });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().data).toEqual(created.json().data);
    expect(await stored(canvas.id)).toMatchObject({ data: diagram, version: 1 });
  });

  it('saves a diagram of about 1.9 MB', async () => {
    const data = chainCanvasOfSize(1.9 * 1024 * 1024);
    expect(data.length).toBeLessThan(CANVAS_LIMITS.dataBytes);
    const canvas = await createCanvas({ data });
    const saved = await staff().patch(`/api/canvas/${canvas.id}/`, { data, version: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().version).toBe(2);
    const read = await staff().get(`/api/canvas/${canvas.id}/`);
    expect(read.json().data).toBe(data);
  });

  it('refuses a diagram over 2 MB with a 400 on data, and a body over the limit with 413', async () => {
    const canvas = await createCanvas({ data: diagram });
    const data = chainCanvasOfSize(CANVAS_LIMITS.dataBytes + 1);
    expect(JSON.stringify({ data }).length).toBeLessThan(CANVAS_BODY_LIMIT);
    const tooBig = await staff().patch(`/api/canvas/${canvas.id}/`, { data });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ data: ['Ensure the canvas data is at most 2 MB.'] });
    const created = await staff().post('/api/canvas/', { name: 'Big', client_id: w.acme.id, data });
    expect(created.json()).toEqual({ data: ['Ensure the canvas data is at most 2 MB.'] });

    const huge = await staff().patch(`/api/canvas/${canvas.id}/`, {
      data: 'x'.repeat(CANVAS_BODY_LIMIT),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'Request body is too large.' });
    expect(await stored(canvas.id)).toMatchObject({ data: diagram, version: 1 });
  });

  it('update checks its fields too: blank name, wrong types, bad version', async () => {
    const canvas = await createCanvas();
    const cases: [object, string, string][] = [
      [{ name: '' }, 'name', 'This field may not be blank.'],
      [{ name: null }, 'name', 'This field may not be null.'],
      [{ data: 42 }, 'data', 'Not a valid string.'],
      [{ version: 'two' }, 'version', 'A valid integer is required.'],
      [{ version: -1 }, 'version', 'Ensure this value is greater than or equal to 0.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await staff().patch(`/api/canvas/${canvas.id}/`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ [field]: [message] });
    }
    expect(await stored(canvas.id)).toMatchObject({ name: 'Shop model', version: 1 });
  });
});

describe('canvas versions', () => {
  it('refuses a save made from an older version with 409 and the current version', async () => {
    const canvas = await createCanvas();
    // Someone else saves first...
    expect(
      (await staff().patch(`/api/canvas/${canvas.id}/`, { data: diagram, version: 1 })).json(),
    ).toMatchObject({ version: 2 });
    // ...so a save from version 1 would lose their work.
    const stale = await staff().patch(`/api/canvas/${canvas.id}/`, { data: '', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: CANVAS_CONFLICT_MESSAGE, version: 2 });
    expect(stale.headers.etag).toBe('"2"');
    const put = await staff().put(`/api/canvas/${canvas.id}/`, { name: 'Mine', version: 1 });
    expect(put.statusCode).toBe(409);
    expect(await stored(canvas.id)).toMatchObject({
      name: 'Shop model',
      data: diagram,
      version: 2,
    });

    // Reloaded, the save goes through.
    const fresh = await staff().patch(`/api/canvas/${canvas.id}/`, { data: '', version: 2 });
    expect(fresh.json()).toMatchObject({ data: '', version: 3 });
  });

  it('applies a save without a version whatever the current one is', async () => {
    const canvas = await createCanvas();
    await staff().patch(`/api/canvas/${canvas.id}/`, { name: 'Second' });
    const res = await staff().patch(`/api/canvas/${canvas.id}/`, { data: diagram });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Second', data: diagram, version: 3 });
  });

  it.each(['"2"', '2', 'W/"2"', ' "2" '])('reads the version from If-Match: %s', async (header) => {
    const canvas = await createCanvas();
    await staff().patch(`/api/canvas/${canvas.id}/`, { data: diagram });
    const ok = await patchIfMatch(canvas.id, header, { name: 'Matched' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Matched', version: 3 });
    expect(ok.headers.etag).toBe('"3"');
    const stale = await patchIfMatch(canvas.id, header, { name: 'Stale' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: CANVAS_CONFLICT_MESSAGE, version: 3 });
    expect((await stored(canvas.id))?.name).toBe('Matched');
  });

  it('takes If-Match: * as no version, and refuses an unreadable or contradicting header', async () => {
    const canvas = await createCanvas();
    expect((await patchIfMatch(canvas.id, '*', { name: 'Any' })).json()).toMatchObject({
      version: 2,
    });
    for (const header of ['abc', '"2147483648"', '9999999999']) {
      const unreadable = await patchIfMatch(canvas.id, header, { name: 'Bad' });
      expect(unreadable.statusCode).toBe(400);
      expect(unreadable.json()).toEqual({ version: [IF_MATCH_MESSAGES.invalid] });
    }
    const differs = await patchIfMatch(canvas.id, '"2"', { name: 'Bad', version: 1 });
    expect(differs.statusCode).toBe(400);
    expect(differs.json()).toEqual({ version: [IF_MATCH_MESSAGES.differs] });
    const agrees = await patchIfMatch(canvas.id, '"2"', { name: 'Good', version: 2 });
    expect(agrees.json()).toMatchObject({ name: 'Good', version: 3 });
  });

  it('an update with nothing to change writes nothing but still reports a stale version', async () => {
    const canvas = await createCanvas();
    const same = await staff().patch(`/api/canvas/${canvas.id}/`, { version: 1 });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(canvas);
    await staff().patch(`/api/canvas/${canvas.id}/`, { data: diagram });
    const stale = await staff().patch(`/api/canvas/${canvas.id}/`, {});
    expect(stale.json().version).toBe(2);
    const conflict = await patchIfMatch(canvas.id, '1', {});
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ detail: CANVAS_CONFLICT_MESSAGE, version: 2 });
  });

  it('of concurrent saves from the same version exactly one lands; the others get 409', async () => {
    const canvas = await createCanvas();
    const saves = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        staff().patch(`/api/canvas/${canvas.id}/`, {
          data: JSON.stringify(chainCanvas(i + 1)),
          version: 1,
        }),
      ),
    );
    const statuses = saves.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = saves.find((res) => res.statusCode === 200)!.json();
    expect(winner.version).toBe(2);
    for (const loser of saves.filter((res) => res.statusCode === 409))
      expect(loser.json()).toEqual({ detail: CANVAS_CONFLICT_MESSAGE, version: 2 });
    expect(await stored(canvas.id)).toMatchObject({ data: winner.data, version: 2 });
  });

  it('counts every concurrent save made without a version', async () => {
    const canvas = await createCanvas();
    await Promise.all(
      Array.from({ length: 5 }, () =>
        staff().patch(`/api/canvas/${canvas.id}/`, { data: diagram }),
      ),
    );
    expect((await stored(canvas.id))?.version).toBe(6);
  });
});

describe('canvas API document', () => {
  it('lists the canvas routes in /api/schema/', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/schema/' })).json().paths;
    expect(Object.keys(paths['/api/canvas/']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/canvas/{key}/']).sort()).toEqual([
      'delete',
      'get',
      'patch',
      'put',
    ]);
  });
});
