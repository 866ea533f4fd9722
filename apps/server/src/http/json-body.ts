import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as DRF reads them: an empty body (a `DELETE` or a `logout` sent with
 * `Content-Type: application/json` and nothing else) or no body at all is "no data" — `{}`,
 * so each required field is named in the 400 — not a parse error. Everything else goes through
 * Fastify's own parser, which refuses `__proto__` and `constructor.prototype` keys (a 400, so no
 * prototype pollution reaches a handler). Only JSON (and the multipart uploads their routes
 * read) is accepted: Fastify's default `text/plain` parser goes, so such a body is a 415.
 */
export const registerJsonBody = (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parse(request, text, done);
  });
  // Sync: an async hook would cost every request a promise and a microtask turn (decision 0032).
  app.addHook('preValidation', (request, _reply, done) => {
    // `null` sent on purpose stays null, so the schema names it ("Expected a dictionary").
    if (request.body === undefined && request.method !== 'GET' && request.method !== 'HEAD')
      request.body = {};
    done();
  });
};
