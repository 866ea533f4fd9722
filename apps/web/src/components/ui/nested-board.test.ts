import { describe, expect, it } from 'vitest';
import { boardAnnouncements } from './nested-board';

type End = Parameters<NonNullable<ReturnType<typeof boardAnnouncements>['onDragEnd']>>[0];
type Over = Parameters<NonNullable<ReturnType<typeof boardAnnouncements>['onDragOver']>>[0];

// Step 2 of 3 is dragged below step 3: dnd-kit's `active` still names the old place until the
// drop, so the new position is the place of what it is over.
const places: Record<string, number> = { a: 1, b: 2, c: 3 };
const announce = boardAnnouncements({
  name: (id) => `step ${String(id)}`,
  where: (id) => `position ${places[String(id)]} of 3`,
});
const event = (over: string | null) =>
  ({ active: { id: 'b' }, over: over === null ? null : { id: over } }) as unknown as End & Over;

describe('boardAnnouncements', () => {
  it('says the new position, the one of what the dragged thing is over', () => {
    expect(announce.onDragStart(event(null))).toBe('Picked up step b, position 2 of 3.');
    expect(announce.onDragOver?.(event('c'))).toBe('step b moved to position 3 of 3.');
    expect(announce.onDragEnd(event('c'))).toBe('Dropped step b at position 3 of 3.');
    expect(announce.onDragEnd(event(null))).toBe('Dropped step b.');
    expect(announce.onDragCancel(event(null))).toBe(
      'Moving was cancelled. step b is back at position 2 of 3.',
    );
  });
});
