import { describe, expect, it } from 'vitest';
import type { Lead } from '@portal/contract/leads';
import { cardsOf, countOf, insertCard, removeCard, type ColumnPages } from './board';

const lead = (id: number, created: string): Lead => ({
  id,
  first_name: `F${id}`,
  last_name: `L${id}`,
  phone: '',
  email: `l${id}@example.test`,
  company: '',
  title: '',
  status: 'new',
  notes: '',
  message: '',
  metadata: {},
  created_at: created,
  converted_client: null,
  converted_project: null,
});

const column = (pages: Lead[][], count: number, more = false): ColumnPages => ({
  pageParams: pages.map((_, i) => i + 1),
  pages: pages.map((results, i) => ({
    count,
    next: more || i < pages.length - 1 ? `/api/leads/?page=${i + 2}` : null,
    previous: null,
    results,
  })),
});

const a = lead(1, '2025-03-03T00:00:00.000Z');
const b = lead(2, '2025-03-02T00:00:00.000Z');
const c = lead(3, '2025-03-01T00:00:00.000Z');

describe('board column cache', () => {
  it('removes a card and lowers the count on every page', () => {
    const after = removeCard(column([[a, b], [c]], 3), 2);
    expect(cardsOf(after).map((l) => l.id)).toEqual([1, 3]);
    expect(after?.pages.map((p) => p.count)).toEqual([2, 2]);
    const same = column([[a]], 1);
    expect(removeCard(same, 99)).toBe(same);
  });

  it('inserts a card newest first and raises the count', () => {
    const after = insertCard(column([[a, c]], 2), b);
    expect(cardsOf(after).map((l) => l.id)).toEqual([1, 2, 3]);
    expect(countOf(after)).toBe(3);
    expect(cardsOf(insertCard(column([], 0), c))).toEqual([]);
    expect(cardsOf(insertCard(column([[]], 0), c)).map((l) => l.id)).toEqual([3]);
  });

  it('only counts a card that belongs to a page not loaded yet', () => {
    const after = insertCard(column([[a, b]], 60, true), c);
    expect(cardsOf(after).map((l) => l.id)).toEqual([1, 2]);
    expect(countOf(after)).toBe(61);
  });
});
