import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { useTestApp } from '../test/test-world';
import { isSecretParameter, redactUrl, withRedactedRequests } from './log-redaction';

describe('redactUrl', () => {
  it('hides the values of secret query parameters and keeps the rest as written', () => {
    expect(redactUrl('/api/notification-settings/unsubscribe/?user=7&signature=ab12')).toBe(
      '/api/notification-settings/unsubscribe/?user=7&signature=[redacted]',
    );
    expect(redactUrl('/api/test-run-attachments/3/?expires=1767225600&signature=f00d')).toBe(
      '/api/test-run-attachments/3/?expires=1767225600&signature=[redacted]',
    );
    expect(
      redactUrl('/cb?code=4%2F0Ad&state=xyz&access_token=t&key=k&password=p&Token=T&apiKey=a'),
    ).toBe(
      '/cb?code=[redacted]&state=xyz&access_token=[redacted]&key=[redacted]&password=[redacted]' +
        '&Token=[redacted]&apiKey=[redacted]',
    );
    // Percent-encoding, repeats, empty values and other parameters stay exactly as they came.
    expect(redactUrl('/x?q=a%20b&token=&token=2&page=1&flag#token=frag')).toBe(
      '/x?q=a%20b&token=[redacted]&token=[redacted]&page=1&flag#token=frag',
    );
    expect(redactUrl('/x?%73ignature=s&to%ZZken=t')).toBe('/x?%73ignature=[redacted]&to%ZZken=t');
  });

  it('leaves a URL without secrets alone', () => {
    for (const url of ['/api/leads/', '/api/leads/?search=ada&page=2', '/', '/x?', '/x?a=1&&b'])
      expect(redactUrl(url)).toBe(url);
  });

  it('hides the token in the path of an email’s verification or password reset link', () => {
    expect(redactUrl('/password-reset/MTI/cz8k2n-5f1e8a?next=/')).toBe(
      '/password-reset/MTI/[redacted]?next=/',
    );
    expect(redactUrl('/verify-email/MTI/cz8k2n-5f1e8a')).toBe('/verify-email/MTI/[redacted]');
    // The API's own endpoints of the same names carry the token in their body.
    expect(redactUrl('/api/password-reset/')).toBe('/api/password-reset/');
  });

  it('knows a secret parameter by any word of its name', () => {
    for (const name of ['signature', 'x-amz-signature', 'refresh_token', 'client.secret', 'otp'])
      expect(isSecretParameter(name), name).toBe(true);
    for (const name of ['user', 'expires', 'state', 'search', 'keyword', 'restore', 'page'])
      expect(isSecretParameter(name), name).toBe(false);
  });
});

describe('withRedactedRequests', () => {
  it('adds the request serializer to a logger and leaves no logger alone', () => {
    expect(withRedactedRequests(false)).toBe(false);
    expect(withRedactedRequests(true)).toMatchObject({
      serializers: { req: expect.any(Function) },
    });
    expect(withRedactedRequests({ level: 'warn' })).toMatchObject({ level: 'warn' });
  });
});

describe('the request log', () => {
  const t = useTestApp();
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  afterAll(async () => {
    await app?.close();
  });

  it('writes a signed link’s URL with its signature redacted', async () => {
    app = await buildApp(t.ctx, {
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    const urls = [
      '/api/notification-settings/unsubscribe/?user=1&signature=0123456789abcdef',
      '/api/test-run-attachments/1/?expires=1767225600&signature=fedcba9876543210',
      '/api/leads/?search=ada&access_token=tok-secret-1',
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });
    const logged = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string; method: string } })
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.req?.url);
    expect(logged).toEqual([
      '/api/notification-settings/unsubscribe/?user=1&signature=[redacted]',
      '/api/test-run-attachments/1/?expires=1767225600&signature=[redacted]',
      '/api/leads/?search=ada&access_token=[redacted]',
    ]);
    const all = lines.join('');
    for (const secret of ['0123456789abcdef', 'fedcba9876543210', 'tok-secret-1'])
      expect(all).not.toContain(secret);
  });
});
