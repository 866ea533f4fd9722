import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canvasSchema } from '@portal/contract/canvas';
import {
  LIVE_BINARY_MAX,
  decodeBinary,
  encodeBinary,
  liveAwarenessRequestSchema,
  liveSaveRequestSchema,
  liveUpdateRequestSchema,
  liveUpdateResponseSchema,
} from '@portal/contract/canvas-live';
import { idParamsSchema } from '@portal/contract/common';
import { requireStaff } from '../../../http/auth';
import { notFound } from '../../../http/errors';
import { openEventStream } from '../../../http/event-stream';
import { detailActionPath } from '../../../http/resource';
import { createStreamSessions } from '../../../http/stream-sessions';
import { createLiveRooms } from './rooms';
import { createLiveService } from './service';

const tags = ['canvas'];

/** After the last change taken here, how long the document waits to be written back as a version. */
export const LIVE_SAVE_DELAY_MS = 2_000;

const streamQuerySchema = z.object({
  /** The editor's Yjs client id: its presence leaves with its stream. */
  client: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32)
    .optional(),
});

/**
 * Live collaboration on a canvas (issue 29, decision 0056): the canvas's event stream and the
 * three calls an editor makes. Registered inside the canvas plugin, so staff only like the rest.
 */
export const canvasLiveRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const live = createLiveService(db);
  const onError = (what: string) => (error: unknown) => app.log.warn({ err: error }, what);
  const rooms = createLiveRooms(db, live, { onError: onError('canvas live listener') });
  const streams = createStreamSessions(db, { onError: onError('stream session check') });

  // Written back once the edits taken here pause; a shutdown writes back what is waiting.
  const waiting = new Map<number, NodeJS.Timeout>();
  const writeBack = (canvasId: number) => {
    waiting.delete(canvasId);
    return live.save(canvasId, {}, null).catch(onError('canvas live save'));
  };
  const scheduleSave = (canvasId: number) => {
    clearTimeout(waiting.get(canvasId));
    const timer = setTimeout(() => void writeBack(canvasId), LIVE_SAVE_DELAY_MS);
    timer.unref();
    waiting.set(canvasId, timer);
  };

  app.addHook('preClose', async () => {
    streams.closeAll();
    const due = [...waiting.entries()];
    for (const [, timer] of due) clearTimeout(timer);
    await Promise.all(due.map(([canvasId]) => writeBack(canvasId)));
  });
  app.addHook('onClose', async () => {
    await rooms.stop();
  });

  app.get(
    detailActionPath('canvas', 'live/stream'),
    {
      // An endless text/event-stream has no place in the OpenAPI document; decision 0056 has it.
      schema: { hide: true, params: idParamsSchema, querystring: streamQuerySchema },
    },
    async (request, reply) => {
      const { tokenId } = requireStaff(request);
      const canvasId = request.params.id;
      const editor = { clientId: request.query.client ?? null, send: () => {} } as {
        clientId: number | null;
        send: (event: string, data: unknown) => void;
      };
      // Joined before the state is read: whatever commits after that read reaches the stream.
      const held: [string, unknown][] = [];
      editor.send = (event, data) => held.push([event, data]);
      const leave = await rooms.join(canvasId, editor);
      let opened;
      try {
        opened = await live.open(canvasId);
      } catch (error) {
        leave();
        throw error;
      }
      if (!opened) {
        leave();
        throw notFound();
      }
      const stream = openEventStream(request, reply, streams, tokenId, leave);
      stream.send('state', {
        state: encodeBinary(opened.state),
        awareness: rooms.presence(canvasId),
        version: opened.version,
        saved: encodeBinary(opened.saved),
      });
      for (const [event, data] of held) stream.send(event, data);
      editor.send = stream.send;
    },
  );

  app.post(
    detailActionPath('canvas', 'live/update'),
    {
      schema: {
        tags,
        summary: "A change to a canvas's shared document, as a Yjs update (staff)",
        params: idParamsSchema,
        body: liveUpdateRequestSchema,
        response: { 200: liveUpdateResponseSchema },
      },
      bodyLimit: LIVE_BINARY_MAX + 1024,
    },
    async (request) => {
      const { user } = requireStaff(request);
      const answer = await live.apply(
        request.params.id,
        decodeBinary(request.body.update),
        user.id,
      );
      if (!answer) throw notFound();
      scheduleSave(request.params.id);
      return answer;
    },
  );

  app.post(
    detailActionPath('canvas', 'live/awareness'),
    {
      schema: {
        tags,
        summary:
          'Who is in the canvas editor and what they have selected, as a Yjs awareness message (staff)',
        params: idParamsSchema,
        body: liveAwarenessRequestSchema,
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      const update = decodeBinary(request.body.update);
      if (!(await live.relayAwareness(request.params.id, update, user.id))) throw notFound();
      return reply.code(204).send();
    },
  );

  app.post(
    detailActionPath('canvas', 'live/save'),
    {
      schema: {
        tags,
        summary:
          "The shared document written back into the canvas's diagram as a version now (staff)",
        params: idParamsSchema,
        body: liveSaveRequestSchema,
        response: { 200: canvasSchema },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      clearTimeout(waiting.get(request.params.id));
      waiting.delete(request.params.id);
      const saved = await live.save(request.params.id, request.body, user.id);
      if (!saved) throw notFound();
      return saved.canvas;
    },
  );
};
