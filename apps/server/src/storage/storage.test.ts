import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test/s3-server';
import { createDiskStorage } from './disk';
import { createS3Storage, type S3Options } from './s3';
import { storageContract } from './storage-contract';
import { StorageConfigError, StorageUnavailableError } from './types';

let root: string;
let s3Server: Awaited<ReturnType<typeof startS3Server>>;
let endpoint: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'portal-storage-'));
  s3Server = await startS3Server('portal-media');
  endpoint = s3Server.endpoint;
});
afterAll(async () => {
  await s3Server.close();
  await rm(root, { recursive: true, force: true });
});

const s3 = (overrides: Partial<S3Options> = {}) =>
  createS3Storage({
    bucket: 'portal-media',
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    prefix: '',
    ...overrides,
  });

storageContract('disk', () => createDiskStorage(path.join(root, 'media')));
storageContract('S3 (s3rver)', () => s3());
storageContract('S3 with a key prefix', () => s3({ prefix: 'tenant-a/' }));

describe('S3 check', () => {
  it('names a missing bucket', async () => {
    const check = s3({ bucket: 'no-such-bucket' }).check();
    await expect(check).rejects.toBeInstanceOf(StorageConfigError);
    await expect(s3({ bucket: 'no-such-bucket' }).check()).rejects.toThrow(
      `S3 storage: there is no bucket "no-such-bucket" at ${endpoint}.`,
    );
  });

  it('says the credentials were refused', async () => {
    await expect(
      s3({ credentials: { accessKeyId: 'WRONG', secretAccessKey: 'WRONG' } }).check(),
    ).rejects.toThrow(/credentials were refused for bucket "portal-media".*S3_ACCESS_KEY_ID/);
  });

  it('says when the server cannot be reached: an outage, not a configuration error', async () => {
    const storage = s3({ endpoint: 'http://127.0.0.1:9' });
    await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(
      storage.put('users/a.webp', Buffer.from('x'), 'image/webp'),
    ).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.get('users/a.webp')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(s3({ endpoint: 'http://127.0.0.1:9' }).check()).rejects.toThrow(
      /S3 storage: cannot reach bucket "portal-media" at http:\/\/127\.0\.0\.1:9/,
    );
  });
});
