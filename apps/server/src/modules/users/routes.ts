import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, pageQuerySchema } from '@portal/contract/common';
import {
  impersonateResponseSchema,
  profileUpdateSchema,
  staffUserUpdateSchema,
  userListSchema,
  userSchema,
  userSearchQuerySchema,
  userUpdateRequestSchema,
} from '@portal/contract/users';
import { requireStaff, requireUser } from '../../http/auth';
import { clientOf } from '../../http/client';
import { ApiError, fieldError, notFound, validationError } from '../../http/errors';
import { pageResponse, pageWindow } from '../../http/pagination';
import { RawJson, sendAnswer } from '../../http/raw-json';
import { personalLimit } from '../../http/throttle';
import { randomKey } from '../../storage/keys';
import { processProfileImage } from './images';
import { toUserDto } from './serialize';
import {
  DuplicateEmailError,
  findUserById,
  searchUsers,
  startImpersonation,
  updateUser,
  type UserChanges,
} from './service';
import { collectIssues, readUserUpdate } from './update-input';

const refuse = (detail: string) => new ApiError(403, { detail });

export const userRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const avatarLimit = personalLimit(app.ctx.db, app.ctx.config.throttle, 'uploads');
  const { config, db, storage } = app.ctx;
  const dto = (row: Parameters<typeof toUserDto>[0]) => toUserDto(row, config.publicUrl);
  const tags = ['users'];

  app.get(
    '/api/users/auth/',
    { schema: { tags, response: { 200: userSchema } } },
    // The auth hook already loaded the user (the impersonated one, for such a token). The
    // object is the contract's type, key for key: sent as JSON text without a second zod pass
    // (decision 0024); routes.test.ts pins the bytes against the schema.
    async (request, reply) =>
      sendAnswer(reply, new RawJson(JSON.stringify(dto(requireUser(request).user)))),
  );

  app.get(
    '/api/users/',
    {
      schema: {
        tags,
        querystring: userSearchQuerySchema.extend(pageQuerySchema.shape),
        response: { 200: userListSchema },
      },
    },
    async (request) => {
      requireStaff(request);
      const { search, ...page } = request.query;
      const found = await searchUsers(db, search, (total) => pageWindow(page, total));
      return pageResponse(request, found.window, found.count, found.rows.map(dto));
    },
  );

  app.get(
    '/api/users/:id/',
    { schema: { tags, params: idParamsSchema, response: { 200: userSchema } } },
    async (request) => {
      const auth = requireUser(request);
      const { id } = request.params;
      // Nobody learns whether someone else's account exists.
      if (id !== auth.user.id && !auth.user.isSuperuser) throw notFound();
      const user = await findUserById(db, id);
      if (!user) throw notFound();
      return dto(user);
    },
  );

  app.patch(
    '/api/users/:id/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        consumes: ['application/json', 'multipart/form-data'],
        // Multipart requests have no parsed body (null); their fields are read in the handler.
        body: userUpdateRequestSchema.nullish(),
        response: { 200: userSchema },
      },
      // A new image is an upload (counted before it is read); a JSON edit is not.
      preHandler: async (request) => {
        if (request.isMultipart()) await avatarLimit(request);
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { id } = request.params;
      const asStaff = auth.user.isSuperuser;
      if (id !== auth.user.id && !asStaff) throw notFound();
      if (id !== auth.user.id && !(await findUserById(db, id))) throw notFound();

      const input = await readUserUpdate(request, request.body);
      const errors: Record<string, string[]> = {};
      const profile = profileUpdateSchema.safeParse(input.fields);
      if (!profile.success) collectIssues(errors, profile.error);
      // Only a superuser may change these; from anyone else they are ignored, not refused.
      const staff = asStaff ? staffUserUpdateSchema.safeParse(input.fields) : null;
      if (staff && !staff.success) collectIssues(errors, staff.error);
      if (Object.keys(errors).length > 0) throw validationError(errors);

      const changes: UserChanges = {};
      if (profile.data?.first_name !== undefined) changes.firstName = profile.data.first_name;
      if (profile.data?.last_name !== undefined) changes.lastName = profile.data.last_name;
      if (profile.data?.phone !== undefined) changes.phone = profile.data.phone;
      if (profile.data?.time_zone !== undefined) changes.timeZone = profile.data.time_zone;
      if (staff?.data?.email !== undefined) changes.email = staff.data.email.toLowerCase();
      if (staff?.data?.is_superuser !== undefined) {
        if (id === auth.user.id && !staff.data.is_superuser)
          throw fieldError('is_superuser', 'You cannot remove your own superuser status.');
        changes.isSuperuser = staff.data.is_superuser;
      }

      let newKey: string | null = null;
      if (input.image) {
        const image = await processProfileImage(input.image);
        newKey = randomKey('users', image.extension);
        await storage.put(newKey, image.body, image.contentType);
        changes.image = newKey;
      } else if (input.image === null) {
        changes.image = null;
      }

      let result: Awaited<ReturnType<typeof updateUser>>;
      try {
        result = await updateUser(db, id, changes);
      } catch (error) {
        if (newKey) await storage.remove(newKey);
        if (error instanceof DuplicateEmailError)
          throw fieldError('email', 'A user with that email already exists.');
        throw error;
      }
      if (!result) {
        if (newKey) await storage.remove(newKey);
        throw notFound();
      }
      // A replaced picture's file is queued for removal by the update itself (migration 0029),
      // and removed after the grace a backup needs (decision 0041).
      return dto(result);
    },
  );

  app.get(
    '/api/users/:id/impersonate/',
    { schema: { tags, params: idParamsSchema, response: { 200: impersonateResponseSchema } } },
    async (request) => {
      const auth = requireUser(request);
      if (auth.impersonatorId !== null)
        throw refuse('You cannot start impersonation while impersonating another user.');
      requireStaff(request);
      const { id } = request.params;
      if (id === auth.user.id) throw refuse('You cannot impersonate yourself.');
      const target = await findUserById(db, id);
      if (!target) throw notFound();
      if (target.isSuperuser) throw refuse('You cannot impersonate another superuser.');
      if (!target.isActive) throw refuse('You cannot impersonate an inactive user.');
      const issued = await startImpersonation(db, {
        impersonatorId: auth.user.id,
        targetId: target.id,
        ttlMs: config.impersonationMs,
        client: clientOf(request),
      });
      return { token: issued.token, user: dto(target) };
    },
  );
};
