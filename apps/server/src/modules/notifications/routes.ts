import { INT_MAX } from '@portal/contract/fields';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@portal/contract/common';
import {
  mentionableListSchema,
  mentionableQuerySchema,
  notificationListQuerySchema,
  notificationReadAllSchema,
  notificationSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateRequestSchema,
  notificationUnreadCountSchema,
  unsubscribeQuerySchema,
} from '@portal/contract/notifications';
import { openEventStream } from '../../http/event-stream';
import { createStreamSessions } from '../../http/stream-sessions';
import { requireUser } from '../../http/auth';
import { detailActionPath, listActionPath, registerResource } from '../../http/resource';
import { scopeOf, visibleOr404 } from '../../http/scope';
import { createInstantEmailRunner, verifyUnsubscribe } from './emails';
import { createNotificationHub } from './hub';
import { createNotificationService, newestNotificationId } from './service';
import { unsubscribePage, type UnsubscribeView } from './unsubscribe-page';

const tags = ['notifications'];
const M = {
  invalid:
    'This unsubscribe link is not valid. Open your profile in the portal to change your notification emails.',
  done: 'You will no longer get notification emails. You can turn them on again on your profile page.',
  confirm: 'Send a POST to this link to stop notification emails.',
  restored: 'Your notification emails are back on.',
};
const signedIn = {
  preValidation: async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request);
  },
};

/**
 * The signed-in user's notifications (each person sees only their own; others' are 404), their
 * live stream, their email choice, and the signed unsubscribe link that needs no sign-in.
 */
export const notificationRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;
  const service = createNotificationService(db);
  const instantEmails = createInstantEmailRunner(db, app.ctx, {
    afterQueued: () => app.ctx.mail.poke(),
    onError: (error) => app.log.warn({ err: error }, 'instant notification emails'),
  });
  const hub = createNotificationHub(db, {
    onError: (error) => app.log.warn({ err: error }, 'notification listener'),
    // Every instance hears each commit and looks for instant emails due (SKIP LOCKED: each
    // notification is mailed once whichever instance finds it).
    onNotified: () => instantEmails.poke(),
  });
  const streams = createStreamSessions(db, {
    onError: (error) => app.log.warn({ err: error }, 'stream session check'),
  });
  // A mail client's one-click POST carries `List-Unsubscribe=One-Click` as a form; the signed
  // query string is all that matters, so the body is read and ignored (this plugin only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  // Streams never end on their own: close them first, so a shutdown does not wait for them.
  app.addHook('preClose', async () => {
    streams.closeAll();
  });
  app.addHook('onClose', async () => {
    await hub.stop();
    await instantEmails.stop();
  });

  registerResource(app, {
    name: 'notifications',
    tags,
    item: notificationSchema,
    query: notificationListQuerySchema,
    permission: (request) => {
      requireUser(request);
    },
    list: (request, query, page) => service.list(scopeOf(request), query.unread, page),
    retrieve: async (request, id) => service.retrieve(scopeOf(request), id),
  });

  app.get(
    listActionPath('notifications', 'unread-count'),
    {
      schema: {
        tags,
        summary: 'How many of my notifications are unread',
        response: { 200: notificationUnreadCountSchema },
      },
      ...signedIn,
    },
    async (request) => service.unreadCount(scopeOf(request)),
  );

  app.post(
    detailActionPath('notifications', 'read'),
    {
      schema: {
        tags,
        summary: 'Mark one of my notifications read',
        params: idParamsSchema,
        response: { 200: notificationSchema },
      },
      ...signedIn,
    },
    async (request) => visibleOr404(await service.read(scopeOf(request), request.params.id)),
  );

  app.post(
    listActionPath('notifications', 'read-all'),
    {
      schema: {
        tags,
        summary: 'Mark all my notifications read',
        response: { 200: notificationReadAllSchema },
      },
      ...signedIn,
    },
    async (request) => service.readAll(scopeOf(request)),
  );

  app.get(
    listActionPath('notifications', 'mentionable'),
    {
      schema: {
        tags,
        summary: 'Whom I may mention next to a client’s records (staff, that client’s users)',
        querystring: mentionableQuerySchema,
        response: { 200: mentionableListSchema },
      },
      ...signedIn,
    },
    async (request) =>
      visibleOr404(await service.mentionable(scopeOf(request), request.query.client)),
  );

  app.get(
    listActionPath('notifications', 'stream'),
    {
      // An endless text/event-stream has no place in the OpenAPI document (nor in the fuzzing
      // that walks it); README and decision 0023 describe it.
      schema: { hide: true },
      ...signedIn,
    },
    async (request, reply) => {
      const { user, tokenId } = requireUser(request);
      const header = request.headers['last-event-id'];
      // An id past PostgreSQL's integer is no id we sent: ignored, like any unusable one.
      const given =
        typeof header === 'string' && /^\d{1,10}$/.test(header) && Number(header) <= INT_MAX
          ? Number(header)
          : null;
      const lastId = given ?? (await newestNotificationId(db, user.id));
      let unsubscribe = () => {};
      const stream = openEventStream(request, reply, streams, tokenId, () => unsubscribe());
      unsubscribe = hub.subscribe({
        userId: user.id,
        lastId,
        holds: () => streams.holds(stream.res),
        send: (n) => stream.send('notification', n, n.id),
      });
    },
  );

  app.get(
    '/api/notification-settings/',
    {
      schema: {
        tags,
        summary: 'My notification email choice',
        response: { 200: notificationSettingsSchema },
      },
      ...signedIn,
    },
    async (request) => service.settings(requireUser(request).user.id),
  );

  app.patch(
    '/api/notification-settings/',
    {
      schema: {
        tags,
        summary: 'Choose notification emails: instant, a daily digest, or off',
        body: notificationSettingsUpdateRequestSchema,
        response: { 200: notificationSettingsSchema },
      },
      ...signedIn,
    },
    async (request) => service.updateSettings(requireUser(request).user.id, request.body.email),
  );

  const unsubscribeSchema = {
    tags,
    querystring: unsubscribeQuerySchema,
    security: [],
  };
  const UNSUBSCRIBE_PATH = '/api/notification-settings/unsubscribe/';
  /** The link's own path and signature, with what the page's button should do. */
  const unsubscribeAction = (user: number, signature: string, restore?: string) =>
    `${UNSUBSCRIBE_PATH}?user=${user}&signature=${signature}${restore ? `&restore=${restore}` : ''}`;
  const page = async (reply: FastifyReply, status: number, view: UnsubscribeView) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(unsubscribePage(await app.ctx.studio.current(), view));
  // A person's browser gets a page; anything else (a mail client, a script) DRF JSON.
  const wantsPage = (request: FastifyRequest) =>
    (request.headers.accept ?? '').includes('text/html');

  // The link in the email: it shows what the person gets and a button, and changes nothing, so
  // a mail scanner that opens (or HEADs) every link unsubscribes nobody (issue 27).
  app.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        ...unsubscribeSchema,
        summary: 'The unsubscribe link: what the person gets now (changes nothing)',
      },
    },
    async (request, reply) => {
      const { user, signature } = request.query;
      if (!verifyUnsubscribe(config.secretKey, user, signature))
        return wantsPage(request)
          ? page(reply, 400, { kind: 'invalid' })
          : reply.status(400).send({ signature: [M.invalid] });
      const { email } = await service.settings(user);
      return wantsPage(request)
        ? page(reply, 200, {
            kind: 'confirm',
            current: email,
            action: unsubscribeAction(user, signature),
          })
        : reply.send({ email, detail: M.confirm });
    },
  );

  // The page's button, or a mail client's one-click POST (RFC 8058): emails off, or with
  // `restore` (the page's Undo) the choice the person had before.
  app.post(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        ...unsubscribeSchema,
        summary: 'One-click unsubscribe from notification emails (signed link, no sign-in)',
      },
    },
    async (request, reply) => {
      const { user, signature, restore } = request.query;
      if (!verifyUnsubscribe(config.secretKey, user, signature))
        return wantsPage(request)
          ? page(reply, 400, { kind: 'invalid' })
          : reply.status(400).send({ signature: [M.invalid] });
      if (restore) {
        await service.updateSettings(user, restore);
        return wantsPage(request)
          ? page(reply, 200, { kind: 'restored', current: restore })
          : reply.send({ detail: M.restored });
      }
      const { email: previous } = await service.settings(user);
      await service.unsubscribe(user);
      return wantsPage(request)
        ? page(reply, 200, {
            kind: 'done',
            previous,
            undo: previous === 'off' ? null : unsubscribeAction(user, signature, previous),
          })
        : reply.send({ detail: M.done });
    },
  );
};
