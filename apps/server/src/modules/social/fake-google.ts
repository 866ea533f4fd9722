import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What Google's userinfo endpoint answers for an account. */
export type FakeGoogleAccount = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
};

/** `ok` behaves like Google; the others simulate an outage of the provider. */
export type FakeGoogleMode = 'ok' | 'error' | 'garbage' | 'hang';

export type FakeGoogle = {
  /** GOOGLE_* variables pointing the portal at this fake. */
  env: Record<string, string>;
  accessToken: (account: FakeGoogleAccount) => string;
  code: (account: FakeGoogleAccount, redirectUri: string) => string;
  setMode: (mode: FakeGoogleMode) => void;
  /** Forms posted to the token endpoint, for assertions. */
  tokenRequests: Record<string, string>[];
  close: () => Promise<void>;
};

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * A stand-in for Google's OAuth token and OpenID userinfo endpoints on loopback, so sign-in is
 * tested end to end without the network: codes are single-use and bound to their redirect_uri,
 * and the client id and secret must match.
 */
export const startFakeGoogle = async (
  client = { id: 'fake-client-id', secret: 'fake-client-secret' },
): Promise<FakeGoogle> => {
  const tokens = new Map<string, FakeGoogleAccount>();
  const codes = new Map<string, { account: FakeGoogleAccount; redirectUri: string }>();
  const tokenRequests: Record<string, string>[] = [];
  const hanging = new Set<ServerResponse>();
  let mode: FakeGoogleMode = 'ok';

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (mode === 'error') return json(res, 503, { error: 'backendError' });
      if (mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>not json</html>');
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
        tokenRequests.push(form);
        if (form.client_id !== client.id || form.client_secret !== client.secret)
          return json(res, 401, { error: 'invalid_client' });
        const grant = codes.get(form.code ?? '');
        if (
          form.grant_type !== 'authorization_code' ||
          !grant ||
          grant.redirectUri !== form.redirect_uri
        )
          return json(res, 400, { error: 'invalid_grant' });
        codes.delete(form.code ?? '');
        const accessToken = `ya29.${randomBytes(12).toString('hex')}`;
        tokens.set(accessToken, grant.account);
        return json(res, 200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 3599,
          scope: 'openid email profile',
        });
      }
      if (req.method === 'GET' && url.pathname === '/userinfo') {
        const [scheme, token] = (req.headers.authorization ?? '').split(' ');
        const account = scheme === 'Bearer' && token ? tokens.get(token) : undefined;
        if (!account) return json(res, 401, { error: 'invalid_token' });
        return json(res, 200, account);
      }
      return json(res, 404, { error: 'not_found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    env: {
      GOOGLE_CLIENT_ID: client.id,
      GOOGLE_CLIENT_SECRET: client.secret,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
    },
    accessToken: (account) => {
      const token = `ya29.${randomBytes(12).toString('hex')}`;
      tokens.set(token, account);
      return token;
    },
    code: (account, redirectUri) => {
      const code = `4/${randomBytes(12).toString('hex')}`;
      codes.set(code, { account, redirectUri });
      return code;
    },
    setMode: (next) => {
      mode = next;
    },
    tokenRequests,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
