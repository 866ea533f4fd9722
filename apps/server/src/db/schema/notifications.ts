import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** One row per recipient of a piece of news (DESIGN §8 "Notifications"). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    verb: varchar('verb', { length: 40 }).notNull(),
    targetType: varchar('target_type', { length: 40 }).notNull(),
    targetId: integer('target_id').notNull(),
    targetLabel: varchar('target_label', { length: 200 }).notNull(),
    text: varchar('text', { length: 500 }).notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    // Set once the news has reached the person by email (an instant mail, a digest, or the
    // module's own email of the same event), so no second email repeats it (decision 0023).
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.id.desc()),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
