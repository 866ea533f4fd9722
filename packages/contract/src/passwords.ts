import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_HINT =
  'Passwords must be at least 8 characters, with at least one number and one letter.';

/** Problems with a new password, in the order a person should fix them; empty when it is fine. */
export const passwordProblems = (password: string): string[] => {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH)
    problems.push(
      `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`,
    );
  if (password.length > PASSWORD_MAX_LENGTH)
    problems.push(
      `This password is too long. It must contain at most ${PASSWORD_MAX_LENGTH} characters.`,
    );
  if (!/[A-Za-z]/.test(password)) problems.push('This password must contain at least one letter.');
  if (!/\d/.test(password)) problems.push('This password must contain at least one number.');
  return problems;
};

/** The shortest part of an email that counts when comparing it with a password. */
const SIMILARITY_MIN_LENGTH = 4;

/**
 * Whether a password is too close to the email it protects: the email's local part (or the
 * whole address) contained in the password or the other way round, ignoring case. Parts
 * shorter than 4 characters are too common inside words to judge by.
 */
export const isPasswordSimilarToEmail = (password: string, email: string): boolean => {
  const pass = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  return [local, address].some(
    (part) =>
      part.length >= SIMILARITY_MIN_LENGTH &&
      pass.length >= SIMILARITY_MIN_LENGTH &&
      (pass.includes(part) || part.includes(pass)),
  );
};

export const PASSWORD_TOO_SIMILAR = 'The password is too similar to the email address.';
export const PASSWORD_TOO_COMMON = 'This password is too common.';

/** Required-only client rule (spec §5: the server decides the bounds). */
export const requiredPassword = z.string().min(1, 'This field is required.');
