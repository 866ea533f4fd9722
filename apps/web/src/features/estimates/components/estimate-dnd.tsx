import { useLayoutEffect, useMemo } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { EstimateItem, EstimateSection } from '@portal/contract/estimates';
import { useSlot } from '../../../components/ui/grip-slots';
import { byId, SlotGrip, useBoundSortable } from '../../../components/ui/sortable-binding';
import { useSectionNear, type NearSections } from '../lib/near-sections';
import {
  itemDndId,
  itemElementId,
  itemGripSlotId,
  itemListDndId,
  sectionDndId,
  sectionElementId,
  sectionGripSlotId,
  sectionItemsId,
  type DndData,
} from './dnd-ids';

/**
 * The drag-and-drop layer of the estimate board (decision 0033, as the test plan's, decision
 * 0011). The sections and items (a thousand rows of cells, buttons and icons) render outside
 * dnd-kit's context, whose every change during a drag made React search the whole tree beneath
 * it. Here, inside the context, each section and each item of a section near the screen has a
 * small binding that finds its element by id, makes it sortable and puts its grip into the slot
 * the markup left for it.
 */

type Dragging = 'section' | 'item' | null;

const ItemBinding = ({
  item,
  sectionId,
  dropDisabled,
}: {
  item: EstimateItem;
  sectionId: number;
  dropDisabled: boolean;
}) => {
  const { handle } = useBoundSortable(itemElementId(item.id), {
    id: itemDndId(item.id),
    data: { type: 'item', itemId: item.id, sectionId } satisfies DndData,
    disabled: { droppable: dropDisabled },
  });
  const slot = useSlot(itemGripSlotId(item.id));
  return slot && <SlotGrip slot={slot} label={`Move item ${item.description}`} {...handle} />;
};

export type SectionBindingProps = {
  section: EstimateSection;
  /** What is being dragged now, if anything: sections and items only land among their kind. */
  dragging: Dragging;
  /** Which sections are near the screen: only their items are sortable. */
  near: NearSections;
};

export const SectionBinding = ({ section, dragging, near }: SectionBindingProps) => {
  const elementId = sectionElementId(section.id);
  const { handle } = useBoundSortable(elementId, {
    id: sectionDndId(section.id),
    data: { type: 'section', sectionId: section.id } satisfies DndData,
    disabled: { droppable: dragging === 'item' },
  });
  const isNear = useSectionNear(near, section.id);
  // The whole body takes items, so an empty section (or its end) is a place to drop one. Only
  // near the screen: measuring the body of a section off screen lays out all its rows, which
  // `content-visibility` otherwise skips (≈ 4 ms a section when a drag starts, decision 0025).
  const { setNodeRef: setItemListRef, isOver } = useDroppable({
    id: itemListDndId(section.id),
    data: { type: 'item-list', sectionId: section.id } satisfies DndData,
    disabled: dragging === 'section' || !isNear,
  });

  useLayoutEffect(() => {
    const element = byId(elementId);
    return element ? near.observe(element, section.id) : undefined;
  }, [elementId, near, section.id]);

  useLayoutEffect(() => {
    const body = byId(sectionItemsId(section.id));
    setItemListRef(body);
    body?.toggleAttribute('data-over', isOver && dragging === 'item');
    return () => setItemListRef(null);
  }, [section.id, setItemListRef, isOver, dragging]);

  const slot = useSlot(sectionGripSlotId(section.id));
  const itemIds = useMemo(() => section.items.map((item) => itemDndId(item.id)), [section.items]);

  return (
    <>
      {slot && <SlotGrip slot={slot} label={`Move section ${section.name}`} {...handle} />}
      {/* Far off screen, its rows show still grips: no sortables, no context to render either. */}
      {isNear && (
        <SortableContext items={itemIds} strategy={verticalListSortingStrategy}>
          {section.items.map((item) => (
            <ItemBinding
              key={item.id}
              item={item}
              sectionId={section.id}
              dropDisabled={dragging === 'section'}
            />
          ))}
        </SortableContext>
      )}
    </>
  );
};
