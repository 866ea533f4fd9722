import { describe, expect, it } from 'vitest';
import {
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SIMILAR,
  isPasswordSimilarToEmail,
} from '@portal/contract/passwords';
import { isCommonPassword, newPasswordProblems } from './password-policy';

describe('new password rules', () => {
  it('accepts a decent password', async () => {
    expect(await newPasswordProblems('correct-horse-42', 'ann@example.com')).toEqual([]);
  });

  it('keeps the contract rules (length, letter, number)', async () => {
    expect(await newPasswordProblems('zq7', 'ann@example.com')).toEqual([
      expect.stringContaining('too short'),
    ]);
    expect(await newPasswordProblems('zqxwvbnmkj', 'ann@example.com')).toEqual([
      expect.stringContaining('number'),
    ]);
  });

  it('refuses the most common passwords, whatever their case', async () => {
    for (const common of ['password1', 'Password1', 'abc12345', 'qwerty123', ' 1q2w3e4r ']) {
      expect(await isCommonPassword(common), common).toBe(true);
    }
    expect(await isCommonPassword('correct-horse-42')).toBe(false);
    expect(await newPasswordProblems('password1', 'ann@example.com')).toEqual([
      PASSWORD_TOO_COMMON,
    ]);
  });

  it('refuses a password too similar to the email', async () => {
    expect(isPasswordSimilarToEmail('maryjane99', 'MaryJane@example.com')).toBe(true);
    expect(isPasswordSimilarToEmail('x-JANE-x', 'jane@example.com')).toBe(true);
    // The password contained in the local part counts too.
    expect(isPasswordSimilarToEmail('sunflower', 'the.sunflower.lady@example.com')).toBe(true);
    expect(isPasswordSimilarToEmail('jane@example.com', 'jane@example.com')).toBe(true);
    // Short local parts are too common inside words to judge by.
    expect(isPasswordSimilarToEmail('bobcat-rides-7', 'bob@example.com')).toBe(false);
    expect(isPasswordSimilarToEmail('correct-horse-42', 'ann@example.com')).toBe(false);
    expect(await newPasswordProblems('stephanie-2026', 'stephanie@example.com')).toEqual([
      PASSWORD_TOO_SIMILAR,
    ]);
  });
});
