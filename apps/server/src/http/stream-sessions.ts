import type { ServerResponse } from 'node:http';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { authTokens, users } from '../db/schema/index';

/** How often open streams are held against their sessions: a revoked one ends within this. */
export const STREAM_SESSION_CHECK_MS = 2_000;

/**
 * The open event streams of this process and the session (token) each was opened with
 * (issue 27). A token checked once at the start would keep a stream delivering after logout,
 * `logoutall`, a password change or reset, a deactivated account, an ended impersonation or
 * its expiry. So while any stream is open, one query every two seconds asks PostgreSQL which of
 * their tokens still hold — one query for all of them, whichever instance revoked the token —
 * and the others are ended.
 */
export const createStreamSessions = (
  db: Executor,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
) => {
  const streams = new Map<ServerResponse, number>();
  let timer: NodeJS.Timeout | null = null;
  let checking = false;

  /** Which of `ids` are sessions that still hold: not revoked, not expired, account active. */
  const holding = async (ids: number[]) =>
    new Set(
      (
        await db
          .select({ id: authTokens.id })
          .from(authTokens)
          .innerJoin(users, eq(users.id, authTokens.userId))
          .where(
            and(
              inArray(authTokens.id, ids),
              gt(authTokens.expiresAt, sql`now()`),
              eq(users.isActive, true),
            ),
          )
      ).map((row) => row.id),
    );

  const end = (res: ServerResponse) => {
    streams.delete(res);
    res.end();
  };

  const check = async () => {
    if (checking || streams.size === 0) return;
    checking = true;
    try {
      const valid = await holding([...new Set(streams.values())]);
      for (const [res, tokenId] of streams) if (!valid.has(tokenId)) end(res);
    } catch (error) {
      // The database is away: streams stay open until an answer says otherwise.
      options.onError?.(error);
    } finally {
      checking = false;
    }
  };

  const stopTimer = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };

  return {
    add: (res: ServerResponse, tokenId: number) => {
      streams.set(res, tokenId);
      if (!timer) {
        timer = setInterval(() => void check(), options.intervalMs ?? STREAM_SESSION_CHECK_MS);
        timer.unref();
      }
    },
    remove: (res: ServerResponse) => {
      streams.delete(res);
      if (streams.size === 0) stopTimer();
    },
    /**
     * Before something is written to `res`: whether its session still holds (ending the stream
     * when not), so nothing reaches a revoked session in the seconds before the next check.
     */
    holds: async (res: ServerResponse) => {
      const tokenId = streams.get(res);
      if (tokenId === undefined) return false;
      if ((await holding([tokenId])).has(tokenId)) return true;
      end(res);
      return false;
    },
    /** Ends every stream (a shutdown must not wait for them). */
    closeAll: () => {
      stopTimer();
      for (const res of streams.keys()) res.end();
      streams.clear();
    },
    check,
  };
};
export type StreamSessions = ReturnType<typeof createStreamSessions>;
