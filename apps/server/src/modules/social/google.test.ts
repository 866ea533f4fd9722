import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startFakeGoogle, type FakeGoogle } from './fake-google';
import {
  fetchGoogleProfile,
  GOOGLE_MESSAGES,
  GoogleSignInError,
  type GoogleConfig,
} from './google';

let fake: FakeGoogle;
let config: GoogleConfig;
beforeAll(async () => {
  fake = await startFakeGoogle();
  const loaded = loadConfig({ ...fake.env, SECRET_KEY: 'x'.repeat(40), DATA_DIR: '/tmp' });
  if (!loaded.google) throw new Error('Google not configured');
  config = loaded.google;
});
afterAll(() => fake.close());

const account = { sub: '1', email: ' Someone@Example.test ', email_verified: true };

describe('fetchGoogleProfile', () => {
  it('reads the profile behind an access token', async () => {
    const profile = await fetchGoogleProfile(config, { access_token: fake.accessToken(account) });
    expect(profile).toEqual({
      sub: '1',
      email: 'someone@example.test',
      emailVerified: true,
      givenName: '',
      familyName: '',
    });
  });

  it('redeems a code with the popup redirect_uri when none is given', async () => {
    const profile = await fetchGoogleProfile(config, { code: fake.code(account, 'postmessage') });
    expect(profile.sub).toBe('1');
    expect(fake.tokenRequests.at(-1)?.redirect_uri).toBe('postmessage');
  });

  it('treats only a boolean true as a verified email', async () => {
    const token = fake.accessToken({ ...account, email_verified: 'true' as unknown as boolean });
    expect((await fetchGoogleProfile(config, { access_token: token })).emailVerified).toBe(false);
  });

  it('gives up on a provider that does not answer in time', async () => {
    fake.setMode('hang');
    try {
      const started = Date.now();
      const attempt = fetchGoogleProfile(config, { access_token: 'x' }, { timeoutMs: 200 });
      await expect(attempt).rejects.toThrow(GoogleSignInError);
      await expect(attempt).rejects.toThrow(GOOGLE_MESSAGES.unreachable);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      fake.setMode('ok');
    }
  });

  it('reports an unreachable provider', async () => {
    const closed = await startFakeGoogle();
    await closed.close();
    const unreachable = { ...config, userinfoUrl: closed.env.GOOGLE_USERINFO_URL ?? '' };
    await expect(fetchGoogleProfile(unreachable, { access_token: 'x' })).rejects.toThrow(
      GOOGLE_MESSAGES.unreachable,
    );
  });
});
