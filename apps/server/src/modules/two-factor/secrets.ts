import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest: AES-256-GCM under a key derived from SECRET_KEY, so a copy of the
 * database (a backup, a leaked dump) cannot make anyone's codes without the deployment's secret.
 * Sealed text is `v1.{iv}.{tag}.{ciphertext}`, base64url; the version leaves room to rotate.
 */
const keyFor = (secretKey: string) =>
  Buffer.from(hkdfSync('sha256', secretKey, 'studio-portal', 'two-factor totp secret', 32));

export const sealSecret = (secretKey: string, plain: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secretKey), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
};

/** The secret, or null when the text was not sealed with this SECRET_KEY (or was tampered with). */
export const openSecret = (secretKey: string, sealed: string): string | null => {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFor(secretKey),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
};
