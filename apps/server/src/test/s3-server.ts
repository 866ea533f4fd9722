import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-compatible server (s3rver speaks the S3 REST API, signatures included) on a free
 * port, with the buckets named. Its only credentials are S3RVER / S3RVER.
 */
export const startS3Server = async (...buckets: [string, ...string[]]) => {
  const root = await mkdtemp(path.join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: root,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const address: AddressInfo = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
};
