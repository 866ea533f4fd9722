import { z } from 'zod';
import { searchResultSchema, type SearchResult } from '@portal/contract/home';

/** How many recently opened palette results are remembered. */
export const RECENT_LIMIT = 5;

/** Per user, so two people sharing a browser never see each other's recent records. */
const keyOf = (userId: number) => `portal.recent.${userId}`;
const recentSchema = z.array(searchResultSchema);

/** The remembered results, newest first; anything unreadable counts as none. */
export const readRecent = (userId: number): SearchResult[] => {
  try {
    const parsed = recentSchema.safeParse(JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]'));
    return parsed.success ? parsed.data.slice(0, RECENT_LIMIT) : [];
  } catch {
    return [];
  }
};

/** `result` first, without an older copy of itself, at most RECENT_LIMIT kept. */
export const rememberRecent = (userId: number, result: SearchResult): SearchResult[] => {
  const next = [
    result,
    ...readRecent(userId).filter((r) => !(r.type === result.type && r.id === result.id)),
  ].slice(0, RECENT_LIMIT);
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(next));
  } catch {
    // A full or disabled storage only costs the recent list.
  }
  return next;
};
