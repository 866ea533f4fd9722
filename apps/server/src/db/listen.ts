import type pg from 'pg';
import type { Database } from './client';

const RECONNECT_MS = 2_000;

/**
 * One dedicated LISTEN connection, held out of the pool for the life of the process — a direct one
 * (`Database.$direct`): through a transaction pooler, LISTEN would register on whichever server
 * connection ran it, and its notifications reach whoever uses that connection next. Opened on
 * the first `start()`, opened again 2 s after it drops (and every 2 s until it is back; a
 * `start()` meanwhile waits for that), given back on `stop()`. `onConnected` runs once it
 * listens (what was committed while nobody listened is the caller's to catch up on), `onLost`
 * once it has dropped, `onError` once per outage — not for every attempt while the database is
 * away (issue 28: 5,314 log lines in 28 s).
 */
export const createListener = (
  db: Pick<Database, '$direct'>,
  channel: string,
  handlers: {
    onNotification: (payload: string | undefined) => void;
    onConnected?: () => void;
    onLost?: () => void;
    onError?: (error: unknown) => void;
  },
) => {
  let client: pg.PoolClient | null = null;
  let starting: Promise<void> | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let reported = false;
  const report = (error: unknown) => {
    if (reported) return;
    reported = true;
    handlers.onError?.(error);
  };

  const connect = async () => {
    const next = await db.$direct.connect();
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload);
    });
    next.on('error', (error) => {
      report(error);
      drop(next);
    });
    await next.query(`LISTEN ${channel}`);
    if (stopped) return next.release(true);
    client = next;
    reported = false;
    handlers.onConnected?.();
  };

  const drop = (broken: pg.PoolClient) => {
    if (client !== broken) return;
    client = null;
    broken.removeAllListeners('notification');
    broken.release(true);
    handlers.onLost?.();
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void start();
    }, RECONNECT_MS);
    retry.unref();
  };

  const start = (): Promise<void> => {
    if (client || stopped || retry) return Promise.resolve();
    starting ??= connect()
      .catch((error: unknown) => {
        report(error);
        scheduleReconnect();
      })
      .finally(() => {
        starting = null;
      });
    return starting;
  };

  return {
    start,
    /** The listening connection, while there is one. */
    get client() {
      return client;
    },
    /** Drops the connection after a failed query on it (it reconnects). */
    drop,
    /** Reports a failure on the connection, once per outage. */
    report,
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await starting;
      const held = client;
      client = null;
      if (!held) return;
      held.removeAllListeners('notification');
      await held.query(`UNLISTEN ${channel}`).catch(() => undefined);
      held.release();
    },
  };
};
