import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/test-app';

let t: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(
    path.join(webDist, 'assets', 'app-abc123.js.br'),
    brotliCompressSync('console.log(1)'),
  );
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('answers any app route with index.html (history fallback)', async () => {
    for (const url of ['/', '/login', '/projects/some-slug', '/no/such/page?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed file to browsers that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('keeps 404s for API paths, media and missing files', async () => {
    for (const url of ['/api/unknown/', '/media/missing.png', '/assets/gone-123.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('database connection loss', () => {
  it('keeps serving after the database drops every connection', async () => {
    // Fill the pool with idle connections, then kill them all from outside, as a restart would.
    await Promise.all(Array.from({ length: 4 }, () => t.db.execute(sql`select pg_sleep(0.05)`)));
    const outside = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
    await outside.connect();
    const killed = await outside.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await outside.end();
    expect(killed.rowCount).toBeGreaterThanOrEqual(4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    let ok = false;
    // The first query may meet a connection that died under it; the pool replaces it.
    for (let attempt = 0; attempt < 3 && !ok; attempt++) {
      ok = await t.db.execute(sql`select 1 as one`).then(
        () => true,
        () => false,
      );
    }
    expect(ok).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: '/api/config/' });
    expect(res.statusCode).toBe(200);
  });
});
