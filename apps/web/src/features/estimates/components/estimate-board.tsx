import { useEffect, useState } from 'react';
import { DndContext, DragOverlay } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { EstimateSection } from '@portal/contract/estimates';
import {
  boardAnnouncements,
  boardPlaces,
  useNestedBoard,
  verticalOnly,
} from '../../../components/ui/nested-board';
import { AUTO_SCROLL } from '../../../components/ui/sortable-list';
import type { ItemMove, SectionMove } from '../api/moves';
import { locateItem } from '../lib/estimate-state';
import { createNearSections } from '../lib/near-sections';
import { dndData, sectionDndId } from './dnd-ids';
import { SectionBinding } from './estimate-dnd';
import { ItemDragPreview } from './item-row';
import { SectionCard, SectionDragPreview, type SectionActions } from './section-card';

type Sections = readonly EstimateSection[];

/** Sections and items move up and down only. */

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
  const board = useNestedBoard({
    parents: sections,
    keys: { children: 'items', parent: 'section' },
    describe: (entry) => {
      const data = dndData(entry);
      if (!data) return null;
      if (data.type === 'section') return { kind: 'parent', parent: data.sectionId };
      if (data.type === 'item')
        return { kind: 'child', parent: data.sectionId, child: data.itemId };
      return { kind: 'list', parent: data.sectionId };
    },
    onMoveParent: ({ parentId, from, to }) => onMoveSection({ sectionId: parentId, from, to }),
    onMoveChild: ({ childId, to }) =>
      onMoveItem({ itemId: childId, to: { sectionId: to.parentId, index: to.index } }),
  });
  const { shown, dragging } = board;
  const [near] = useState(createNearSections);
  const held = dragging !== null;
  useEffect(() => near.hold(held), [near, held]);

  const { name, where } = boardPlaces({
    shown,
    children: 'items',
    kinds: { parent: 'section', list: 'items' },
    parentLabel: (section) => `section ${section.name}`,
    childLabel: (item) => `item ${item.description}`,
    childPlace: (index, count) => `position ${index + 1} of ${count}`,
    unknown: { parent: 'a section', child: 'an item' },
  });

  const dragged =
    dragging?.kind === 'parent'
      ? { section: shown.find((section) => section.id === dragging.id) }
      : dragging?.kind === 'child'
        ? (() => {
            const at = locateItem(shown, dragging.id);
            const section = shown.find((entry) => entry.id === at?.sectionId);
            return { item: at ? section?.items[at.index] : undefined };
          })()
        : null;

  const kind = dragging && (dragging.kind === 'parent' ? 'section' : 'item');

  return (
    <>
      {/* The markup: outside dnd-kit's context, see estimate-dnd. */}
      <div className="flex flex-col gap-5 print:gap-8">
        {shown.map((section) => (
          <SectionCard
            key={section.id}
            section={section}
            canEdit={canEdit}
            awaitsItem={kind === 'item' && section.items.length === 0}
            {...actions}
          />
        ))}
      </div>
      <DndContext
        {...board.dndProps}
        autoScroll={AUTO_SCROLL}
        accessibility={{ announcements: boardAnnouncements({ name, where }) }}
      >
        {canEdit && (
          <SortableContext
            items={shown.map((section) => sectionDndId(section.id))}
            strategy={verticalListSortingStrategy}
          >
            {shown.map((section) => (
              <SectionBinding key={section.id} section={section} dragging={kind} near={near} />
            ))}
          </SortableContext>
        )}
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
    </>
  );
};
