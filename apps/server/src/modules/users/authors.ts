import type { AuthContext } from '../../http/auth';
import { users } from '../../db/schema/index';

/**
 * The author of a record that keeps its author's id (comments on leads and on estimate items):
 * the columns to select through a LEFT JOIN on `users`, null once the account is gone.
 */
export const authorColumns = { authorId: users.id, authorEmail: users.email };
export type AuthorColumns = { authorId: number | null; authorEmail: string | null };

/** The author as the API shows it, `{ id, email }`, or null when the account is gone. */
export const authorOf = (row: AuthorColumns) =>
  row.authorId !== null && row.authorEmail !== null
    ? { id: row.authorId, email: row.authorEmail }
    : null;

/** Who may delete a comment: its author, or staff. */
export const mayDeleteComment = (auth: AuthContext, authorId: number | null) =>
  auth.user.isSuperuser || (authorId !== null && authorId === auth.user.id);
