import { createContext, useContext, useSyncExternalStore } from 'react';
import { livePresenceSchema, type LivePerson } from '@portal/contract/canvas-live';
import type { LiveChannel } from './live-channel';

/** Colours people are told apart by on a canvas: distinct, and dark enough for white text. */
const COLORS = ['#0369a1', '#b45309', '#047857', '#7c3aed', '#be123c', '#4d7c0f', '#0f766e'];
export const personColor = (userId: number) => COLORS[userId % COLORS.length] ?? COLORS[0]!;

export type Present = { clientId: number; person: LivePerson; selection: string[] };

/**
 * The others in the editor, read from the channel's awareness, and which model each has
 * selected: kept as one snapshot that changes only when someone comes, goes or selects.
 */
export const createPresence = (channel: LiveChannel) => {
  let others: Present[] = [];
  let byModel = new Map<string, LivePerson>();
  const listeners = new Set<() => void>();
  const read = () => {
    const next: Present[] = [];
    for (const [clientId, state] of channel.awareness.getStates()) {
      if (clientId === channel.doc.clientID) continue;
      const parsed = livePresenceSchema.safeParse(state);
      if (parsed.success) next.push({ clientId, ...parsed.data });
    }
    next.sort((a, b) => a.person.name.localeCompare(b.person.name) || a.clientId - b.clientId);
    if (JSON.stringify(next) === JSON.stringify(others)) return;
    others = next;
    byModel = new Map(next.flatMap((p) => p.selection.map((id) => [id, p.person] as const)));
    for (const listener of listeners) listener();
  };
  channel.awareness.on('change', read);
  // Who was here before this editor drew: they came with the channel's first state.
  read();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    others: () => others,
    selectedBy: (modelId: string) => byModel.get(modelId) ?? null,
    stop: () => channel.awareness.off('change', read),
  };
};
export type Presence = ReturnType<typeof createPresence>;

export const PresenceContext = createContext<Presence | null>(null);

const none = () => () => {};
const nobody = () => null;

/** Who else has this model selected (the box shows them); null outside a live editor. */
export const useSelectedBy = (modelId: string) => {
  const presence = useContext(PresenceContext);
  return useSyncExternalStore(
    presence?.subscribe ?? none,
    presence ? () => presence.selectedBy(modelId) : nobody,
  );
};

const empty: Present[] = [];
/** Everyone else in the editor now. */
export const useOthers = () => {
  const presence = useContext(PresenceContext);
  return useSyncExternalStore(presence?.subscribe ?? none, presence?.others ?? (() => empty));
};
