import { isIP } from 'node:net';

export type RelyingParty = { id: string; name: string; origin: string };

/**
 * Who the passkeys belong to: the portal's public address (`PUBLIC_URL`). WebAuthn refuses bare
 * IP addresses as a relying party, so a portal served on one (the quick start, the tests) offers
 * passkeys on `localhost` at the same port — the one name a browser treats as a secure origin
 * without TLS. In production `PUBLIC_URL` names a domain and this is that domain.
 */
export const relyingParty = (publicUrl: string, name: string): RelyingParty => {
  const url = new URL(publicUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) === 0) return { id: host, name, origin: url.origin };
  const local = new URL(url.origin);
  local.hostname = 'localhost';
  return { id: 'localhost', name, origin: local.origin };
};
