import type { EstimateDetail, EstimateItem } from '@portal/contract/estimates';

export type Change = { field: string; before: string; after: string };
export type ItemRef = { section: string; description: string };

/** What changed from one estimate (a version's snapshot) to another (a later one, or the live one). */
export type EstimateDiff = {
  sectionsAdded: string[];
  sectionsRemoved: string[];
  itemsAdded: ItemRef[];
  itemsRemoved: ItemRef[];
  itemsChanged: (ItemRef & { changes: Change[] })[];
  /** Name, texts and the safe modifier. */
  estimateChanges: Change[];
  /** Totals before → after, only those that moved. */
  totals: Change[];
};

const ITEM_FIELDS: [keyof EstimateItem, string][] = [
  ['description', 'Description'],
  ['hours_low', 'Low hours'],
  ['hours_high', 'High hours'],
  ['notes', 'Notes'],
  ['questions', 'Questions'],
];

const ESTIMATE_FIELDS: [keyof EstimateDetail & string, string][] = [
  ['name', 'Name'],
  ['description', 'Description'],
  ['scope_of_work', 'Scope of work'],
  ['deliverables', 'Deliverables'],
  ['not_included', 'Not included'],
  ['safe_modifier', 'Contingency (× hours)'],
  ['hourly_rate', 'Hourly rate'],
  ['currency', 'Currency'],
];

const TOTALS: [keyof EstimateDetail & string, string][] = [
  ['total_hours_low', 'Total hours (low)'],
  ['total_hours_high', 'Total hours (high)'],
  ['total_hours_safe', 'Hours with contingency'],
];

const changesOf = <T>(before: T, after: T, fields: [keyof T & string, string][]): Change[] =>
  fields.flatMap(([key, label]) => {
    const [a, b] = [String(before[key] ?? ''), String(after[key] ?? '')];
    return a === b ? [] : [{ field: label, before: a, after: b }];
  });

/**
 * Sections and items are matched by id: a version's snapshot keeps the ids they had when sent,
 * so an item edited since is "changed", one deleted "removed", a new one "added", and an item
 * moved into another section shows its section as changed.
 */
export const diffEstimates = (before: EstimateDetail, after: EstimateDetail): EstimateDiff => {
  const sectionIds = (e: EstimateDetail) => new Set(e.sections.map((s) => s.id));
  const [beforeSections, afterSections] = [sectionIds(before), sectionIds(after)];
  const items = (e: EstimateDetail) =>
    new Map(e.sections.flatMap((s) => s.items.map((item) => [item.id, { item, section: s.name }])));
  const [beforeItems, afterItems] = [items(before), items(after)];
  const ref = ({ item, section }: { item: EstimateItem; section: string }): ItemRef => ({
    section,
    description: item.description,
  });

  return {
    sectionsAdded: after.sections.filter((s) => !beforeSections.has(s.id)).map((s) => s.name),
    sectionsRemoved: before.sections.filter((s) => !afterSections.has(s.id)).map((s) => s.name),
    itemsAdded: [...afterItems].filter(([id]) => !beforeItems.has(id)).map(([, e]) => ref(e)),
    itemsRemoved: [...beforeItems].filter(([id]) => !afterItems.has(id)).map(([, e]) => ref(e)),
    itemsChanged: [...afterItems].flatMap(([id, now]) => {
      const was = beforeItems.get(id);
      if (!was) return [];
      const changes = changesOf(was.item, now.item, ITEM_FIELDS);
      if (was.section !== now.section)
        changes.push({ field: 'Section', before: was.section, after: now.section });
      return changes.length === 0 ? [] : [{ ...ref(now), changes }];
    }),
    estimateChanges: changesOf(before, after, ESTIMATE_FIELDS),
    totals: changesOf(before, after, TOTALS),
  };
};

export const isEmptyDiff = (diff: EstimateDiff) =>
  Object.values(diff).every((list: unknown[]) => list.length === 0);
