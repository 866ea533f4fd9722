type Named = { firstName: string; lastName: string; email: string };

/** How the portal names a person everywhere (answers, emails, activity): their name, else email. */
export const personName = (user: Named) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** A person as answers name them, `{ id, name }`; null for an account no longer there. */
export const personRef = (user: ({ id: number } & Named) | null) =>
  user && { id: user.id, name: personName(user) };
