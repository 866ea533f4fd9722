import type { Database } from '../db/client';
import { createListener } from '../db/listen';
import type { users } from '../db/schema/index';

/** What a token check found: whom it is for, and until when PostgreSQL would accept it. */
export type CachedToken = {
  user: typeof users.$inferSelect;
  tokenId: number;
  impersonatorId: number | null;
  lastUsedAt: number;
  expiresAt: number;
};

const CHANNEL = 'token_cache';
/** A safety net only: eviction is by NOTIFY (see below). */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/**
 * Token checks kept in this process (decision 0024), correct with any number of processes and
 * instances on one database. Triggers on `auth_tokens` and `users` (migration 0015) NOTIFY
 * `token_cache` when a row changes; this process LISTENs on a connection of its own and drops
 * what it kept for that token or user.
 *
 * A notification arrives after its writer committed, so on its own it would leave a window in
 * which another process still accepts a revoked token. A kept check is therefore used only after
 * a round trip on the listening connection that started after the request arrived: PostgreSQL
 * sends a session the notifications committed before a query ends ahead of that query's
 * ReadyForQuery, so anything committed before the request (a logout answered elsewhere, a
 * password change, an `UPDATE` by hand) has been applied by then. All the requests waiting share
 * one round trip (an empty query on an idle connection): one for many instead of a query each.
 * Without the listening connection, nothing is kept and every check asks PostgreSQL.
 */
export const createTokenCache = (db: Database, options: { onError?: (error: unknown) => void }) => {
  const entries = new Map<string, CachedToken & { keptAt: number }>();
  // Changes whenever something may have been dropped: a lookup that began before a change it
  // may not have seen is not kept.
  let generation = 0;

  const listener = createListener(db, CHANNEL, {
    onNotification: (payload) => {
      generation++;
      if (!payload || payload === '*') return entries.clear();
      const id = Number(payload.slice(1));
      const byUser = payload.startsWith('u');
      for (const [key, entry] of entries)
        if (byUser ? entry.user.id === id : entry.tokenId === id) entries.delete(key);
    },
    onConnected: () => generation++,
    // Notifications may have been missed: nothing kept is trusted any more.
    onLost: () => {
      generation++;
      entries.clear();
    },
    onError: options.onError,
  });

  // One round trip at a time; whoever arrives during one waits for the next.
  let running: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;
  const roundTrip = async () => {
    const held = listener.client;
    if (!held) return false;
    try {
      // An empty query: PostgreSQL answers EmptyQueryResponse and ReadyForQuery, with the
      // notifications ahead of it as for any query, but parses, plans and sends no row; under
      // load one runs every few requests, on the same two cores as everything else (issue 30).
      await held.query('');
      return listener.client === held;
    } catch (error) {
      listener.report(error);
      listener.drop(held);
      return false;
    }
  };
  const caughtUp = (): Promise<boolean> => {
    if (!running) {
      running = roundTrip().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running.then(() => {
      queued = null;
      return caughtUp();
    });
    return queued;
  };

  return {
    /** Where a lookup starts: pass it to `keep`. */
    get generation() {
      return generation;
    },
    /** The kept check for this token hash, once every change committed before now is applied. */
    find: async (keyHash: string): Promise<CachedToken | undefined> => {
      if (!listener.client) {
        void listener.start();
        return undefined;
      }
      if (!entries.has(keyHash) || !(await caughtUp())) return undefined;
      const entry = entries.get(keyHash);
      if (!entry) return undefined;
      const now = Date.now();
      if (now - entry.keptAt > TTL_MS || entry.expiresAt <= now) {
        entries.delete(keyHash);
        return undefined;
      }
      return entry;
    },
    /** Keeps what a lookup started at `since` found, unless something changed meanwhile. */
    keep: (keyHash: string, found: CachedToken, since: number) => {
      if (!listener.client || since !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? '');
      entries.set(keyHash, { ...found, keptAt: Date.now() });
    },
    forget: (keyHash: string) => {
      entries.delete(keyHash);
    },
    stop: async () => {
      entries.clear();
      await listener.stop();
    },
  };
};
export type TokenCache = ReturnType<typeof createTokenCache>;
