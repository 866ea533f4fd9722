import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchResult } from '@portal/contract/home';
import { readRecent, rememberRecent, RECENT_LIMIT } from './recent';

const result = (id: number, type: SearchResult['type'] = 'project'): SearchResult => ({
  type,
  id,
  title: `Record ${id}`,
  context: 'Acme',
  path: `/projects/record-${id}`,
});

beforeEach(() => localStorage.clear());

describe('recent palette results', () => {
  it('keeps the newest first, once each, at most RECENT_LIMIT, per user', () => {
    for (let id = 1; id <= RECENT_LIMIT + 2; id++) rememberRecent(7, result(id));
    rememberRecent(7, result(4));
    expect(readRecent(7).map((r) => r.id)).toEqual([4, 7, 6, 5, 3]);
    // The same id of another type is another record.
    rememberRecent(7, result(4, 'estimate'));
    expect(
      readRecent(7)
        .slice(0, 2)
        .map((r) => `${r.type}:${r.id}`),
    ).toEqual(['estimate:4', 'project:4']);
    expect(readRecent(8)).toEqual([]);
  });

  it('reads nothing from a damaged entry', () => {
    localStorage.setItem('portal.recent.7', '{not json');
    expect(readRecent(7)).toEqual([]);
    localStorage.setItem('portal.recent.7', JSON.stringify([{ id: 'x' }]));
    expect(readRecent(7)).toEqual([]);
  });
});
