import { describe, expect, it } from 'vitest';
import { googleAuthUrl, readGoogleRedirect } from './google';

describe('googleAuthUrl', () => {
  it('asks for a token with the spec scopes and comes back to /login', () => {
    const url = new URL(
      googleAuthUrl(
        { client_id: 'abc.apps', auth_url: 'https://accounts.example/o/oauth2/v2/auth' },
        'https://portal.example',
        'xyz',
      ),
    );
    expect(url.origin + url.pathname).toBe('https://accounts.example/o/oauth2/v2/auth');
    expect(url.searchParams.get('client_id')).toBe('abc.apps');
    expect(url.searchParams.get('redirect_uri')).toBe('https://portal.example/login');
    expect(url.searchParams.get('response_type')).toBe('token');
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    expect(url.searchParams.get('state')).toBe('xyz');
  });

  it('keeps a query the provider URL already has', () => {
    const url = googleAuthUrl(
      { client_id: 'c', auth_url: 'http://127.0.0.1:9/auth?x=1' },
      'o',
      's',
    );
    expect(url.startsWith('http://127.0.0.1:9/auth?x=1&client_id=c')).toBe(true);
  });
});

describe('readGoogleRedirect', () => {
  it('reads the access token and state from the fragment', () => {
    expect(readGoogleRedirect('#access_token=tok&token_type=Bearer&state=s1')).toEqual({
      kind: 'token',
      accessToken: 'tok',
      state: 's1',
    });
  });

  it('reads a refusal', () => {
    expect(readGoogleRedirect('#error=access_denied')).toEqual({
      kind: 'error',
      error: 'access_denied',
    });
  });

  it('ignores an unrelated fragment', () => {
    expect(readGoogleRedirect('')).toBeNull();
    expect(readGoogleRedirect('#section-2')).toBeNull();
  });
});
