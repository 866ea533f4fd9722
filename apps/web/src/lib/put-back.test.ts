import { describe, expect, it } from 'vitest';
import { putBack } from './put-back';

const at = (id: number, created_at: string) => ({ id, created_at });
const a = at(1, '2026-01-01T10:00:00.000Z');
const b = at(2, '2026-01-01T11:00:00.000Z');
const b2 = at(3, '2026-01-01T11:00:00.000Z');
const c = at(4, '2026-01-01T12:00:00.000Z');

describe('putBack', () => {
  it('puts a record back in its place, oldest first', () => {
    expect(putBack([a, c], b, 'oldest-first')).toEqual([a, b, c]);
    expect(putBack([b, c], a, 'oldest-first')).toEqual([a, b, c]);
    expect(putBack([a, b], c, 'oldest-first')).toEqual([a, b, c]);
    expect(putBack([a, b2, c], b, 'oldest-first')).toEqual([a, b, b2, c]);
  });

  it('and newest first, ties by id as the server orders them', () => {
    expect(putBack([c, a], b, 'newest-first')).toEqual([c, b, a]);
    expect(putBack([c, b, a], b2, 'newest-first')).toEqual([c, b2, b, a]);
    expect(putBack([], a, 'newest-first')).toEqual([a]);
  });

  it('does not double a record already in the list', () => {
    expect(putBack([a, b, c], b, 'oldest-first')).toEqual([a, b, c]);
  });
});
