import type { PublicConfig } from '@portal/contract/config';

/** Where the provider sends the browser back; login handles sign-in and sign-up alike. */
export const googleRedirectUri = (origin: string) => `${origin}/login`;

export const GOOGLE_STATE_KEY = 'google-oauth-state';

/** The implicit-flow authorization URL (spec §7: scopes openid, profile and email). */
export const googleAuthUrl = (
  google: NonNullable<PublicConfig['google']>,
  origin: string,
  state: string,
): string => {
  const params = new URLSearchParams({
    client_id: google.client_id,
    redirect_uri: googleRedirectUri(origin),
    response_type: 'token',
    scope: 'openid profile email',
    state,
    prompt: 'select_account',
  });
  return `${google.auth_url}${google.auth_url.includes('?') ? '&' : '?'}${params.toString()}`;
};

export type GoogleRedirect =
  | { kind: 'token'; accessToken: string; state: string | null }
  | { kind: 'error'; error: string }
  | null;

/** What the provider put in the URL fragment on the way back, if anything. */
export const readGoogleRedirect = (hash: string): GoogleRedirect => {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const accessToken = params.get('access_token');
  if (accessToken) return { kind: 'token', accessToken, state: params.get('state') };
  const error = params.get('error');
  if (error) return { kind: 'error', error: params.get('error_description') ?? error };
  return null;
};
