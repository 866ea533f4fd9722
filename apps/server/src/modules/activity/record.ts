import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, is, SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActivityTargetType, ActivityVerb } from '@portal/contract/activity';
import type { Executor } from '../../db/client';
import { oneLine } from '../../mail/format';
import { activity, projects, users } from '../../db/schema/index';

/** Who is acting: a user, and the staff member behind them when it is an impersonation. */
export type Actor = { actorId: number | null; impersonatorId: number | null };

/** A value, or a subquery giving it inside the insert (no extra round trip). */
type Given<T> = T | SQL<T>;

export type ActivityEntry = {
  verb: ActivityVerb;
  target: { type: ActivityTargetType; id: Given<number>; label: Given<string> };
  project?: Given<number> | null;
  client?: Given<number> | null;
  /** What a person needs to read the entry; never secrets (no passwords, tokens or emails). */
  data?: Record<string, unknown>;
  /** Only where the session is not the actor yet (a sign-in) or there is no request (the seed). */
  actor?: Actor;
};

// The request being served, so services record who acted without taking the request as an
// argument (they take a Scope): the hook below runs every request inside its own store.
const current = new AsyncLocalStorage<FastifyRequest>();

export const trackActingRequest = (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    current.run(request, done);
  });
};

const actorOfRequest = (): Actor => {
  const auth = current.getStore()?.auth ?? null;
  return { actorId: auth?.user.id ?? null, impersonatorId: auth?.impersonatorId ?? null };
};

const LABEL_MAX = 255;

/**
 * Writes one activity entry. Call it with the transaction of the change it describes, so the
 * entry commits or rolls back with it (a failed change writes none).
 */
export const record = async (tx: Executor, entry: ActivityEntry): Promise<void> => {
  const actor = entry.actor ?? actorOfRequest();
  await tx.insert(activity).values({
    verb: entry.verb,
    actorId: actor.actorId,
    impersonatorId: actor.impersonatorId,
    targetType: entry.target.type,
    targetId: entry.target.id,
    targetLabel: is(entry.target.label, SQL)
      ? sql<string>`left(${entry.target.label}, ${LABEL_MAX})`
      : entry.target.label.slice(0, LABEL_MAX),
    projectId: entry.project ?? null,
    // A project's child names only its project; the client is looked up in the same statement.
    clientId:
      entry.client ??
      (entry.project == null
        ? null
        : sql<number>`(SELECT ${projects.clientId} FROM ${projects} WHERE ${projects.id} = ${entry.project})`),
    data: entry.data ?? {},
  });
};

/** The wire names of the fields a PATCH/PUT body sets: an `updated` entry's `data.fields`. */
export const changedFields = (body: object): string[] =>
  Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key)
    .sort();

const EXCERPT_LENGTH = 80;

/** The start of a longer text (a note, a comment) as an entry's label or data. */
export const excerpt = (text: string): string => oneLine(text, EXCERPT_LENGTH);

/*
 * A comment's words are in the activity only while the comment is (issue 26). The entry of its
 * writing carries the comment's id beside the excerpt; deleting the comment takes the words out
 * of every entry naming it, and its Undo puts them back. The delete's and the Undo's own entries
 * name the comment and never quote it.
 */

/** The `data` of a 'commented' entry: what was said, and which comment said it. */
export const commentWords = (commentId: number, text: string) => ({
  comment_id: commentId,
  comment: excerpt(text),
});

/** The `data` of a comment's delete or Undo: which comment, not its words. */
export const commentNamed = (commentId: number) => ({ part: 'comment', comment_id: commentId });

type EntriesTarget = { type: ActivityTargetType; id: Given<number> };

const entriesOfComment = (target: EntriesTarget, commentId: number) =>
  and(
    eq(activity.targetType, target.type),
    eq(activity.targetId, target.id),
    sql`${activity.data} ->> 'comment_id' = ${String(commentId)}`,
  );

/** With a comment's delete: its words leave the activity. */
export const forgetCommentWords = (tx: Executor, target: EntriesTarget, commentId: number) =>
  tx
    .update(activity)
    .set({ data: sql`${activity.data} - 'comment'` })
    .where(entriesOfComment(target, commentId));

/** With a comment's Undo: the entry of its writing quotes it again. */
export const restoreCommentWords = (
  tx: Executor,
  target: EntriesTarget,
  commentId: number,
  text: string,
) =>
  tx
    .update(activity)
    .set({ data: sql`${activity.data} || ${JSON.stringify({ comment: excerpt(text) })}::jsonb` })
    .where(and(entriesOfComment(target, commentId), eq(activity.verb, 'commented')));

/** A person's name (or, without one, their email) read inside the insert. */
export const userLabel = (userId: number) =>
  sql<string>`(SELECT coalesce(nullif(btrim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}) FROM ${users} WHERE ${users.id} = ${userId})`;

/**
 * A staff sign-in (members' sign-ins are not history anyone asked for). The session does not
 * exist yet, so the actor is given.
 */
export const staffSignIn = (
  userId: number,
  method: 'password' | 'google' | 'passkey',
): ActivityEntry => ({
  verb: 'signed_in',
  target: { type: 'user', id: userId, label: userLabel(userId) },
  data: { method },
  actor: { actorId: userId, impersonatorId: null },
});
