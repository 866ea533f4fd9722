import { fetchEventSource } from '@microsoft/fetch-event-source';
import * as Y from 'yjs';
import {
  Awareness,
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from 'y-protocols/awareness';
import { canvasSchema, type Canvas, type Viewport } from '@portal/contract/canvas';
import {
  coveredBy,
  decodeBinary,
  encodeBinary,
  liveSavedEventSchema,
  liveStateEventSchema,
  liveUpdateEventSchema,
  type LivePresence,
} from '@portal/contract/canvas-live';
import { ApiError, request } from '../../../lib/api';
import { getAuthToken } from '../../../lib/tokens';

/** The origin of what the server sent: applied to the document, never sent back. */
export const REMOTE = Symbol('remote');

/** Changes made here wait this long for others to join them in one POST (a drag is many). */
const SEND_DELAY_MS = 80;
/** Presence (selection) is sent at most this often. */
const PRESENCE_DELAY_MS = 150;
/** A failed send is tried again after this, doubling up to the most. */
const RETRY_MS = 1_000;
const RETRY_MAX_MS = 8_000;

export type LiveStatus = {
  /** Whether the server's state has arrived (the editor waits for it). */
  ready: boolean;
  /** Whether the stream is open now; changes made meanwhile wait and merge when it is back. */
  online: boolean;
  /** Whether changes made here are waiting to reach the server. */
  unsent: boolean;
  /** Whether the document holds changes that are in no version yet. */
  unsaved: boolean;
  /** The canvas's version as last saved. */
  version: number;
  /** The last time the stream or a send failed, for the editor to say so; null when fine. */
  failure: string | null;
};

/**
 * One editor's connection to a canvas's shared document (decision 0056): the server's stream in,
 * this editor's changes and presence out. Changes made while the stream is away stay in the
 * document and reach the server when it is back, merged with whatever others did meanwhile.
 */
export const createLiveChannel = (canvasId: number, person: LivePresence['person']) => {
  const doc = new Y.Doc();
  const awareness = new Awareness(doc);
  const base = `/api/canvas/${canvasId}/live/`;
  let status: LiveStatus = {
    ready: false,
    online: false,
    unsent: false,
    unsaved: false,
    version: 0,
    failure: null,
  };
  const listeners = new Set<() => void>();
  const setStatus = (next: Partial<LiveStatus>) => {
    const merged = { ...status, ...next };
    if ((Object.keys(next) as (keyof LiveStatus)[]).every((key) => merged[key] === status[key]))
      return;
    status = merged;
    for (const listener of listeners) listener();
  };

  let saved = Y.encodeStateVector(doc);
  const checkSaved = () => setStatus({ unsaved: !coveredBy(Y.encodeStateVector(doc), saved) });

  // Out: this editor's changes, gathered and sent in order, one POST at a time.
  let pending: Uint8Array[] = [];
  let sending: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let retryMs = RETRY_MS;
  let closed = false;

  const send = async () => {
    timer = null;
    if (sending || pending.length === 0 || closed) return;
    const update = Y.mergeUpdates(pending);
    pending = [];
    sending = (async () => {
      try {
        await request(`${base}update/`, { method: 'POST', body: { update: encodeBinary(update) } });
        retryMs = RETRY_MS;
        setStatus({ failure: null });
      } catch (error) {
        // Refused for good (a change past the canvas's limits): dropped, and said so.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          setStatus({ failure: describe(error) });
        } else {
          pending.unshift(update);
          setStatus({ failure: 'Not connected: your changes are kept and will be sent.' });
          if (!closed) timer = setTimeout(() => void send(), retryMs);
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
        }
      } finally {
        sending = null;
        setStatus({ unsent: pending.length > 0 });
      }
      if (pending.length > 0 && !timer) void send();
    })();
    await sending;
  };

  /** Sends what is waiting now, without the gathering delay; resolves once it is answered. */
  const sendWaiting = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    await sending;
    await send();
  };

  const schedule = () => {
    setStatus({ unsent: true });
    if (!timer && !sending) timer = setTimeout(() => void send(), SEND_DELAY_MS);
  };

  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== REMOTE) {
      pending.push(update);
      schedule();
    }
    checkSaved();
  });

  // Presence: who this is and what they have selected; the server relays it to the others.
  let presenceTimer: ReturnType<typeof setTimeout> | null = null;
  const sendPresence = () => {
    presenceTimer = null;
    if (!status.online || closed) return;
    const update = encodeBinary(encodeAwarenessUpdate(awareness, [doc.clientID]));
    void request(`${base}awareness/`, { method: 'POST', body: { update } }).catch(() => undefined);
  };
  awareness.on('update', (_changes: unknown, origin: unknown) => {
    if (origin === 'local' && !presenceTimer)
      presenceTimer = setTimeout(sendPresence, PRESENCE_DELAY_MS);
  });
  const announce = (selection: string[]) => awareness.setLocalState({ person, selection });
  announce([]);

  // In: the stream. Its first event is the whole state; after a reconnect it is again, and what
  // this editor did meanwhile is exactly what that state lacks.
  const controller = new AbortController();
  const token = getAuthToken();
  void fetchEventSource(`${base}stream/?client=${doc.clientID}`, {
    headers: token ? { Authorization: `Token ${token}` } : {},
    signal: controller.signal,
    openWhenHidden: true,
    onopen: async (response) => {
      if (response.status === 401 || response.status === 403 || response.status === 404)
        throw new ApiError(response.status, null);
      if (!response.ok) throw new Error(`stream answered ${response.status}`);
    },
    onmessage: (message) => {
      const data: unknown = message.data ? JSON.parse(message.data) : null;
      if (message.event === 'state') {
        const state = liveStateEventSchema.parse(data);
        const server = decodeBinary(state.state);
        Y.applyUpdate(doc, server, REMOTE);
        if (state.awareness) applyAwarenessUpdate(awareness, decodeBinary(state.awareness), REMOTE);
        saved = decodeBinary(state.saved);
        // What this editor has that the server does not: made offline, or lost in flight.
        const missing = Y.encodeStateAsUpdate(doc, Y.encodeStateVectorFromUpdate(server));
        if (Y.parseUpdateMeta(missing).to.size > 0) {
          pending.push(missing);
          schedule();
        }
        setStatus({ ready: true, online: true, version: state.version, failure: null });
        checkSaved();
        // Present again, with a clock past the removal the server announced when it left.
        announce(awareness.getLocalState()?.selection ?? []);
        announce(awareness.getLocalState()?.selection ?? []);
      } else if (message.event === 'update') {
        Y.applyUpdate(doc, decodeBinary(liveUpdateEventSchema.parse(data).update), REMOTE);
      } else if (message.event === 'awareness') {
        applyAwarenessUpdate(
          awareness,
          decodeBinary(liveUpdateEventSchema.parse(data).update),
          REMOTE,
        );
      } else if (message.event === 'saved') {
        const event = liveSavedEventSchema.parse(data);
        saved = decodeBinary(event.saved);
        setStatus({ version: event.version });
        checkSaved();
      }
    },
    onclose: () => {
      setStatus({ online: false });
      // Others' presence is stale while away; it comes again with the next state.
      const others = [...awareness.getStates().keys()].filter((id) => id !== doc.clientID);
      removeAwarenessStates(awareness, others, REMOTE);
    },
    onerror: (error) => {
      setStatus({ online: false });
      if (error instanceof ApiError) {
        setStatus({ failure: describe(error) });
        throw error;
      }
      setStatus({ failure: 'Not connected: your changes are kept and will be sent.' });
      return RETRY_MS * 2;
    },
  }).catch(() => undefined);

  return {
    doc,
    awareness,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    status: () => status,
    /** What this editor has selected, for the others to see. */
    select: (selection: string[]) => announce(selection),
    /** Writes the shared document back as a version now (Save), with this editor's view. */
    save: async (viewport: Viewport): Promise<Canvas> => {
      await sendWaiting();
      if (status.unsent) throw new Error('Your changes have not reached the server yet.');
      const canvas = await request(`${base}save/`, {
        method: 'POST',
        body: { viewport },
        schema: canvasSchema,
      });
      setStatus({ version: canvas.version });
      return canvas;
    },
    close: () => {
      // What is still waiting goes out on its own: the request does not need this editor.
      if (!sending && pending.length > 0) void send();
      closed = true;
      if (timer) clearTimeout(timer);
      if (presenceTimer) clearTimeout(presenceTimer);
      controller.abort();
      awareness.destroy();
      doc.destroy();
    },
  };
};
export type LiveChannel = ReturnType<typeof createLiveChannel>;

const describe = (error: ApiError) => {
  const body = error.body as { detail?: unknown; update?: unknown } | null;
  const detail = Array.isArray(body?.update) ? body.update[0] : body?.detail;
  return typeof detail === 'string' ? detail : `The server refused the change (${error.status}).`;
};
