/** Two-factor's words, without zod: the sign-in page and the API client read them too. */
export const TWO_FACTOR_MESSAGES = {
  /** The password was right; the account asks for its second factor. */
  otpRequired: 'Enter the code from your authenticator app.',
  wrongCode: 'That code is not right or has expired. Enter the current one.',
  /** `REQUIRE_STAFF_2FA=true`: a staff account without two-factor may only set it up. */
  requiredForStaff: 'Set up two-factor authentication first.',
  alreadyOn: 'Two-factor authentication is already on. Turn it off first to set it up again.',
  notStarted: 'Start the set-up first: no authenticator is waiting to be confirmed.',
  notOn: 'Two-factor authentication is not on for this account.',
  wrongPassword: 'Your password was entered incorrectly.',
} as const;
