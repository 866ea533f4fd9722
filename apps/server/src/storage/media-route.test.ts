import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test/s3-server';
import { createTestApp, type TestContext } from '../test/test-app';

// The portal with STORAGE_DRIVER=s3 against a real S3-compatible server: files are served by
// the portal, streamed from the bucket.
let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestContext;
beforeAll(async () => {
  s3 = await startS3Server('portal-media');
  t = await createTestApp({
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'portal-media',
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'portal/',
  });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('GET /media/{key} from S3', () => {
  it('streams an image with its type, length and a long cache lifetime', async () => {
    const body = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4]);
    await t.ctx.storage.put('users/0123abcd.webp', body, 'image/webp');
    const res = await t.app.inject({ method: 'GET', url: '/media/users/0123abcd.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(body)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(body.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'content-disposition': 'inline',
    });
  });

  it('offers any other type as a download, never rendered on the portal origin', async () => {
    await t.ctx.storage.put(
      'runs/page.html',
      Buffer.from('<script>alert(1)</script>'),
      'text/html',
    );
    const res = await t.app.inject({ method: 'GET', url: '/media/runs/page.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment');
  });

  it('answers the DRF 404 for a missing or impossible key', async () => {
    for (const url of ['/media/users/missing.webp', '/media/..%2Fsecret', '/media/users//x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('reports the bucket reachable on the storage probe', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/storage' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { storage: true } });
  });
});
