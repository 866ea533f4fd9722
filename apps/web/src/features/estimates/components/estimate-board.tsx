import { useRef, useState } from 'react';
import {
  DndContext,
  DragOverlay,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { EstimateSection } from '@portal/contract/estimates';
import { hopIndex, useNestedCollisions } from '../../../components/ui/nested-sortable';
import { AUTO_SCROLL, useSortableSensors } from '../../../components/ui/sortable-list';
import type { ItemMove, SectionMove } from '../api/moves';
import {
  locateItem,
  moveItemInSections,
  moveSectionInList,
  type ItemLocation,
} from '../lib/estimate-state';
import { dndData, isDndId, sectionDndId } from './dnd-ids';
import { ItemDragPreview } from './item-row';
import { SectionCard, SectionDragPreview, type SectionActions } from './section-card';

type Sections = readonly EstimateSection[];

type Drag = {
  kind: 'section' | 'item';
  /** The section's or the item's id. */
  id: number;
  /** The sections this drag started from (the cached ones). */
  base: Sections;
  /** The arrangement on screen: items hop between sections while dragged, and stay dropped. */
  sections: Sections;
  /** False once dropped: the arrangement shows until the cache catches up with it. */
  active: boolean;
};

/** Sections and items move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export type EstimateBoardProps = SectionActions & {
  sections: Sections;
  canEdit: boolean;
  onMoveSection(move: SectionMove): void;
  onMoveItem(move: ItemMove): void;
};

/**
 * The estimate's sections and their items, with drag and drop for staff (spec §2, DESIGN §4):
 * sections reorder among themselves; items reorder within their section and move into another.
 * Mouse (after 5 px), touch (after a 120 ms press) and keyboard (Space, arrows, Space) all work.
 * A drop shows the new order at once and hands the move to the caller, who persists it.
 */
export const EstimateBoard = ({
  sections,
  canEdit,
  onMoveSection,
  onMoveItem,
  ...actions
}: EstimateBoardProps) => {
  const [drag, setDrag] = useState<Drag | null>(null);
  const origin = useRef<ItemLocation | null>(null);

  // A drop stays on screen only until the cache holds the move (or anything newer).
  if (drag && !drag.active && drag.base !== sections) setDrag(null);
  const shown = drag ? drag.sections : sections;

  const { collisionDetection, start, hopped } = useNestedCollisions((entry) => {
    const data = dndData(entry);
    if (!data) return null;
    const kind = data.type === 'section' ? 'parent' : data.type === 'item' ? 'child' : 'list';
    return { kind, parent: data.sectionId };
  }, drag?.sections);

  const sensors = useSortableSensors();

  const label = (id: UniqueIdentifier | undefined) => {
    if (id === undefined) return 'nothing';
    const key = String(id);
    const number = Number(key.slice(key.indexOf(':') + 1));
    if (isDndId(id, 'section')) {
      const section = shown.find((entry) => entry.id === number);
      return section ? `section ${section.name}` : 'a section';
    }
    if (isDndId(id, 'items')) {
      const section = shown.find((entry) => entry.id === number);
      return section ? `the end of section ${section.name}` : 'a section';
    }
    const location = locateItem(shown, number);
    if (!location) return 'an item';
    const section = shown.find((entry) => entry.id === location.sectionId);
    const item = section?.items[location.index];
    return item && section
      ? `item ${item.description}, position ${location.index + 1} of ${section.items.length} in section ${section.name}`
      : 'an item';
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${label(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${label(active.id)} is over ${label(over.id)}.` : undefined,
    onDragEnd: ({ active }) => `Dropped ${label(active.id)}.`,
    onDragCancel: ({ active }) => `Moving was cancelled. ${label(active.id)} is back in place.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = dndData(active);
    if (!data || data.type === 'item-list') return;
    start();
    if (data.type === 'item') {
      origin.current = locateItem(sections, data.itemId);
      setDrag({ kind: 'item', id: data.itemId, base: sections, sections, active: true });
    } else {
      setDrag({ kind: 'section', id: data.sectionId, base: sections, sections, active: true });
    }
  };

  /** An item dragged over another section joins it at once, so that section makes room. */
  const onDragOver = ({ active, over }: DragOverEvent) => {
    const data = dndData(active);
    const overData = dndData(over);
    if (!drag || data?.type !== 'item' || !over || !overData) return;
    const current = locateItem(drag.sections, data.itemId);
    if (!current || current.sectionId === overData.sectionId) return;
    const target = drag.sections.find((section) => section.id === overData.sectionId);
    if (!target) return;
    const index = hopIndex(
      active,
      over,
      target.items,
      overData.type === 'item' ? overData.itemId : null,
    );
    hopped();
    setDrag({
      ...drag,
      sections: moveItemInSections(drag.sections, data.itemId, {
        sectionId: overData.sectionId,
        index,
      }),
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const data = dndData(active);
    const overData = dndData(over);
    if (!drag || !data) return setDrag(null);

    if (data.type === 'section') {
      const from = drag.sections.findIndex((section) => section.id === data.sectionId);
      const to = overData
        ? drag.sections.findIndex((section) => section.id === overData.sectionId)
        : -1;
      if (from < 0 || to < 0 || from === to) return setDrag(null);
      setDrag({
        ...drag,
        base: sections,
        sections: moveSectionInList(drag.sections, from, to),
        active: false,
      });
      onMoveSection({ sectionId: data.sectionId, from, to });
      return;
    }

    if (data.type !== 'item') return setDrag(null);
    let arranged = drag.sections;
    const at = locateItem(arranged, data.itemId);
    if (at && overData?.type === 'item' && overData.itemId !== data.itemId) {
      const overAt = locateItem(arranged, overData.itemId);
      if (overAt && overAt.sectionId === at.sectionId)
        arranged = moveItemInSections(arranged, data.itemId, overAt);
    }
    const final = locateItem(arranged, data.itemId);
    const start = origin.current;
    if (!final || !start || (final.sectionId === start.sectionId && final.index === start.index))
      return setDrag(null);
    setDrag({ ...drag, base: sections, sections: arranged, active: false });
    onMoveItem({ itemId: data.itemId, to: final });
  };

  const dragged =
    drag?.active && drag.kind === 'section'
      ? { section: shown.find((section) => section.id === drag.id) }
      : drag?.active && drag.kind === 'item'
        ? (() => {
            const at = locateItem(shown, drag.id);
            const section = shown.find((entry) => entry.id === at?.sectionId);
            return { item: at ? section?.items[at.index] : undefined };
          })()
        : null;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      modifiers={[verticalOnly]}
      autoScroll={AUTO_SCROLL}
      accessibility={{ announcements }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDrag(null)}
    >
      <SortableContext
        items={shown.map((section) => sectionDndId(section.id))}
        strategy={verticalListSortingStrategy}
      >
        <div className="flex flex-col gap-5 print:gap-8">
          {shown.map((section) => (
            <SectionCard
              key={section.id}
              section={section}
              canEdit={canEdit}
              dragging={drag?.active ? drag.kind : null}
              {...actions}
            />
          ))}
        </div>
      </SortableContext>
      <DragOverlay
        modifiers={[verticalOnly]}
        // A section follows the pointer as its title bar only, whatever its length.
        style={dragged && 'section' in dragged ? { height: 'auto' } : undefined}
      >
        {dragged && 'section' in dragged && dragged.section && (
          <SectionDragPreview section={dragged.section} />
        )}
        {dragged && 'item' in dragged && dragged.item && <ItemDragPreview item={dragged.item} />}
      </DragOverlay>
    </DndContext>
  );
};
