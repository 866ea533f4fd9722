import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  mentionedEmails,
  type NotificationTargetType,
  type NotificationVerb,
} from '@portal/contract/notifications';
import type { Executor } from '../../db/client';
import {
  clientUsers,
  estimateItems,
  estimates,
  estimateSections,
  notifications,
  projects,
  users,
} from '../../db/schema/index';
import { oneLine } from '../../mail/format';
import { personName } from '../../db/people';

/** The channel every instance LISTENs on; the payload names the row and its recipient. */
export const NOTIFICATION_CHANNEL = 'portal_notifications';

export type NotificationTarget = { type: NotificationTargetType; id: number; label: string };

/** Who hears of it, besides the people a text mentions. The actor never does. */
export type Audience = {
  staff?: boolean;
  /** The (active) users of this client. */
  client?: number | null;
  /** Only the people the text mentions (a staff-only lead comment, a note). */
  mentionsOnly?: boolean;
};

export type NotificationEvent = {
  verb: Exclude<NotificationVerb, 'mentioned'>;
  actorId: number | null;
  target: NotificationTarget;
  /** A path inside the web app. */
  url: string;
  /** The line shown in the bell, written for everyone in the audience, given the actor's name. */
  text: (actor: string) => string;
  audience: Audience;
  /**
   * The comment or note typed by the actor: people it mentions (among those who may see the
   * target: staff, and the users of `audience.client`) get a `mentioned` notification instead.
   */
  body?: string;
  /** The module emails this news itself (lead, version, sign-off emails): no second email. */
  alreadyEmailed?: boolean;
  /**
   * The comment whose words follow the text ("…: words") while it stands: its delete takes
   * them out of every notification naming it, its Undo puts them back (`forgetQuotes`).
   */
  quote?: { commentId: number; words: string };
};

/** The words a notification quotes of a comment: one line, 120 characters at most. */
export const quoteOf = (words: string) => oneLine(words, 120);

/**
 * A notification's line as people read it, in the bell and in emails: its text, then the
 * words it quotes while their comment stands.
 */
export const shownText = sql<string>`CASE WHEN ${notifications.quote} IS NULL THEN ${notifications.text} ELSE ${notifications.text} || ': ' || ${notifications.quote} END`;

/** A deleted comment's words leave the notifications that quoted it (issue 26). */
export const forgetQuotes = (tx: Executor, commentId: number) =>
  tx.update(notifications).set({ quote: null }).where(eq(notifications.commentId, commentId));

/** Undo of a comment's delete: its notifications quote it again. */
export const restoreQuotes = (tx: Executor, commentId: number, words: string) =>
  tx
    .update(notifications)
    .set({ quote: quoteOf(words) })
    .where(eq(notifications.commentId, commentId));

const active = eq(users.isActive, true);
const staffOf = eq(users.isSuperuser, true);
const usersOfClient = (db: Executor, clientId: number): SQL =>
  inArray(
    users.id,
    db
      .select({ id: clientUsers.userId })
      .from(clientUsers)
      .where(eq(clientUsers.clientId, clientId)),
  );

/** Who may be mentioned where `client`'s records are: staff, and that client's users. */
export const mayBeMentioned = (db: Executor, client: number | null | undefined): SQL =>
  and(active, client ? or(staffOf, usersOfClient(db, client)) : staffOf) as SQL;

/**
 * Writes the notifications of one event, one row per recipient, in the caller's transaction,
 * and queues a NOTIFY for each: PostgreSQL delivers those only when (and if) the transaction
 * commits, so a failed change notifies nobody and listeners never see a row before it exists.
 */
export const notify = async (tx: Executor, event: NotificationEvent): Promise<number> => {
  const { audience } = event;
  const mentioned = event.body ? mentionedEmails(event.body) : [];
  const mentionedIds = new Set(
    mentioned.length === 0
      ? []
      : (
          await tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                mayBeMentioned(tx, audience.client),
                inArray(sql`lower(${users.email})`, mentioned),
              ),
            )
        ).map((u) => u.id),
  );
  const groups: SQL[] = [];
  if (!audience.mentionsOnly) {
    if (audience.staff) groups.push(staffOf);
    if (audience.client) groups.push(usersOfClient(tx, audience.client));
  }
  const told =
    groups.length === 0
      ? []
      : await tx
          .select({ id: users.id })
          .from(users)
          .where(and(active, or(...groups)));
  const recipients = new Set([...told.map((u) => u.id), ...mentionedIds]);
  if (event.actorId !== null) recipients.delete(event.actorId);
  if (recipients.size === 0) return 0;

  const [actor] =
    event.actorId === null
      ? []
      : await tx
          .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(eq(users.id, event.actorId));
  const actorName = actor ? personName(actor) : 'Someone';
  const label = oneLine(event.target.label, 200);
  const rows = await tx
    .insert(notifications)
    .values(
      [...recipients].map((recipientId) => {
        const isMention = mentionedIds.has(recipientId);
        return {
          recipientId,
          actorId: event.actorId,
          verb: isMention ? 'mentioned' : event.verb,
          targetType: event.target.type,
          targetId: event.target.id,
          targetLabel: label,
          text: oneLine(
            isMention ? `${actorName} mentioned you on “${label}”` : event.text(actorName),
            500,
          ),
          url: event.url,
          // A mention names the place, not the words, as before.
          quote: event.quote && !isMention ? quoteOf(event.quote.words) : null,
          commentId: event.quote?.commentId ?? null,
          emailedAt: event.alreadyEmailed && !isMention ? sql`now()` : null,
        };
      }),
    )
    .returning({ id: notifications.id, recipientId: notifications.recipientId });
  for (const row of rows)
    await tx.execute(
      sql`SELECT pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify({ id: row.id, user: row.recipientId })})`,
    );
  return rows.length;
};

const quoted = (name: string) => `“${oneLine(name, 100)}”`;

/*
 * One helper per event below, so each module's call site is one statement.
 */

/** A comment on an estimate item: staff and the estimate's client's users hear of it. */
export const notifyItemComment = async (
  tx: Executor,
  c: { actorId: number; itemId: number; commentId: number; content: string },
) => {
  const [item] = await tx
    .select({
      description: estimateItems.description,
      estimateId: estimateSections.estimateId,
      clientId: projects.clientId,
    })
    .from(estimateItems)
    .innerJoin(estimateSections, eq(estimateSections.id, estimateItems.sectionId))
    .innerJoin(estimates, eq(estimates.id, estimateSections.estimateId))
    .innerJoin(projects, eq(projects.id, estimates.projectId))
    .where(eq(estimateItems.id, c.itemId));
  if (!item) return 0;
  return notify(tx, {
    verb: 'commented',
    actorId: c.actorId,
    target: { type: 'estimate_item', id: c.itemId, label: item.description },
    url: `/estimates/${item.estimateId}?item=${c.itemId}`,
    text: (actor) => `${actor} commented on ${quoted(item.description)}`,
    quote: { commentId: c.commentId, words: c.content },
    audience: { staff: true, client: item.clientId },
    body: c.content,
  });
};

/** A staff comment on a lead: only the staff it mentions hear of it. */
export const notifyLeadComment = (
  tx: Executor,
  c: { actorId: number; leadId: number; leadName: string; leadEmail: string; message: string },
) =>
  notify(tx, {
    verb: 'commented',
    actorId: c.actorId,
    target: { type: 'lead', id: c.leadId, label: c.leadName },
    url: `/leads?lead=${c.leadId}`,
    text: (actor) => `${actor} commented on the lead ${quoted(c.leadName)}`,
    audience: { mentionsOnly: true },
    body: c.message,
  });

/** A project note (written by staff, read by the client): the people it mentions. */
export const notifyProjectNote = async (
  tx: Executor,
  n: { actorId: number; noteId: number; projectId: number; content: string },
) => {
  const [project] = await tx
    .select({ name: projects.name, slug: projects.slug, clientId: projects.clientId })
    .from(projects)
    .where(eq(projects.id, n.projectId));
  if (!project) return 0;
  return notify(tx, {
    verb: 'commented',
    actorId: n.actorId,
    target: { type: 'project_note', id: n.noteId, label: project.name },
    url: `/projects/${project.slug}`,
    text: (actor) => `${actor} wrote a note on ${quoted(project.name)}`,
    audience: { mentionsOnly: true, client: project.clientId },
    body: n.content,
  });
};

/** The website form brought a lead: staff, who already get the lead email. */
export const notifyNewLead = (
  tx: Executor,
  l: { leadId: number; name: string; email: string; returning: boolean },
) =>
  notify(tx, {
    verb: 'lead_created',
    actorId: null,
    target: { type: 'lead', id: l.leadId, label: l.name },
    url: `/leads?lead=${l.leadId}`,
    text: () =>
      l.returning
        ? `Returning lead on the website: ${l.name}`
        : `New lead from the website: ${l.name}`,
    audience: { staff: true },
    alreadyEmailed: true,
  });

/** A version was sent: the client's users, who already get the version email. */
export const notifyEstimateSent = (
  tx: Executor,
  v: {
    actorId: number;
    clientId: number;
    estimateId: number;
    estimateName: string;
    number: number;
  },
) =>
  notify(tx, {
    verb: 'estimate_sent',
    actorId: v.actorId,
    target: { type: 'estimate', id: v.estimateId, label: v.estimateName },
    url: `/estimates/${v.estimateId}`,
    text: (actor) => `${actor} sent you version ${v.number} of ${quoted(v.estimateName)} to review`,
    audience: { client: v.clientId },
    alreadyEmailed: true,
  });

/** The client decided on a version: staff, who already get the decision email. */
export const notifyEstimateDecided = (
  tx: Executor,
  v: {
    actorId: number;
    estimateId: number;
    estimateName: string;
    number: number;
    approved: boolean;
  },
) =>
  notify(tx, {
    verb: 'estimate_decided',
    actorId: v.actorId,
    target: { type: 'estimate', id: v.estimateId, label: v.estimateName },
    url: `/estimates/${v.estimateId}`,
    text: (actor) =>
      `${actor} ${v.approved ? 'approved' : 'asked for changes to'} ${quoted(v.estimateName)} (version ${v.number})`,
    audience: { staff: true },
    alreadyEmailed: true,
  });

/** The client signed a test run off: staff, who already get the sign-off email. */
export const notifyTestRunSignedOff = (
  tx: Executor,
  r: { actorId: number; runId: number; runName: string },
) =>
  notify(tx, {
    verb: 'test_run_signed_off',
    actorId: r.actorId,
    target: { type: 'test_run', id: r.runId, label: r.runName },
    url: `/test-runs/${r.runId}/report`,
    text: (actor) => `${actor} signed off the test run ${quoted(r.runName)}`,
    audience: { staff: true },
    alreadyEmailed: true,
  });
