import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../test/test-app';
import { issueToken } from '../modules/auth/tokens';

let t: TestContext;
let port: number;
let token: string;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const user = await createUser(t.db, { email: 'bytes@example.com', firstName: 'Byte' });
  userId = user.id;
  token = (await issueToken(t.db, user.id, { ttlMs: t.ctx.config.tokenIdleMs })).token;
});
afterAll(() => t.close());

/**
 * One request on a socket of its own, and the answer exactly as it went over the wire — header
 * names, their order and casing, values — with only what changes per request (the date, the
 * request id) replaced. `inject` hides the order and the status line; this does not.
 */
const wire = (request: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () =>
      resolve(
        answer
          .replace(/^date: .*$/im, 'date: <date>')
          .replace(/^x-request-id: [0-9a-f-]{36}$/im, 'x-request-id: <uuid>'),
      ),
    );
    socket.on('error', reject);
    // write, not end: a half-closed socket gets no answer to a request still in the database.
    socket.write(`${request}\r\nHost: portal.test\r\nConnection: close\r\n\r\n`);
  });

// Helmet's headers, the same on every answer (decision 0024), then Fastify's own.
const SECURITY = [
  "Content-Security-Policy: default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
  'Cross-Origin-Opener-Policy: same-origin',
  'Cross-Origin-Resource-Policy: same-origin',
  'Origin-Agent-Cluster: ?1',
  'Referrer-Policy: no-referrer',
  'Strict-Transport-Security: max-age=31536000; includeSubDomains',
  'X-Content-Type-Options: nosniff',
  'X-DNS-Prefetch-Control: off',
  'X-Download-Options: noopen',
  'X-Frame-Options: SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies: none',
  'X-XSS-Protection: 0',
];
const answer = (status: string, headers: string[], body: string) =>
  [
    `HTTP/1.1 ${status}`,
    ...SECURITY,
    ...headers,
    'date: <date>',
    'Connection: close',
    '',
    body,
  ].join('\r\n');

describe('answers on the wire, byte for byte', () => {
  it('the health probe', async () => {
    expect(await wire('GET /api/health/live HTTP/1.1')).toBe(
      answer(
        '200 OK',
        [
          'content-type: application/json; charset=utf-8',
          'x-request-id: <uuid>',
          'content-length: 15',
        ],
        '{"status":"ok"}',
      ),
    );
  });

  it('the current user, and the 401 without a token or with a bad one', async () => {
    const body = `{"id":${userId},"email":"bytes@example.com","first_name":"Byte","last_name":"","phone":"","image":null,"is_superuser":false,"time_zone":null}`;
    const me = await wire(`GET /api/users/auth/ HTTP/1.1\r\nAuthorization: Token ${token}`);
    expect(me).toBe(
      answer(
        '200 OK',
        [
          'content-type: application/json; charset=utf-8',
          'x-request-id: <uuid>',
          `content-length: ${body.length}`,
        ],
        body,
      ),
    );
    for (const [given, detail] of [
      ['', 'Authentication credentials were not provided.'],
      ['\r\nAuthorization: Token nope', 'Invalid token.'],
    ] as const) {
      const refused = JSON.stringify({ detail });
      expect(await wire(`GET /api/users/auth/ HTTP/1.1${given}`)).toBe(
        answer(
          '401 Unauthorized',
          [
            'www-authenticate: Token',
            'content-type: application/json; charset=utf-8',
            'x-request-id: <uuid>',
            `content-length: ${refused.length}`,
          ],
          refused,
        ),
      );
    }
  });

  it('an unknown path, a wrong method, a missing slash', async () => {
    expect(await wire('GET /api/nothing-here/ HTTP/1.1')).toBe(
      answer(
        '404 Not Found',
        [
          'content-type: application/json; charset=utf-8',
          'x-request-id: <uuid>',
          'content-length: 23',
        ],
        '{"detail":"Not found."}',
      ),
    );
    expect(await wire('DELETE /api/users/auth/ HTTP/1.1')).toContain('405 Method Not Allowed');
    expect(await wire('GET /api/users/auth HTTP/1.1')).toContain('location: /api/users/auth/');
  });
});
