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

/**
 * The DOM ids the board's markup and its drag-and-drop layer meet at (`estimate-dnd.tsx`): the
 * markup renders outside dnd-kit's context and carries them; the layer finds the elements by
 * them, makes them sortable and puts its grips into their slots.
 */
export const sectionElementId = (sectionId: number) => `estimate-section-${sectionId}-card`;
export const sectionGripSlotId = (sectionId: number) => `estimate-section-${sectionId}-grip`;
export const sectionItemsId = (sectionId: number) => `estimate-section-${sectionId}-items`;
export const itemElementId = (itemId: number) => `estimate-item-${itemId}`;
export const itemGripSlotId = (itemId: number) => `estimate-item-${itemId}-grip`;
