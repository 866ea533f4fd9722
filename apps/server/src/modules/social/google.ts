import { z } from 'zod';
import type { GoogleLoginRequest } from '@portal/contract/auth';
import type { Config } from '../../config';

export type GoogleConfig = NonNullable<Config['google']>;

/** What the portal needs to know about a Google account. */
export type GoogleProfile = {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
};

/** Messages a person may see; provider details go to the log, not to them. */
export const GOOGLE_MESSAGES = {
  notConfigured: 'Google sign-in is not configured.',
  tokenRejected: 'Google did not accept the sign-in. Please try again.',
  codeRejected: 'Google did not accept the authorization code. Please try again.',
  unreachable: 'Could not reach Google. Please try again later.',
  badAnswer: 'Google sent an unexpected answer. Please try again later.',
  noEmail: 'Your Google account did not share an email address.',
  unverified: 'Your Google account email address is not verified.',
  inactive: 'This account is inactive.',
} as const;

/** A failed exchange with the provider; `message` is safe to show, `detail` is for the log. */
export class GoogleSignInError extends Error {
  constructor(
    message: string,
    public readonly detail: string,
  ) {
    super(message);
  }
}

export const GOOGLE_TIMEOUT_MS = 10_000;

// Google's popup code flow (Google Identity Services) redeems codes with this redirect_uri.
const POPUP_REDIRECT_URI = 'postmessage';

const tokenAnswerSchema = z.object({ access_token: z.string().min(1) });

const userinfoSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().optional(),
  // The OpenID userinfo endpoint sends a boolean; anything else is not a confirmation.
  email_verified: z.unknown().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

type Exchange = { url: string; init: RequestInit; rejected: string; timeoutMs: number };

const callProvider = async ({ url, init, rejected, timeoutMs }: Exchange): Promise<unknown> => {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new GoogleSignInError(GOOGLE_MESSAGES.unreachable, `${url}: ${String(error)}`);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    // A 4xx is Google refusing what was sent; a 5xx is Google being unwell.
    throw new GoogleSignInError(
      response.status >= 500 ? GOOGLE_MESSAGES.unreachable : rejected,
      `${url} answered ${response.status}: ${text.slice(0, 300)}`,
    );
  }
  try {
    return await response.json();
  } catch (error) {
    throw new GoogleSignInError(GOOGLE_MESSAGES.badAnswer, `${url}: ${String(error)}`);
  }
};

const redeemCode = async (
  google: GoogleConfig,
  code: string,
  redirectUri: string,
  timeoutMs: number,
): Promise<string> => {
  const form = new URLSearchParams({
    code,
    client_id: google.clientId,
    redirect_uri: redirectUri,
    grant_type: 'authorization_code',
  });
  if (google.clientSecret) form.set('client_secret', google.clientSecret);
  const body = await callProvider({
    url: google.tokenUrl,
    init: { method: 'POST', body: form, headers: { accept: 'application/json' } },
    rejected: GOOGLE_MESSAGES.codeRejected,
    timeoutMs,
  });
  const parsed = tokenAnswerSchema.safeParse(body);
  if (!parsed.success)
    throw new GoogleSignInError(GOOGLE_MESSAGES.badAnswer, 'token answer without access_token');
  return parsed.data.access_token;
};

/**
 * Proves who the person is: an access token is checked by asking Google's userinfo endpoint
 * with it; a code is first redeemed for one with the portal's client credentials.
 */
export const fetchGoogleProfile = async (
  google: GoogleConfig,
  request: GoogleLoginRequest,
  options: { timeoutMs?: number } = {},
): Promise<GoogleProfile> => {
  const timeoutMs = options.timeoutMs ?? GOOGLE_TIMEOUT_MS;
  const accessToken =
    request.access_token ??
    (await redeemCode(
      google,
      request.code ?? '',
      request.redirect_uri ?? POPUP_REDIRECT_URI,
      timeoutMs,
    ));
  const body = await callProvider({
    url: google.userinfoUrl,
    init: { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    rejected: GOOGLE_MESSAGES.tokenRejected,
    timeoutMs,
  });
  const parsed = userinfoSchema.safeParse(body);
  if (!parsed.success)
    throw new GoogleSignInError(GOOGLE_MESSAGES.badAnswer, 'userinfo answer without sub');
  const info = parsed.data;
  const email = info.email?.trim().toLowerCase() ?? '';
  if (email === '' || email.length > 254 || !email.includes('@'))
    throw new GoogleSignInError(GOOGLE_MESSAGES.noEmail, 'userinfo answer without usable email');
  return {
    sub: info.sub,
    email,
    emailVerified: info.email_verified === true,
    givenName: (info.given_name ?? '').trim().slice(0, 150),
    familyName: (info.family_name ?? '').trim().slice(0, 150),
  };
};
