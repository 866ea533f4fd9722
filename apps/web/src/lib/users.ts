import type { User } from '@portal/contract/users';

/** First and last name, or the email when both are empty. */
export const displayName = (user: Pick<User, 'email' | 'first_name' | 'last_name'>): string =>
  [user.first_name, user.last_name]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ') || user.email;

/** One or two letters for an avatar without an image. */
export const initials = (user: Pick<User, 'email' | 'first_name' | 'last_name'>): string => {
  const fromName = [user.first_name, user.last_name].map((part) => part.trim().charAt(0)).join('');
  return (fromName || user.email.charAt(0)).toUpperCase();
};
