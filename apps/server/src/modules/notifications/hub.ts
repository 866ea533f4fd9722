import type { Notification } from '@portal/contract/notifications';
import type pg from 'pg';
import type { Database } from '../../db/client';
import { releaseListener } from '../../db/listen';
import { NOTIFICATION_CHANNEL } from './notify';
import { notificationsAfter } from './service';

/** One open stream: whom it is for, the newest id it has been sent, how to write to it. */
export type Subscriber = {
  userId: number;
  lastId: number;
  send: (notification: Notification) => void;
};

const RECONNECT_MS = 2_000;

/**
 * The instance's one dedicated LISTEN connection, fanning each committed notification out to
 * this instance's streams of its recipient (DESIGN §8). The connection is held out of the pool
 * for the life of the instance; when it drops, it is opened again and every stream catches up
 * on what it missed by id, so nothing is lost in between.
 */
export const createNotificationHub = (
  db: Database,
  options: { onError?: (error: unknown) => void; onNotified?: () => void } = {},
) => {
  const subscribers = new Set<Subscriber>();
  let client: pg.PoolClient | null = null;
  let starting: Promise<void> | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  /** Sends a subscriber what it has not seen yet, in order; one catch-up at a time each. */
  const pending = new WeakMap<Subscriber, Promise<void>>();
  const catchUp = (subscriber: Subscriber) => {
    const previous = pending.get(subscriber) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        if (!subscribers.has(subscriber)) return;
        for (const n of await notificationsAfter(db, subscriber.userId, subscriber.lastId)) {
          if (n.id <= subscriber.lastId) continue;
          subscriber.lastId = n.id;
          subscriber.send(n);
        }
      })
      .catch((error: unknown) => options.onError?.(error));
    pending.set(subscriber, next);
    return next;
  };

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== NOTIFICATION_CHANNEL || !message.payload) return;
    options.onNotified?.();
    let user: unknown;
    try {
      user = (JSON.parse(message.payload) as { user?: unknown }).user;
    } catch {
      return;
    }
    for (const subscriber of subscribers) if (subscriber.userId === user) void catchUp(subscriber);
  };

  const connect = async () => {
    const next = await db.$client.connect();
    next.on('notification', onNotification);
    next.on('error', (error) => {
      options.onError?.(error);
      drop(next);
    });
    await next.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
    if (stopped) {
      next.release(true);
      return;
    }
    client = next;
    // Whatever was committed while no connection listened.
    for (const subscriber of subscribers) void catchUp(subscriber);
  };

  const drop = (broken: pg.PoolClient) => {
    if (client !== broken) return;
    client = null;
    broken.removeAllListeners('notification');
    broken.release(true);
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
    if (client || stopped) return Promise.resolve();
    starting ??= connect()
      .catch((error: unknown) => {
        options.onError?.(error);
        scheduleReconnect();
      })
      .finally(() => {
        starting = null;
      });
    return starting;
  };

  return {
    start,
    /** Adds a stream; sends it what came after `lastId` (a resumed stream) at once. */
    subscribe: (subscriber: Subscriber) => {
      subscribers.add(subscriber);
      void start();
      if (subscriber.lastId > 0) void catchUp(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    get size() {
      return subscribers.size;
    },
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await starting;
      subscribers.clear();
      const held = client;
      client = null;
      await releaseListener(held, NOTIFICATION_CHANNEL);
    },
  };
};
export type NotificationHub = ReturnType<typeof createNotificationHub>;
