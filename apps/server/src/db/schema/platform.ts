import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, serialId } from './columns';

/**
 * Outgoing email, written in the same transaction as the change that causes it and sent by
 * the mail worker, so a mail server outage delays messages instead of losing them.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serialId(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    text: text('text').notNull(),
    html: text('html'),
    // Extra headers (List-Unsubscribe on notification emails); null for most messages.
    headers: jsonb('headers').$type<Record<string, string>>(),
    // The studio's name when the message was written (decision 0045); null: MAIL_FROM as it is.
    fromName: varchar('from_name', { length: 100 }),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('email_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at IS NULL`),
  ],
);

/** Fixed-window counters for throttles, shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 300 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: at('reset_at').notNull(),
});

/**
 * Stored files whose row is gone: the storage sweep removes them from disk or the bucket
 * (decision 0041). Filled by triggers on the tables that hold storage keys, so a delete by
 * cascade (a milestone, its runs, their screenshots) forgets no file; after the commit, since a
 * transaction that rolls back must find its files still there.
 */
export const storageRemovals = pgTable('storage_removals', {
  key: varchar('key', { length: 255 }).primaryKey(),
  // When queued, or last tried and failed: the sweep takes the oldest first, so a file that
  // cannot be removed waits its turn behind the others instead of blocking them.
  queuedAt: at('queued_at').notNull().defaultNow(),
});

/**
 * `Idempotency-Key` (issue 28): the first answer to a POST made with a key, replayed to a retry
 * of the same request for 24 hours instead of doing the work again. `scope` is whose key it is
 * (`user:{id}`, or `ip:{address}` for the public lead form); `status` is null while the first
 * request still runs.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: varchar('scope', { length: 80 }).notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is a 422. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    status: integer('status'),
    contentType: varchar('content_type', { length: 100 }),
    body: text('body'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
