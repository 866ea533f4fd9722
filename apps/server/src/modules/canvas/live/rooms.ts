import * as Y from 'yjs';
import {
  Awareness,
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from 'y-protocols/awareness';
import { decodeBinary, encodeBinary } from '@portal/contract/canvas-live';
import type { Database } from '../../../db/client';
import { createListener } from '../../../db/listen';
import type { LiveService } from './service';
import { LIVE_CHANNEL, notify, type LiveSignal } from './signals';

/** One open editor on this instance: how to write to its stream, and its presence's id. */
export type LiveEditor = {
  send: (event: 'update' | 'awareness' | 'saved', data: unknown) => void;
  /** The Yjs client id of the editor's presence, which leaves with its stream. */
  clientId: number | null;
};

type Room = { editors: Set<LiveEditor>; awareness: Awareness };

/**
 * This instance's open editors, by canvas, fed by one LISTEN connection (decision 0056): every
 * committed change and every presence message, whichever instance took it, reaches each open
 * editor of its canvas here. Presence is kept per room while editors are open (a newcomer sees
 * who is there) and forgotten with the room.
 */
export const createLiveRooms = (
  db: Database,
  live: LiveService,
  options: { onError?: (error: unknown) => void } = {},
) => {
  const rooms = new Map<number, Room>();

  const broadcast = (room: Room, event: 'update' | 'awareness' | 'saved', data: unknown) => {
    for (const editor of room.editors) editor.send(event, data);
  };

  /** The whole document, as one update: after a change too large to announce, or an outage. */
  const resend = async (canvasId: number) => {
    const state = await live.state(canvasId);
    const room = rooms.get(canvasId);
    if (state && room) broadcast(room, 'update', { update: encodeBinary(state) });
  };

  const hear = (signal: LiveSignal) => {
    const room = rooms.get(signal.canvas);
    if (!room) return;
    switch (signal.kind) {
      case 'update':
        return broadcast(room, 'update', { update: signal.data });
      case 'reread':
        return void resend(signal.canvas).catch((error: unknown) => options.onError?.(error));
      case 'saved':
        return broadcast(room, 'saved', { version: signal.version, saved: signal.saved });
      case 'awareness':
        applyAwarenessUpdate(room.awareness, decodeBinary(signal.data), 'remote');
        return broadcast(room, 'awareness', { update: signal.data });
      case 'hello': {
        const here = presenceOf(room);
        if (here) void relay(signal.canvas, here);
        return;
      }
    }
  };

  /** Presence the server passes on (a departure, who is here): no one person's to check. */
  const relay = (canvasId: number, update: Uint8Array) =>
    notify(db, { canvas: canvasId, kind: 'awareness', data: encodeBinary(update) }).catch(
      (error: unknown) => options.onError?.(error),
    );

  const presenceOf = (room: Room) => {
    const clients = [...room.awareness.getStates().keys()];
    return clients.length > 0 ? encodeAwarenessUpdate(room.awareness, clients) : null;
  };

  const listener = createListener(db, LIVE_CHANNEL, {
    onNotification: (payload) => {
      if (!payload) return;
      try {
        hear(JSON.parse(payload) as LiveSignal);
      } catch (error) {
        options.onError?.(error);
      }
    },
    // Whatever was committed while no connection listened: each open canvas, whole.
    onConnected: () => {
      for (const canvasId of rooms.keys())
        void resend(canvasId).catch((error: unknown) => options.onError?.(error));
    },
    onError: options.onError,
  });

  /**
   * The canvas's room on this instance. A new one knows nobody: presence announced while this
   * instance had no editor of the canvas reached only the instances that had one, so it asks
   * them (their answer reaches this instance's editors like any presence).
   */
  const roomOf = (canvasId: number) => {
    let room = rooms.get(canvasId);
    if (!room) {
      const awareness = new Awareness(new Y.Doc());
      // The server is nobody: only the editors' presence is kept.
      awareness.setLocalState(null);
      room = { editors: new Set(), awareness };
      rooms.set(canvasId, room);
      void notify(db, { canvas: canvasId, kind: 'hello' }).catch((error: unknown) =>
        options.onError?.(error),
      );
    }
    return room;
  };

  return {
    /**
     * Adds an editor to its canvas's room once this instance listens, so nothing committed after
     * its state is read can pass it by. Answers how to leave (when its stream closes).
     */
    join: async (canvasId: number, editor: LiveEditor) => {
      await listener.start();
      const room = roomOf(canvasId);
      room.editors.add(editor);
      return () => {
        room.editors.delete(editor);
        if (editor.clientId !== null && room.awareness.getStates().has(editor.clientId)) {
          // Gone for everyone, on every instance: the presence's removal, relayed.
          removeAwarenessStates(room.awareness, [editor.clientId], 'left');
          void relay(canvasId, encodeAwarenessUpdate(room.awareness, [editor.clientId]));
        }
        if (room.editors.size === 0) {
          room.awareness.destroy();
          rooms.delete(canvasId);
        }
      };
    },
    /** Everyone present in the canvas's room now, as one awareness message (or null). */
    presence: (canvasId: number) => {
      const room = rooms.get(canvasId);
      const here = room && presenceOf(room);
      return here ? encodeBinary(here) : null;
    },
    get size() {
      return rooms.size;
    },
    stop: async () => {
      for (const room of rooms.values()) room.awareness.destroy();
      rooms.clear();
      await listener.stop();
    },
  };
};
export type LiveRooms = ReturnType<typeof createLiveRooms>;
