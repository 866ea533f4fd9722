import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { registerAuthentication } from './http/auth';
import { databaseAwareErrorHandler } from './http/database-errors';
import { notFoundHandler, routerErrorHandler } from './http/errors';
import { registerJsonBody } from './http/json-body';
import { withRedactedRequests } from './http/log-redaction';
import { trackRoutes } from './http/methods';
import { rejectNullCharacters } from './http/null-characters';
import { registerSecurityHeaders } from './http/security-headers';
import { USER_IMAGE_MAX_BYTES } from '@portal/contract/users';
import { registerBulkhead } from './http/bulkhead';
import { registerIdempotency } from './http/idempotency';
import { trackActingRequest } from './modules/activity/record';
import { registerModules } from './modules/index';
import { swaggerUiAssets } from './paths';
import { createMetrics } from './modules/operations/metrics';
import { operationsRoutes } from './modules/operations/routes';
import { registerMediaRoute } from './storage/media-route';
import { createIndexPage } from './studio/index-html';
import { defaultStudioRow, toStudioDto } from './studio/source';

export type BuildAppOptions = { logger?: FastifyServerOptions['logger']; serveWeb?: boolean };

/** The whole HTTP application, without listening: main.ts listens, tests use `inject`. */
export const buildApp = async (ctx: AppContext, options: BuildAppOptions = {}) => {
  const app = Fastify({
    // Signed links and tokens in a URL are secrets: the request log writes them `[redacted]`.
    logger: withRedactedRequests(options.logger ?? false),
    // The proxy's id when there is a trusted proxy in front, so its log and ours line up;
    // without one a client could pick ids that collide with other requests in the log.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return ctx.config.trustProxy !== false &&
        typeof given === 'string' &&
        /^[\w-]{1,64}$/.test(given)
        ? given
        : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Per-address throttles need the client's address, not the load balancer's.
    trustProxy:
      typeof ctx.config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(ctx.config.trustProxy)
        : ctx.config.trustProxy,
    routerOptions: {
      ignoreTrailingSlash: false,
      maxParamLength: 200,
      // `?page=1&page=2` reads the last value, as Django's QueryDict.get does (decision 0016).
      querystringParser: (query: string) =>
        Object.fromEntries(new URLSearchParams(query).entries()),
    },
    frameworkErrors: routerErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('ctx', ctx);
  app.decorate('lifecycle', { draining: false });
  app.addHook('onClose', () => ctx.studio.stop());
  trackActingRequest(app);
  const knownPath = trackRoutes(app);
  registerJsonBody(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(databaseAwareErrorHandler(ctx.db.$client, app.log));
  // Sync hooks (with `done`) where nothing waits: an async one costs a promise and a microtask
  // turn on every request (decision 0032).
  app.addHook('preHandler', (request, _reply, done) => {
    rejectNullCharacters(request);
    done();
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerSecurityHeaders(app);
  await app.register(multipart, {
    limits: { fileSize: USER_IMAGE_MAX_BYTES, files: 1, fields: 20 },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: `${ctx.config.portalName} API`, version: '1.0.0' },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Token {token}',
          },
        },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
    // Named here rather than found beside the plugin's own code, so the plugin can be part of the
    // server's bundle (decision 0052): loaded from node_modules it brought a second copy of
    // @fastify/static and yaml, ~8 MB a process.
    baseDir: swaggerUiAssets,
    logo: { type: 'image/svg+xml', content: readFileSync(path.join(swaggerUiAssets, 'logo.svg')) },
  });
  app.get('/api/schema/', { schema: { hide: true } }, async () => app.swagger());

  // Before the routes, so its response hook counts every one of them.
  const metrics = ctx.config.metricsToken ? createMetrics(app, ctx) : null;
  registerAuthentication(app, {
    db: ctx.db,
    idleMs: ctx.config.tokenIdleMs,
    cache: ctx.config.tokenCache,
    requireStaff2fa: ctx.config.requireStaff2fa,
  });
  // After authentication (keys are their owner's) and before the routes.
  registerIdempotency(app, ctx.db);
  // Half the pool at most per resource, so one locked table cannot starve the rest (issue 28).
  registerBulkhead(app, {
    perArea: Math.max(1, Math.ceil(ctx.config.databasePoolSize / 2)),
    waitMs: ctx.config.databaseTimeouts.poolMs,
  });
  await app.register(operationsRoutes, { metrics });
  await app.register(registerModules);
  registerMediaRoute(app, ctx.storage);

  const webIndex = path.join(ctx.config.webDist, 'index.html');
  if ((options.serveWeb ?? true) && existsSync(webIndex)) {
    await app.register(fastifyStatic, {
      root: ctx.config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset (apps/web/build/precompress.ts).
      preCompressed: true,
      // Hashed assets never change; the page itself is always revalidated.
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    const indexPage = createIndexPage(webIndex);
    // The page a browser gets while the database cannot say whose studio this is.
    const defaultStudio = toStudioDto(defaultStudioRow(ctx.config), ctx.config.publicUrl);
    // History fallback: unknown non-API paths get the app, which shows its own Page Not Found.
    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      // A missing file (`/assets/old-hash.js`) is a real 404, not the app: after a deploy a
      // browser would otherwise try to run HTML as a script.
      const isFile = /\.[a-z0-9]+$/i.test(url);
      if (
        request.method !== 'GET' ||
        url.startsWith('/api/') ||
        url.startsWith('/media/') ||
        isFile
      )
        return knownPath(request, reply) || notFoundHandler(request, reply);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexPage(await ctx.studio.current().catch(() => defaultStudio)));
    });
  } else {
    app.setNotFoundHandler(
      (request, reply) => knownPath(request, reply) || notFoundHandler(request, reply),
    );
  }
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
