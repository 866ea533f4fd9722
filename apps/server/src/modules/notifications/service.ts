import { and, asc, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  MentionablePerson,
  Notification,
  NotificationEmailChoice,
  NotificationSettings,
  NotificationTargetType,
} from '@portal/contract/notifications';
import type { Executor } from '../../db/client';
import {
  clientUsers,
  estimateItems,
  estimates,
  estimateSections,
  milestones,
  notifications,
  notificationSettings,
  projectNotes,
  projects,
  testRuns,
  users,
} from '../../db/schema/index';
import type { PageWindow } from '../../http/pagination';
import { clientScopeSql, type Scope } from '../../http/scope';
import { personName } from '../../db/people';
import { mayBeMentioned, shownText } from './notify';

/**
 * The client whose records each kind of target is (a subquery on the notification's target);
 * none for a lead, which is staff news. A new kind of target must say which, or TypeScript
 * complains here.
 */
const CLIENT_OF_TARGET: Record<NotificationTargetType, SQL | null> = {
  estimate: sql`SELECT ${projects.clientId} FROM ${estimates}
    JOIN ${projects} ON ${projects.id} = ${estimates.projectId}
    WHERE ${estimates.id} = ${notifications.targetId}`,
  estimate_item: sql`SELECT ${projects.clientId} FROM ${estimateItems}
    JOIN ${estimateSections} ON ${estimateSections.id} = ${estimateItems.sectionId}
    JOIN ${estimates} ON ${estimates.id} = ${estimateSections.estimateId}
    JOIN ${projects} ON ${projects.id} = ${estimates.projectId}
    WHERE ${estimateItems.id} = ${notifications.targetId}`,
  project_note: sql`SELECT ${projects.clientId} FROM ${projectNotes}
    JOIN ${projects} ON ${projects.id} = ${projectNotes.projectId}
    WHERE ${projectNotes.id} = ${notifications.targetId}`,
  test_run: sql`SELECT ${projects.clientId} FROM ${testRuns}
    JOIN ${milestones} ON ${milestones.id} = ${testRuns.milestoneId}
    JOIN ${projects} ON ${projects.id} = ${milestones.projectId}
    WHERE ${testRuns.id} = ${notifications.targetId}`,
  lead: null,
};

/** The client a notification's target belongs to now; null for staff news or a target gone. */
const targetClient = sql.join(
  [
    sql`CASE ${notifications.targetType}`,
    ...Object.entries(CLIENT_OF_TARGET).flatMap(([type, client]) =>
      client ? [sql`WHEN ${type} THEN (${client})`] : [],
    ),
    sql`END`,
  ],
  sql` `,
);

/**
 * Who may read a notification is decided when it is read, not only when it was written: a
 * person removed from a client no longer reads its news, a demoted staff member no longer reads
 * staff news. Staff read all of theirs; anyone else those whose target belongs to a client they
 * are a user of now. The client is found from the target, up the chain its own scope walks,
 * so the rule needs no client column written by `notify` nor a backfill of the rows there are.
 */
const readableIn = (scope: Scope): SQL | undefined =>
  scope.kind === 'staff' ? undefined : clientScopeSql(scope, targetClient);

/** `readableIn` for whoever the recipient is: the stream's catch-up and the emails. */
export const readableByRecipient = or(
  sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${notifications.recipientId} AND ${users.isSuperuser})`,
  sql`${targetClient} IN (SELECT ${clientUsers.clientId} FROM ${clientUsers} WHERE ${clientUsers.userId} = ${notifications.recipientId})`,
) as SQL;

const columns = {
  id: notifications.id,
  verb: notifications.verb,
  targetType: notifications.targetType,
  targetId: notifications.targetId,
  targetLabel: notifications.targetLabel,
  text: shownText,
  url: notifications.url,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  actorId: users.id,
  actorFirstName: users.firstName,
  actorLastName: users.lastName,
  actorEmail: users.email,
};

type Row = {
  id: number;
  verb: string;
  targetType: string;
  targetId: number;
  targetLabel: string;
  text: string;
  url: string;
  readAt: Date | null;
  createdAt: Date;
  actorId: number | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorEmail: string | null;
};

const toDto = (r: Row): Notification => ({
  id: r.id,
  verb: r.verb as Notification['verb'],
  actor:
    r.actorId !== null && r.actorEmail !== null
      ? {
          id: r.actorId,
          name: personName({
            firstName: r.actorFirstName ?? '',
            lastName: r.actorLastName ?? '',
            email: r.actorEmail,
          }),
        }
      : null,
  target: {
    type: r.targetType as Notification['target']['type'],
    id: r.targetId,
    label: r.targetLabel,
  },
  text: r.text,
  url: r.url,
  read_at: r.readAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
});

/** Reads a person's notifications with their actor's name. */
export const selectNotifications = (db: Executor) =>
  db.select(columns).from(notifications).leftJoin(users, eq(users.id, notifications.actorId));

/** A person's notifications after `afterId`, oldest first (a stream resuming, a catch-up). */
export const notificationsAfter = async (db: Executor, userId: number, afterId: number) =>
  (
    await selectNotifications(db)
      .where(
        and(
          eq(notifications.recipientId, userId),
          gt(notifications.id, afterId),
          readableByRecipient,
        ),
      )
      .orderBy(asc(notifications.id))
      .limit(100)
  ).map(toDto);

/** The newest id a person has: a new stream starts after it. */
export const newestNotificationId = async (db: Executor, userId: number) => {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${notifications.id}), 0)::int` })
    .from(notifications)
    .where(eq(notifications.recipientId, userId));
  return row?.id ?? 0;
};

/**
 * Every call is the caller's own: another person's notification does not exist for them, nor
 * does their own once they may no longer read it (`readableIn`).
 */
export const createNotificationService = (db: Executor) => {
  const mine = (scope: Scope, unread = false) =>
    and(
      eq(notifications.recipientId, scope.userId),
      unread ? isNull(notifications.readAt) : undefined,
      readableIn(scope),
    );

  const service = {
    list: async (scope: Scope, unread: boolean, page: (total: number) => PageWindow) => {
      const where = mine(scope, unread);
      const [totals] = await db.select({ total: count() }).from(notifications).where(where);
      const total = totals?.total ?? 0;
      const window = page(total);
      const rows = await selectNotifications(db)
        .where(where)
        .orderBy(desc(notifications.id))
        .limit(window.limit)
        .offset(window.offset);
      return { count: total, window, rows: rows.map(toDto) };
    },

    retrieve: async (scope: Scope, id: number): Promise<Notification | null> => {
      const [row] = await selectNotifications(db)
        .where(and(eq(notifications.id, id), mine(scope)))
        .limit(1);
      return row ? toDto(row) : null;
    },

    unreadCount: async (scope: Scope) => {
      const [row] = await db
        .select({ total: count() })
        .from(notifications)
        .where(mine(scope, true));
      return { count: row?.total ?? 0 };
    },

    /** Marking twice keeps the first time; null when it is not the caller's. */
    read: async (scope: Scope, id: number): Promise<Notification | null> => {
      await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, id), mine(scope)));
      return service.retrieve(scope, id);
    },

    readAll: async (scope: Scope) => {
      const marked = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(mine(scope, true))
        .returning({ id: notifications.id });
      return { marked: marked.length };
    },

    settings: async (userId: number): Promise<NotificationSettings> => {
      const [row] = await db
        .select({ email: notificationSettings.email })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId));
      return { email: (row?.email ?? 'instant') as NotificationEmailChoice };
    },

    updateSettings: async (
      userId: number,
      email: NotificationEmailChoice,
    ): Promise<NotificationSettings> => {
      await db
        .insert(notificationSettings)
        .values({ userId, email })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: { email } });
      return { email };
    },

    /**
     * Whom the caller may mention next to `client`'s records: staff and that client's users.
     * A client user asking about a client that is not theirs gets null (a 404); one asking
     * without a client gets the staff only while they are a user of some client — a person of
     * no client (anyone can register) works with nobody, so learns nobody's name or email.
     */
    mentionable: async (
      scope: Scope,
      client: number | undefined,
    ): Promise<MentionablePerson[] | null> => {
      if (client !== undefined && scope.kind === 'member') {
        const [member] = await db
          .select({ id: clientUsers.id })
          .from(clientUsers)
          .where(and(eq(clientUsers.clientId, client), eq(clientUsers.userId, scope.userId)));
        if (!member) return null;
      }
      const rows = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(users)
        .where(
          and(
            mayBeMentioned(db, client),
            scope.kind === 'member'
              ? sql`EXISTS (SELECT 1 FROM ${clientUsers} WHERE ${clientUsers.userId} = ${scope.userId})`
              : undefined,
          ),
        )
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
      return rows.map((u) => ({ id: u.id, name: personName(u), email: u.email }));
    },

    /** The signed link's effect: no more notification emails (the bell stays). */
    unsubscribe: async (userId: number) => {
      await service.updateSettings(userId, 'off');
    },
  };
  return service;
};
