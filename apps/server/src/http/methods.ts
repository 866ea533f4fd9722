import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
const isMethod = (value: string): value is Method => (METHODS as readonly string[]).includes(value);

/**
 * What DRF answers where Fastify would only say 404 (decision 0016): a path that exists under
 * other methods is a 405 with an `Allow` header, `OPTIONS` on it lists the methods, and a
 * `GET` without the trailing slash is redirected to the path with it (Django's APPEND_SLASH).
 * A second router, fed by `onRoute`, knows every API path; it is asked only once Fastify has
 * found no route.
 */
export const trackRoutes = (app: FastifyInstance) => {
  const router = FindMyWay({ ignoreTrailingSlash: false, maxParamLength: 200 });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods: string[] = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      if (isMethod(method) && !router.find(method, route.url))
        router.on(method, route.url, () => {});
  });

  const allowed = (path: string) => METHODS.filter((method) => router.find(method, path));

  /** Answers 405, OPTIONS or a redirect when the path is known; false when it is not. */
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply | false => {
    const [path = '', query] = request.url.split(/\?(.*)/s, 2);
    if (!path.startsWith('/api/')) return false;
    const methods = allowed(path);
    if (methods.length > 0) {
      const allow = [...methods, 'OPTIONS'].join(', ');
      // A CORS preflight the CORS plugin did not answer is refused (404), as before: answering
      // it here would look like a grant to nobody's benefit.
      const preflight = request.headers['access-control-request-method'] !== undefined;
      if (request.method === 'OPTIONS' && preflight) return false;
      if (request.method === 'OPTIONS')
        return reply
          .header('allow', allow)
          .send({ renders: ['application/json'], parses: ['application/json'] });
      return reply
        .status(405)
        .header('allow', allow)
        .send({ detail: `Method "${request.method}" not allowed.` });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && !path.endsWith('/')) {
      if (allowed(`${path}/`).includes('GET'))
        return reply.redirect(`${path}/${query === undefined ? '' : `?${query}`}`, 301);
    }
    return false;
  };
};
