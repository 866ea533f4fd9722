import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler, notFoundHandler, permissionDenied } from './errors';
import { registerResource } from './resource';

// A tiny in-memory resource exercises the generic helper without any feature module.
const noteSchema = z.object({ id: z.number(), title: z.string(), done: z.boolean() });
type Note = z.infer<typeof noteSchema>;
const writeSchema = z.object({ title: z.string().min(1).max(20), done: z.boolean() });

const build = async () => {
  const notes = new Map<number, Note>();
  let nextId = 1;
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  registerResource(app, {
    name: 'notes',
    item: noteSchema,
    query: z.object({ done: z.enum(['true', 'false']).optional() }),
    createBody: writeSchema,
    updateBody: writeSchema,
    permission: (request, action) => {
      if (action !== 'list' && action !== 'retrieve' && request.headers['x-role'] !== 'staff')
        throw permissionDenied();
    },
    list: async (_request, query, page) => {
      const all = [...notes.values()].filter(
        (n) => query.done === undefined || String(n.done) === query.done,
      );
      const window = page(all.length);
      return {
        count: all.length,
        window,
        rows: all.slice(window.offset, window.offset + window.limit),
      };
    },
    retrieve: async (_request, id) => notes.get(id),
    create: async (_request, body) => {
      const note = { id: nextId++, ...body };
      notes.set(note.id, note);
      return note;
    },
    update: async (_request, id, body) => {
      const note = notes.get(id);
      if (!note) return null;
      Object.assign(note, body);
      return note;
    },
    destroy: async (_request, id) => notes.delete(id),
    move: {
      summary: 'Move a note to the front',
      body: z.object({ to: z.literal(0) }),
      answer: z.array(noteSchema),
      run: async (_request, id) => {
        const note = notes.get(id);
        if (!note) return null;
        return [note, ...[...notes.values()].filter((n) => n !== note)];
      },
    },
  });
  await app.ready();
  return app;
};

const staff = { 'x-role': 'staff' };
let app: Awaited<ReturnType<typeof build>>;
beforeEach(async () => {
  app = await build();
});

describe('registerResource', () => {
  it('creates, reads, updates partially and fully, and deletes', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/notes/',
      headers: staff,
      payload: { title: 'One', done: false },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 1, title: 'One', done: false });

    const patched = await app.inject({
      method: 'PATCH',
      url: '/api/notes/1/',
      headers: staff,
      payload: { done: true },
    });
    expect(patched.json()).toEqual({ id: 1, title: 'One', done: true });

    const partialPut = await app.inject({
      method: 'PUT',
      url: '/api/notes/1/',
      headers: staff,
      payload: { title: 'Two' },
    });
    expect(partialPut.statusCode).toBe(400);
    expect(partialPut.json()).toHaveProperty('done');

    expect((await app.inject({ method: 'GET', url: '/api/notes/1/' })).json()).toMatchObject({
      done: true,
    });
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/notes/1/', headers: staff })).statusCode,
    ).toBe(204);
    const gone = await app.inject({ method: 'GET', url: '/api/notes/1/' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Not found.' });
  });

  it('paginates with absolute next/previous links and rejects pages past the end', async () => {
    for (let i = 0; i < 5; i++)
      await app.inject({
        method: 'POST',
        url: '/api/notes/',
        headers: staff,
        payload: { title: `n${i}`, done: i % 2 === 0 },
      });
    const first = await app.inject({
      method: 'GET',
      url: '/api/notes/?page_size=2',
      headers: { host: 'portal.test' },
    });
    expect(first.json()).toMatchObject({
      count: 5,
      previous: null,
      next: 'http://portal.test/api/notes/?page_size=2&page=2',
    });
    const last = await app.inject({ method: 'GET', url: '/api/notes/?page_size=2&page=last' });
    expect(last.json()).toMatchObject({ count: 5, next: null, results: [{ title: 'n4' }] });
    const filtered = await app.inject({ method: 'GET', url: '/api/notes/?done=true' });
    expect(filtered.json().count).toBe(3);
    const beyond = await app.inject({ method: 'GET', url: '/api/notes/?page=9' });
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('runs the permission hook before any write', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/notes/',
      payload: { title: 'x', done: false },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    // Before validation too: a caller who may not write learns nothing from field errors.
    const invalid = await app.inject({ method: 'PATCH', url: '/api/notes/abc/', payload: [] });
    expect(invalid.statusCode).toBe(403);
    const badBody = await app.inject({ method: 'POST', url: '/api/notes/', payload: { title: 5 } });
    expect(badBody.statusCode).toBe(403);
  });

  it('answers bad input with DRF-shaped 400s naming the field', async () => {
    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/notes/',
      headers: staff,
      payload: { title: 5, done: 'yes' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json()).sort()).toEqual(['done', 'title']);
    expect(wrongType.json().title).toEqual([expect.any(String)]);

    const tooLong = await app.inject({
      method: 'POST',
      url: '/api/notes/',
      headers: staff,
      payload: { title: 'x'.repeat(21), done: true },
    });
    expect(tooLong.json()).toHaveProperty('title');

    const badJson = await app.inject({
      method: 'POST',
      url: '/api/notes/',
      headers: { ...staff, 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().detail).toMatch(/JSON parse error/);

    // Paging is read as DRF's paginator reads it: a bad page size falls back to the default,
    // a bad page is a 404 (decision 0016).
    const badSize = await app.inject({ method: 'GET', url: '/api/notes/?page_size=abc' });
    expect(badSize.statusCode).toBe(200);
    const badPage = await app.inject({ method: 'GET', url: '/api/notes/?page=abc' });
    expect(badPage.statusCode).toBe(404);
    expect(badPage.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('treats a path id that is not an integer as a missing record', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/notes/abc/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/notes/',
      headers: { ...staff, 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('detail');
  });
});

describe('registerResource move action', () => {
  it('answers the reordered list, guarded like any write, with 404 for a missing record', async () => {
    for (const title of ['a', 'b'])
      await app.inject({
        method: 'POST',
        url: '/api/notes/',
        headers: staff,
        payload: { title, done: false },
      });
    const moved = await app.inject({
      method: 'POST',
      url: '/api/notes/2/move/',
      headers: staff,
      payload: { to: 0 },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().map((n: { title: string }) => n.title)).toEqual(['b', 'a']);

    // Permission first: a caller who may not move learns nothing from a bad body.
    const denied = await app.inject({
      method: 'POST',
      url: '/api/notes/2/move/',
      payload: { to: 'x' },
    });
    expect(denied.statusCode).toBe(403);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/notes/2/move/',
      headers: staff,
      payload: { to: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('to');
    const missing = await app.inject({
      method: 'POST',
      url: '/api/notes/99/move/',
      headers: staff,
      payload: { to: 0 },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('registerResource list entries and body limit', () => {
  const buildDocs = async () => {
    const docs = new Map<number, { id: number; title: string; body: string }>();
    const docsApp = Fastify();
    docsApp.setValidatorCompiler(validatorCompiler);
    docsApp.setSerializerCompiler(serializerCompiler);
    docsApp.setErrorHandler(errorHandler);
    const doc = z.object({ id: z.number(), title: z.string(), body: z.string() });
    registerResource(docsApp, {
      name: 'docs',
      item: doc,
      listItem: doc.omit({ body: true }),
      createBody: z.object({ title: z.string(), body: z.string() }),
      updateBody: z.object({ body: z.string() }),
      bodyLimit: 4096,
      permission: () => {},
      list: async (_request, _query, page) => {
        const rows = [...docs.values()].map(({ id, title }) => ({ id, title }));
        return { count: rows.length, window: page(rows.length), rows };
      },
      create: async (_request, body) => {
        const created = { id: docs.size + 1, ...body };
        docs.set(created.id, created);
        return created;
      },
      update: async (_request, id, body) => {
        const found = docs.get(id);
        return found && Object.assign(found, body);
      },
    });
    await docsApp.ready();
    return docsApp;
  };

  it('answers list entries in their own shape, and takes bodies up to its own limit', async () => {
    const docs = await buildDocs();
    const body = 'x'.repeat(3000);
    const created = await docs.inject({
      method: 'POST',
      url: '/api/docs/',
      payload: { title: 'Long', body },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 1, title: 'Long', body });
    const list = await docs.inject({ method: 'GET', url: '/api/docs/' });
    expect(list.json().results).toEqual([{ id: 1, title: 'Long' }]);

    for (const [method, url] of [
      ['POST', '/api/docs/'],
      ['PATCH', '/api/docs/1/'],
      ['PUT', '/api/docs/1/'],
    ] as const) {
      const tooBig = await docs.inject({
        method,
        url,
        payload: { title: 'Too long', body: 'x'.repeat(5000) },
      });
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toEqual({ detail: 'Request body is too large.' });
    }
  });
});
