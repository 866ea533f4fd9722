import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { sumHours, type EstimateItem, type EstimateSection } from '@portal/contract/estimates';
import type { Executor } from '../../db/client';
import { estimateItemComments, estimateItems, estimateSections } from '../../db/schema/index';

type ItemRow = typeof estimateItems.$inferSelect;

/** Comments per item: a correlated count, answered from the comments index alone. */
export const commentCount = (itemId: SQL | typeof estimateItems.id) =>
  sql<number>`(SELECT count(*)::int FROM ${estimateItemComments} WHERE ${estimateItemComments.itemId} = ${itemId})`;

export const toItemDto = (row: ItemRow, comments: number): EstimateItem => ({
  id: row.id,
  section: row.sectionId,
  description: row.description,
  hours_low: row.hoursLow,
  hours_high: row.hoursHigh,
  notes: row.notes,
  questions: row.questions,
  comment_count: comments,
  order: row.order,
});

/** A section with its items in order and the exact sums of their hours (cents, never floats). */
export const toSectionDto = (
  section: { id: number; estimateId: number; name: string; order: number },
  items: EstimateItem[],
): EstimateSection => ({
  id: section.id,
  estimate: section.estimateId,
  name: section.name,
  order: section.order,
  items,
  total_hours_low: sumHours(items.map((item) => item.hours_low)),
  total_hours_high: sumHours(items.map((item) => item.hours_high)),
});

/**
 * The sections matching `where`, each with its ordered items and their comment counts, in ONE
 * query whatever their number (sections LEFT JOIN items, ordered by estimate, section order and
 * item order). Estimate details, section lists and both moves answer through it.
 */
export const loadSections = async (db: Executor, where: SQL | undefined) => {
  const rows = await db
    .select({
      section: {
        id: estimateSections.id,
        estimateId: estimateSections.estimateId,
        name: estimateSections.name,
        order: estimateSections.order,
      },
      item: estimateItems,
      comments: commentCount(estimateItems.id),
    })
    .from(estimateSections)
    .leftJoin(estimateItems, eq(estimateItems.sectionId, estimateSections.id))
    .where(where)
    .orderBy(
      asc(estimateSections.estimateId),
      asc(estimateSections.order),
      asc(estimateItems.order),
    );
  const sections: EstimateSection[] = [];
  let current: { id: number; estimateId: number; name: string; order: number } | null = null;
  let items: EstimateItem[] = [];
  for (const row of rows) {
    if (current?.id !== row.section.id) {
      if (current) sections.push(toSectionDto(current, items));
      current = row.section;
      items = [];
    }
    if (row.item) items.push(toItemDto(row.item, row.comments));
  }
  if (current) sections.push(toSectionDto(current, items));
  return sections;
};
