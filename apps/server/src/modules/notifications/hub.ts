import type { Notification } from '@portal/contract/notifications';
import type { Database } from '../../db/client';
import { createListener } from '../../db/listen';
import { NOTIFICATION_CHANNEL } from './notify';
import { notificationsAfter } from './service';

/** One open stream: whom it is for, the newest id it has been sent, how to write to it. */
export type Subscriber = {
  userId: number;
  lastId: number;
  send: (notification: Notification) => void;
  /** Asked before anything is sent: false when the stream's session was revoked (issue 27). */
  holds?: () => Promise<boolean>;
};

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

  /** Sends a subscriber what it has not seen yet, in order; one catch-up at a time each. */
  const pending = new WeakMap<Subscriber, Promise<void>>();
  const catchUp = (subscriber: Subscriber) => {
    const previous = pending.get(subscriber) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        if (!subscribers.has(subscriber)) return;
        const news = await notificationsAfter(db, subscriber.userId, subscriber.lastId);
        if (news.length > 0 && subscriber.holds && !(await subscriber.holds())) return;
        for (const n of news) {
          if (n.id <= subscriber.lastId) continue;
          subscriber.lastId = n.id;
          subscriber.send(n);
        }
      })
      .catch((error: unknown) => options.onError?.(error));
    pending.set(subscriber, next);
    return next;
  };

  const listener = createListener(db, NOTIFICATION_CHANNEL, {
    onNotification: (payload) => {
      if (!payload) return;
      options.onNotified?.();
      let user: unknown;
      try {
        user = (JSON.parse(payload) as { user?: unknown }).user;
      } catch {
        return;
      }
      for (const subscriber of subscribers)
        if (subscriber.userId === user) void catchUp(subscriber);
    },
    // Whatever was committed while no connection listened.
    onConnected: () => {
      for (const subscriber of subscribers) void catchUp(subscriber);
    },
    onError: options.onError,
  });
  const start = listener.start;

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
      subscribers.clear();
      await listener.stop();
    },
  };
};
export type NotificationHub = ReturnType<typeof createNotificationHub>;
