import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STUDIO_LOGO_MAX_BYTES, studioSchema, studioUpdateSchema } from '@portal/contract/studio';
import { requireStaff } from '../../http/auth';
import { ApiError, fieldError } from '../../http/errors';
import { personalLimit } from '../../http/throttle';
import { imageTooLarge, processImage } from '../../storage/images';
import { randomKey } from '../../storage/keys';
import { toStudioDto } from '../../studio/source';
import { studioChanges, updateStudio } from './service';

const NO_FILE = 'No file was submitted.';

const hasCode = (error: unknown, code: string) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === code;

/** The `logo` file of a multipart form; anything else in the form is read past. */
const readLogo = async (request: FastifyRequest): Promise<Buffer> => {
  if (!request.isMultipart()) throw fieldError('logo', NO_FILE);
  let logo: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: STUDIO_LOGO_MAX_BYTES } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'logo' || logo) {
        part.file.resume();
        await finished(part.file);
        continue;
      }
      logo = await part.toBuffer();
    }
  } catch (error) {
    if (hasCode(error, 'FST_REQ_FILE_TOO_LARGE'))
      throw fieldError('logo', imageTooLarge(STUDIO_LOGO_MAX_BYTES));
    const message = error instanceof Error ? error.message : 'unreadable form';
    throw new ApiError(400, { detail: `Multipart form parse error - ${message}` });
  }
  if (!logo) throw fieldError('logo', NO_FILE);
  return logo;
};

/**
 * The studio's brand and letterhead (issue 25, decision 0045): anyone may read it (the sign-in
 * page shows it), only superusers change it.
 */
export const studioRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { config, db, storage, studio } = app.ctx;
  const tags = ['studio'];
  const answer = (row: Parameters<typeof toStudioDto>[0]) => {
    studio.changed();
    return toStudioDto(row, config.publicUrl);
  };

  app.get('/api/studio/', { schema: { tags, security: [], response: { 200: studioSchema } } }, () =>
    studio.current(),
  );

  // Who may change it is checked before the body: a client's bad body is a 403, not a 400.
  const superusers = {
    preValidation: async (request: FastifyRequest) => {
      requireStaff(request);
    },
  };

  app.patch(
    '/api/studio/',
    { schema: { tags, body: studioUpdateSchema, response: { 200: studioSchema } }, ...superusers },
    async (request) => {
      const row = await updateStudio(db, config, studioChanges(request.body));
      return answer(row);
    },
  );

  /** Replaces the logo; the old file goes once the new one is committed. */
  app.post(
    '/api/studio/logo/',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: studioSchema },
      },
      ...superusers,
      preHandler: personalLimit(app.ctx.db, app.ctx.config.throttle, 'uploads'),
    },
    async (request) => {
      // PNG, because the PDF letterhead (pdfkit) takes PNG and JPEG only, and keeps transparency.
      const image = await processImage(await readLogo(request), {
        field: 'logo',
        maxBytes: STUDIO_LOGO_MAX_BYTES,
        formats: ['png', 'jpeg', 'webp'],
        width: 800,
        height: 400,
        output: 'png',
      });
      const key = randomKey('studio', image.extension);
      await storage.put(key, image.body, image.contentType);
      let result: Awaited<ReturnType<typeof updateStudio>>;
      try {
        result = await updateStudio(db, config, { logo: key });
      } catch (error) {
        await storage.remove(key);
        throw error;
      }
      return answer(result);
    },
  );

  app.delete(
    '/api/studio/logo/',
    { schema: { tags, response: { 200: studioSchema } }, ...superusers },
    async () => {
      const row = await updateStudio(db, config, { logo: null });
      return answer(row);
    },
  );
};
