import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFoundHandler } from '../http/errors';
import { InvalidStorageKeyError, isPrivateKey } from './keys';
import type { Storage } from './types';

/** Types a browser may show inline; anything else is offered as a download, never rendered. */
const INLINE = /^image\/(png|jpeg|gif|webp|avif)$|^application\/pdf$|^text\/plain$/;

/**
 * `GET /media/{key}`: a stored file streamed from whichever driver is configured, so uploads
 * live in S3 and are still served by the portal. Keys are random and never reused (a new
 * upload gets a new key), so a file may be cached for good.
 */
export const registerMediaRoute = (parent: FastifyInstance, storage: Storage) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/media/*',
    { schema: { hide: true, params: z.object({ '*': z.string() }) } },
    async (request, reply) => {
      const key = request.params['*'];
      // Private files (test run attachments) are served by their module, with its permissions.
      if (isPrivateKey(key)) return notFoundHandler(request, reply);
      const file = await storage.get(key).catch((error: unknown) => {
        // A key no driver would accept names nothing: the same 404 as a missing file.
        if (error instanceof InvalidStorageKeyError) return null;
        throw error;
      });
      if (!file) return notFoundHandler(request, reply);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', INLINE.test(file.contentType) ? 'inline' : 'attachment')
        .send(file.body);
    },
  );
};
