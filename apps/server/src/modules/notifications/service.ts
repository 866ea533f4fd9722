import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type {
  MentionablePerson,
  Notification,
  NotificationEmailChoice,
  NotificationSettings,
} from '@portal/contract/notifications';
import type { Executor } from '../../db/client';
import { clientUsers, notifications, notificationSettings, users } from '../../db/schema/index';
import type { PageWindow } from '../../http/pagination';
import type { Scope } from '../../http/scope';
import { mayBeMentioned, personName, shownText } from './notify';

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
      .where(and(eq(notifications.recipientId, userId), gt(notifications.id, afterId)))
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

/** Every call is the caller's own: another person's notification does not exist for them. */
export const createNotificationService = (db: Executor) => {
  const mine = (scope: Scope, unread = false) =>
    and(
      eq(notifications.recipientId, scope.userId),
      unread ? isNull(notifications.readAt) : undefined,
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
     * A client user asking about a client that is not theirs gets null (a 404).
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
        .where(mayBeMentioned(db, client))
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
