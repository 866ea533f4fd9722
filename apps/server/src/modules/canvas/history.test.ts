import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANVAS_CONFLICT_MESSAGE, type Canvas } from '@portal/contract/canvas';
import {
  CANVAS_HISTORY_MESSAGES,
  type CanvasVersion,
  type CanvasVersionSummary,
} from '@portal/contract/canvas-history';
import { useTestWorld } from '../../test/test-world';
import { issueToken } from '../auth/tokens';
import {
  createWorld,
  DENIED,
  NOT_FOUND,
  UNAUTHENTICATED,
  type Role,
} from '../clients/test-fixtures';
import { chainCanvas } from './test-fixtures';

const { t, w } = useTestWorld(createWorld, 'cvh');

const staff = () => w.as('staff');
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const diagram = (models: number) => JSON.stringify(chainCanvas(models));

let impersonating: (method: 'GET' | 'POST', url: string) => Promise<LightMyRequestResponse>;
beforeAll(async () => {
  const { token } = await issueToken(t.db, w.users.member.id, {
    ttlMs: t.ctx.config.tokenIdleMs,
    impersonatorId: w.users.staff.id,
  });
  impersonating = (method, url) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Token ${token}` },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
});

/** A canvas made, then saved with 2 and 3 models, as staff: versions 1, 2 and 3. */
const canvasWithHistory = async () => {
  const created = await staff().post('/api/canvas/', {
    name: 'Shop',
    client_id: w.acme.id,
    data: '',
  });
  expect(created.statusCode).toBe(201);
  const { id } = created.json() as Canvas;
  for (const [version, models] of [
    [1, 2],
    [2, 3],
  ] as const) {
    const saved = await staff().patch(`/api/canvas/${id}/`, { data: diagram(models), version });
    expect(saved.statusCode).toBe(200);
  }
  return id;
};

const versionsOf = async (id: number) => {
  const res = await staff().get(`/api/canvas/${id}/versions/`);
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; results: CanvasVersionSummary[] };
};

describe('canvas history', () => {
  it('keeps every version with who, when and how many models, newest first', async () => {
    const id = await canvasWithHistory();
    const list = await versionsOf(id);
    expect(list.count).toBe(3);
    const staffRef = { id: w.users.staff.id, name: expect.any(String) as string };
    expect(list.results).toEqual([
      {
        version: 3,
        kind: 'saved',
        restored_from: null,
        saved_by: staffRef,
        saved_at: expect.stringMatching(ISO) as string,
        models: 3,
      },
      {
        version: 2,
        kind: 'saved',
        restored_from: null,
        saved_by: staffRef,
        saved_at: expect.stringMatching(ISO) as string,
        models: 2,
      },
      {
        version: 1,
        kind: 'created',
        restored_from: null,
        saved_by: staffRef,
        saved_at: expect.stringMatching(ISO) as string,
        models: 0,
      },
    ]);

    const one = await staff().get(`/api/canvas/${id}/versions/2/`);
    expect(one.statusCode).toBe(200);
    const version = one.json() as CanvasVersion;
    expect(version).toMatchObject({ version: 2, kind: 'saved', models: 2 });
    expect(JSON.parse(version.data)).toEqual(chainCanvas(2));

    // Pages as every list does.
    const page = await staff().get(`/api/canvas/${id}/versions/?page_size=2&page=2`);
    expect(page.json()).toMatchObject({ count: 3, results: [{ version: 1 }] });
  });

  it('restores an earlier diagram as a new version, and the versions between stay', async () => {
    const id = await canvasWithHistory();
    const res = await staff().post(`/api/canvas/${id}/versions/2/restore/`, { version: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"4"');
    const canvas = res.json() as Canvas;
    expect(canvas.version).toBe(4);
    expect(JSON.parse(canvas.data)).toEqual(chainCanvas(2));

    const list = await versionsOf(id);
    expect(list.results.map((v) => [v.version, v.kind, v.restored_from, v.models])).toEqual([
      [4, 'restored', 2, 2],
      [3, 'saved', null, 3],
      [2, 'saved', null, 2],
      [1, 'created', null, 0],
    ]);
    // The restored diagram is what the canvas answers from now on.
    expect((await staff().get(`/api/canvas/${id}/`)).json()).toMatchObject({ version: 4 });
  });

  it('refuses a restore from a stale editor (409), of the current version (400), of none (404)', async () => {
    const id = await canvasWithHistory();
    const stale = await staff().post(`/api/canvas/${id}/versions/1/restore/`, { version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: CANVAS_CONFLICT_MESSAGE, version: 3 });

    const current = await staff().post(`/api/canvas/${id}/versions/3/restore/`, {});
    expect(current.statusCode).toBe(400);
    expect(current.json()).toEqual({ detail: CANVAS_HISTORY_MESSAGES.alreadyCurrent });

    const missing = await staff().post(`/api/canvas/${id}/versions/9/restore/`, {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: CANVAS_HISTORY_MESSAGES.versionNotFound });
    expect((await staff().get(`/api/canvas/${id}/versions/9/`)).statusCode).toBe(404);
    expect((await staff().get('/api/canvas/999999/versions/')).json()).toEqual(NOT_FOUND);

    // Nothing was written by the refusals.
    expect((await versionsOf(id)).count).toBe(3);
  });

  it('keeps a version for an import and for a renaming', async () => {
    const id = await canvasWithHistory();
    const imported = await staff().post(`/api/canvas/${id}/import-sql/`, {
      sql: 'CREATE TABLE shelf (id integer PRIMARY KEY, label text NOT NULL);',
      dialect: 'postgresql',
    });
    expect(imported.statusCode).toBe(200);
    const renamed = await staff().patch(`/api/canvas/${id}/`, { name: 'Shop, renamed' });
    expect(renamed.statusCode).toBe(200);
    const [latest, importedVersion] = (await versionsOf(id)).results;
    expect(latest).toMatchObject({ version: 5, kind: 'saved', models: 4 });
    expect(importedVersion).toMatchObject({ version: 4, kind: 'imported', models: 4 });
  });

  const denied: [Role, number, object][] = [
    ['visitor', 401, UNAUTHENTICATED],
    ['outsider', 403, DENIED],
    ['member', 403, DENIED],
  ];

  it.each(denied)('a %s can neither read the history nor restore', async (role, status, body) => {
    const id = await canvasWithHistory();
    const api = w.as(role);
    for (const res of [
      await api.get(`/api/canvas/${id}/versions/`),
      await api.get(`/api/canvas/${id}/versions/1/`),
      await api.post(`/api/canvas/${id}/versions/1/restore/`, {}),
    ]) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
    }
    expect((await versionsOf(id)).count).toBe(3);
  });

  it('staff impersonating a member are that member here: no history', async () => {
    const id = await canvasWithHistory();
    expect((await impersonating('GET', `/api/canvas/${id}/versions/`)).statusCode).toBe(403);
    expect((await impersonating('POST', `/api/canvas/${id}/versions/1/restore/`)).statusCode).toBe(
      403,
    );
    expect((await versionsOf(id)).count).toBe(3);
  });
});
