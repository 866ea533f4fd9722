import { hash, verify } from '@node-rs/argon2';
import { loginFailures, ownLoginCounts, type Throttle } from '../../http/throttle';

// Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax.
const ARGON2ID = 2;

// OWASP's second Argon2id profile (19 MiB, t=2): about 20-40 ms per hash on this kind of machine.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

const verifyHash = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** Spent on logins for unknown emails so their timing matches a real check. */
let dummyHash: Promise<string> | null = null;
export const burnPasswordCheck = async (password: string) => {
  dummyHash ??= hashPassword('not-a-real-password-1');
  await verifyHash(await dummyHash, password);
};

/**
 * False for an account without a password too, after the same work as a real check, so the
 * answer's timing does not tell such accounts apart.
 */
export const verifyPassword = async (passwordHash: string | null, password: string) => {
  if (!passwordHash) {
    await burnPasswordCheck(password);
    return false;
  }
  return verifyHash(passwordHash, password);
};

/**
 * Her password asked again before a change to how she signs in (a new password, a passkey added,
 * two-factor off), counted like a sign-in and before the check: a stolen session guesses no faster
 * than the sign-in form, and a burst of parallel tries cannot all pass a check made before any of
 * them failed. The right password gives back her own counts, as a sign-in does.
 */
export const confirmPassword = async (
  throttle: Throttle,
  user: { email: string; passwordHash: string | null },
  password: string,
  ip: string,
) => {
  await throttle.hitAll(loginFailures(user.email, ip));
  const valid = await verifyPassword(user.passwordHash, password);
  if (valid) await throttle.forget(ownLoginCounts(user.email, ip));
  return valid;
};
