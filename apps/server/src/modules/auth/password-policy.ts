import { dictionary } from '@zxcvbn-ts/language-common';
import {
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SIMILAR,
  isPasswordSimilarToEmail,
  passwordProblems,
} from '@portal/contract/passwords';

// zxcvbn's ranked list of leaked passwords (about 50k): server-side only, it is too big for the
// web bundle. Compared lower-cased and trimmed, as Django's CommonPasswordValidator does.
let common: Set<string> | null = null;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common']));

export const isCommonPassword = (password: string) =>
  commonPasswords().has(password.trim().toLowerCase());

/** Every rule a new password must pass (DESIGN §3); empty when it is acceptable. */
export const newPasswordProblems = (password: string, email: string): string[] => {
  const problems = passwordProblems(password);
  if (isPasswordSimilarToEmail(password, email)) problems.push(PASSWORD_TOO_SIMILAR);
  if (isCommonPassword(password)) problems.push(PASSWORD_TOO_COMMON);
  return problems;
};
