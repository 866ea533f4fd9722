/**
 * `Idempotency-Key` (issue 28, decision 0051), shared by the server and the web app; no zod, so
 * the sign-in screen's first load does not carry it.
 *
 * The POSTs whose answers are not kept by their key: the sign-in and account-security calls,
 * whose answers hold tokens or recovery codes that must not sit in a table, and whose retries
 * would spend a code twice or sign out the session that made them. The server does their work
 * on every request; the web app sends them no key and never sends them again by itself; so
 * HAProxy, which retries a keyed POST, does not retry them either. And a canvas's live calls
 * (decision 0056), sent many times a second while people edit together: a Yjs change applied
 * twice is applied once, presence is gone in seconds, so a key would only fill the table. Matched
 * against the route (the server) or the path (the web app), never a raw URL a client could spell
 * otherwise.
 */
export const UNKEPT_POST_ROUTES =
  /^\/api\/(token-auth|social-auth|two-factor|password-change|password-reset(-confirm)?|passkeys\/registration-options|canvas\/(:id|\d+)\/live)\//;

export const IDEMPOTENCY_MESSAGES = {
  invalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
  otherRequest:
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  running: 'A request with this Idempotency-Key is still being processed. Try again shortly.',
} as const;
