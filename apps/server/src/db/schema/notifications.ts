import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { userRef, users } from './users';
import { at, createdAt, parentId, serialId } from './columns';

/** One row per recipient of a piece of news (DESIGN §8 "Notifications"). */
export const notifications = pgTable(
  'notifications',
  {
    id: serialId(),
    recipientId: parentId('recipient_id', () => users.id),
    actorId: userRef('actor_id'),
    verb: varchar('verb', { length: 40 }).notNull(),
    targetType: varchar('target_type', { length: 40 }).notNull(),
    targetId: integer('target_id').notNull(),
    targetLabel: varchar('target_label', { length: 200 }).notNull(),
    text: varchar('text', { length: 500 }).notNull(),
    // The words of the comment told of, shown after the text while the comment stands: deleting
    // it empties this, Undo writes it again (issue 26). Null for news that quotes nothing.
    quote: varchar('quote', { length: 200 }),
    commentId: integer('comment_id'),
    url: varchar('url', { length: 500 }).notNull(),
    readAt: at('read_at'),
    // Set once the news has reached the person by email (an instant mail, a digest, or the
    // module's own email of the same event), so no second email repeats it (decision 0023).
    emailedAt: at('emailed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.id.desc()),
    // A comment's delete and Undo find its notifications.
    index('notifications_comment_idx')
      .on(t.commentId)
      .where(sql`${t.commentId} IS NOT NULL`),
    // The bell's count and the digest read only the unread rows.
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/** A person's email choice; no row means the default, `instant`. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: varchar('email', { length: 10 }).notNull().default('instant'),
});

/** One row per person and day a digest went out: a retried job never sends a second one. */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: parentId('user_id', () => users.id),
    day: date('day').notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
