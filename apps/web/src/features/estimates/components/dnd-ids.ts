/**
 * Sections, items and the item list of each section share one drag-and-drop context, so their
 * ids carry their kind. The data attached to each says what it is and where it sits.
 */
export const sectionDndId = (id: number) => `section:${id}`;
export const itemDndId = (id: number) => `item:${id}`;
export const itemListDndId = (sectionId: number) => `items:${sectionId}`;

export type DndData =
  | { type: 'section'; sectionId: number }
  | { type: 'item'; itemId: number; sectionId: number }
  | { type: 'item-list'; sectionId: number };

export const dndData = (entry: { data: { current?: unknown } } | null | undefined) =>
  (entry?.data.current ?? null) as DndData | null;
