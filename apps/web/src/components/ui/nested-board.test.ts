import { describe, expect, it } from 'vitest';
import { boardAnnouncements, boardPlaces } from './nested-board';

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

describe('boardPlaces', () => {
  const section = (id: number, name: string, items: string[]) => ({
    id,
    name,
    items: items.map((description, index) => ({ id: id * 10 + index, description })),
  });
  const { name, where } = boardPlaces({
    shown: [section(1, 'Design', ['Wireframes', 'Mockups']), section(2, 'Build', ['API'])],
    children: 'items',
    kinds: { parent: 'section', list: 'items' },
    parentLabel: (entry) => `section ${entry.name}`,
    childLabel: (item) => `item ${item.description}`,
    childPlace: (index, count) => `position ${index + 1} of ${count}`,
    unknown: { parent: 'a section', child: 'an item' },
  });

  it('names a parent, its child list and a child by their labels', () => {
    expect(name('section:2')).toBe('section Build');
    expect(name('items:1')).toBe('section Design');
    expect(name('item:11')).toBe('item Mockups');
    expect(name('section:9')).toBe('a section');
    expect(name('item:99')).toBe('an item');
  });

  it('places a parent among the parents, a list at its end and a child in its parent', () => {
    expect(where('section:2')).toBe('position 2 of 2');
    expect(where('items:2')).toBe('the end of section Build');
    expect(where('item:11')).toBe('position 2 of 2 in section Design');
    expect(where('items:9')).toBe('a section');
    expect(where('item:99')).toBe('its place');
  });
});
