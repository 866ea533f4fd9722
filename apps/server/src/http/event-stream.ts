import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StreamSessions } from './stream-sessions';

/** Keeps proxies (and HAProxy's `timeout server`) from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;

/**
 * Answers `request` with a `text/event-stream` that stays open: held against the session it was
 * opened with (ended when that is revoked, issue 27), kept alive through proxies, and closed
 * with the others on shutdown. `send` writes one event; `closed` runs once when it ends.
 */
export const openEventStream = (
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: StreamSessions,
  tokenId: number,
  onClose: () => void,
) => {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and friends would otherwise hold events back in a buffer.
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  res.write('retry: 5000\n: connected\n\n');
  sessions.add(res, tokenId);
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  res.on('close', () => {
    clearInterval(heartbeat);
    sessions.remove(res);
    onClose();
  });
  return {
    res,
    send: (event: string, data: unknown, id?: number) => {
      if (res.writableEnded) return;
      res.write(
        `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
      );
    },
  };
};
