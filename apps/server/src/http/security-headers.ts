import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers for this app, as helmet itself writes them (names in its casing, in its
 * order), read once from a response that never goes anywhere. None depends on the request: the
 * CSP has no nonce. The bench's bare `node:http` baseline sends them too, to show their cost.
 */
export const securityHeaders = (): [string, string][] => {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  const headers: [string, string][] = [];
  res.setHeader = (name, value) => {
    headers.push([name, String(value)]);
    return res;
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  })(req, res, () => {});
  return headers;
};

/**
 * Sets helmet's headers on every answer from the list computed once: running helmet's
 * middlewares (one per header) on every request cost a few percent of a token check's CPU
 * (decision 0032). They go on the raw response, as helmet put them, so a hijacked answer (the
 * notification stream) has them too and they come first on the wire as before.
 */
export const registerSecurityHeaders = (app: FastifyInstance) => {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
    done();
  });
};
