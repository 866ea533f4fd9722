import { hash, verify } from '@node-rs/argon2';

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
