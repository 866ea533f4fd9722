import {
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SIMILAR,
  isPasswordSimilarToEmail,
  passwordProblems,
} from '@portal/contract/passwords';

// zxcvbn's ranked list of leaked passwords (about 50k): server-side only, it is too big for the
// web bundle, and read by the first new password rather than by every process at start (decision
// 0052). Compared lower-cased and trimmed, as Django's CommonPasswordValidator does.
let common: Promise<Set<string>> | null = null;
const commonPasswords = () =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  ));

export const isCommonPassword = async (password: string) =>
  (await commonPasswords()).has(password.trim().toLowerCase());

/** Every rule a new password must pass (DESIGN §3); empty when it is acceptable. */
export const newPasswordProblems = async (password: string, email: string): Promise<string[]> => {
  const problems = passwordProblems(password);
  if (isPasswordSimilarToEmail(password, email)) problems.push(PASSWORD_TOO_SIMILAR);
  if (await isCommonPassword(password)) problems.push(PASSWORD_TOO_COMMON);
  return problems;
};
