import type { EstimateDetail, EstimateItem, EstimateSection } from '@portal/contract/estimates';
import { moveItem } from '@portal/contract/ordering';
import { locateChild, moveChild, placeAtOrder, renumber } from '../../../lib/nested-list';

/**
 * The estimate screen's local state rules (spec §4), as pure functions over the cached estimate:
 * a created section is appended, an updated one replaces the one with its id, a created item is
 * appended to its section, an updated item replaces the one with its id, a deleted item or section
 * is removed. Moves rearrange optimistically; the server's answer then replaces what it covers.
 * Every function answers a new object and leaves its input untouched.
 */

type Sections = readonly EstimateSection[];

const withSections = (estimate: EstimateDetail, sections: EstimateSection[]): EstimateDetail => ({
  ...estimate,
  sections,
});

const mapItems = (
  estimate: EstimateDetail,
  sectionId: number,
  change: (items: EstimateItem[]) => EstimateItem[],
): EstimateDetail =>
  withSections(
    estimate,
    estimate.sections.map((section) =>
      section.id === sectionId ? { ...section, items: change(section.items) } : section,
    ),
  );

export const appendSection = (estimate: EstimateDetail, section: EstimateSection): EstimateDetail =>
  withSections(
    estimate,
    renumber([...estimate.sections.filter((other) => other.id !== section.id), section]),
  );

/** Takes the server's section as it is: its name and, when it carries them, its items. */
export const replaceSection = (
  estimate: EstimateDetail,
  section: EstimateSection,
): EstimateDetail =>
  withSections(
    estimate,
    estimate.sections.map((other) => (other.id === section.id ? section : other)),
  );

export const removeSection = (estimate: EstimateDetail, sectionId: number): EstimateDetail =>
  withSections(estimate, renumber(estimate.sections.filter((other) => other.id !== sectionId)));

/** A created item takes its `order`: the end for a new one, its old place for an Undo. */
export const appendItem = (estimate: EstimateDetail, item: EstimateItem): EstimateDetail =>
  mapItems(estimate, item.section, (items) => placeAtOrder(items, item));

export const replaceItem = (estimate: EstimateDetail, item: EstimateItem): EstimateDetail =>
  withSections(
    estimate,
    estimate.sections.map((section) =>
      section.items.some((other) => other.id === item.id)
        ? { ...section, items: section.items.map((other) => (other.id === item.id ? item : other)) }
        : section,
    ),
  );

export const removeItem = (estimate: EstimateDetail, itemId: number): EstimateDetail =>
  withSections(
    estimate,
    estimate.sections.map((section) =>
      section.items.some((other) => other.id === itemId)
        ? { ...section, items: renumber(section.items.filter((other) => other.id !== itemId)) }
        : section,
    ),
  );

/** A new comment (+1) or a deleted one (-1) changes the item's count in its row. */
export const changeCommentCount = (
  estimate: EstimateDetail,
  itemId: number,
  delta: number,
): EstimateDetail =>
  withSections(
    estimate,
    estimate.sections.map((section) =>
      section.items.some((other) => other.id === itemId)
        ? {
            ...section,
            items: section.items.map((other) =>
              other.id === itemId
                ? { ...other, comment_count: Math.max(0, other.comment_count + delta) }
                : other,
            ),
          }
        : section,
    ),
  );

// Moves.

export type ItemLocation = { sectionId: number; index: number };

const ITEM_KEYS = { children: 'items', parent: 'section' } as const;

/** Where an item is: its section and its index there, or null. */
export const locateItem = (sections: Sections, itemId: number): ItemLocation | null => {
  const at = locateChild(sections, 'items', itemId);
  return at && { sectionId: at.parentId, index: at.index };
};

/** The sections with the one at `from` moved to `to`. */
export const moveSectionInList = (sections: Sections, from: number, to: number) =>
  renumber(moveItem(sections, from, to));

/**
 * The sections with an item moved to `to.index` of section `to.sectionId` (clamped to that
 * section's items, counted without the moved item), in the same section or another.
 */
export const moveItemInSections = (
  sections: Sections,
  itemId: number,
  to: ItemLocation,
): EstimateSection[] =>
  moveChild(sections, ITEM_KEYS, itemId, { parentId: to.sectionId, index: to.index });

/**
 * A section `move` answers every section of the estimate in order: that is the new list. Sections
 * the answer lacks were deleted meanwhile; new ones are taken as they come.
 */
export const setSections = (estimate: EstimateDetail, sections: Sections): EstimateDetail =>
  withSections(estimate, [...sections]);

/**
 * An item `move` answers only the sections it touched (the source and the target): those replace
 * their namesakes, the rest stay as they are.
 */
export const mergeSections = (estimate: EstimateDetail, answer: Sections): EstimateDetail => {
  const byId = new Map(answer.map((section) => [section.id, section]));
  return withSections(
    estimate,
    estimate.sections.map((section) => byId.get(section.id) ?? section),
  );
};

/** Whether two section lists hold the same sections and items in the same order. */
export const sameArrangement = (a: Sections, b: Sections): boolean =>
  a.length === b.length &&
  a.every((section, index) => {
    const other = b[index];
    return (
      other !== undefined &&
      other.id === section.id &&
      other.items.length === section.items.length &&
      section.items.every((item, i) => other.items[i]?.id === item.id)
    );
  });
