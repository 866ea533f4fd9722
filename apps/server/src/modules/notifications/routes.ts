import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
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
import { requireUser } from '../../http/auth';
import { escapeHtml } from '../../mail/format';
import { detailActionPath, listActionPath, registerResource } from '../../http/resource';
import { scopeOf, visibleOr404 } from '../../http/scope';
import { createInstantEmailRunner, verifyUnsubscribe } from './emails';
import { createNotificationHub } from './hub';
import { createNotificationService, newestNotificationId } from './service';

const tags = ['notifications'];
const M = {
  invalid:
    'This unsubscribe link is not valid. Open your profile in the portal to change your notification emails.',
  done: 'You will no longer get notification emails. You can turn them on again on your profile page.',
};
const signedIn = {
  preValidation: async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request);
  },
};

/** Keeps proxies (and HAProxy's `timeout server`) from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;

/** The small page a person lands on from an email's unsubscribe link. */
const unsubscribePage = (
  reply: FastifyReply,
  status: number,
  portalName: string,
  message: string,
) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(portalName)}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#111"><h1 style="font-size:1.25rem">${escapeHtml(portalName)}</h1><p>${escapeHtml(message)}</p></body></html>`,
    );

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
  const streams = new Set<ServerResponse>();
  // A mail client's one-click POST carries `List-Unsubscribe=One-Click` as a form; the signed
  // query string is all that matters, so the body is read and ignored (this plugin only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  // Streams never end on their own: close them first, so a shutdown does not wait for them.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
    streams.clear();
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
      const { user } = requireUser(request);
      const header = request.headers['last-event-id'];
      const given = typeof header === 'string' && /^\d{1,10}$/.test(header) ? Number(header) : null;
      const lastId = given ?? (await newestNotificationId(db, user.id));
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and friends would otherwise hold events back in a buffer.
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write('retry: 5000\n: connected\n\n');
      streams.add(res);
      const unsubscribe = hub.subscribe({
        userId: user.id,
        lastId,
        send: (n) => {
          res.write(`id: ${n.id}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`);
        },
      });
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      res.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(res);
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

  // GET from the link in the email, POST from a mail client's one-click button (RFC 8058).
  for (const method of ['GET', 'POST'] as const)
    app.route({
      method,
      url: '/api/notification-settings/unsubscribe/',
      schema: {
        tags,
        summary: 'One-click unsubscribe from notification emails (signed link, no sign-in)',
        querystring: unsubscribeQuerySchema,
        security: [],
      },
      handler: async (request, reply) => {
        const { user, signature } = request.query;
        // A person's browser gets a page; anything else (a mail client, a script) DRF JSON.
        const person = (request.headers.accept ?? '').includes('text/html');
        if (!verifyUnsubscribe(config.secretKey, user, signature))
          return person
            ? unsubscribePage(reply, 400, (await app.ctx.studio.current()).name, M.invalid)
            : reply.status(400).send({ signature: [M.invalid] });
        await service.unsubscribe(user);
        return person
          ? unsubscribePage(reply, 200, (await app.ctx.studio.current()).name, M.done)
          : reply.send({ detail: M.done });
      },
    });
};
