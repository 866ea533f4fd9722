import { sql, type SQL } from 'drizzle-orm';
import type { EstimateItem, EstimateSection } from '@portal/contract/estimates';
import type { Executor } from '../../db/client';
import { estimateItemComments, estimateItems, estimateSections } from '../../db/schema/index';

type ItemRow = typeof estimateItems.$inferSelect;

/** Live comments per item: a correlated count, answered from the comments index alone. */
export const commentCount = (itemId: SQL | typeof estimateItems.id) =>
  sql<number>`(SELECT count(*)::int FROM ${estimateItemComments} WHERE ${estimateItemComments.itemId} = ${itemId} AND ${estimateItemComments.deletedAt} IS NULL)`;

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

/** A section just created: no items yet. */
export const emptySectionDto = (section: {
  id: number;
  estimateId: number;
  name: string;
  order: number;
}): EstimateSection => ({
  id: section.id,
  estimate: section.estimateId,
  name: section.name,
  order: section.order,
  items: [],
  total_hours_low: '0.00',
  total_hours_high: '0.00',
});

/** Hours as the wire wants them: NUMERIC rendered by PostgreSQL with exactly 2 decimals. */
const decimalText = (value: SQL) => sql`coalesce(${value}, 0)::numeric(20, 2)::text`;

/**
 * The sections matching `where` as one JSON array, already in the wire shape: each with its
 * items in order (comment counts included) and the exact NUMERIC sums of their hours. PostgreSQL
 * builds it in one statement whatever the size, so a reader gets a single value to JSON.parse
 * instead of a row per item to map. `where` may refer to an outer query (an estimate detail).
 */
export const sectionsJson = (where: SQL | undefined) => sql<EstimateSection[]>`(
  SELECT coalesce(json_agg(json_build_object(
      'id', ${estimateSections.id},
      'estimate', ${estimateSections.estimateId},
      'name', ${estimateSections.name},
      'order', ${estimateSections.order},
      'items', coalesce(section_items.items, '[]'::json),
      'total_hours_low', ${decimalText(sql`section_items.low`)},
      'total_hours_high', ${decimalText(sql`section_items.high`)}
    ) ORDER BY ${estimateSections.estimateId}, ${estimateSections.order}), '[]'::json)
  FROM ${estimateSections}
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object(
        'id', ${estimateItems.id},
        'section', ${estimateItems.sectionId},
        'description', ${estimateItems.description},
        'hours_low', ${estimateItems.hoursLow}::text,
        'hours_high', ${estimateItems.hoursHigh}::text,
        'notes', ${estimateItems.notes},
        'questions', ${estimateItems.questions},
        'comment_count', ${commentCount(estimateItems.id)},
        'order', ${estimateItems.order}
      ) ORDER BY ${estimateItems.order}) AS items,
      sum(${estimateItems.hoursLow}) AS low,
      sum(${estimateItems.hoursHigh}) AS high
    FROM ${estimateItems}
    WHERE ${estimateItems.sectionId} = ${estimateSections.id}
  ) AS section_items ON true
  ${where ? sql`WHERE ${where}` : sql``}
)`;

/** The sections matching `where` (see `sectionsJson`), in estimate and section order. */
export const loadSections = async (db: Executor, where: SQL | undefined) => {
  const result = await db.execute<{ sections: EstimateSection[] }>(
    sql`SELECT ${sectionsJson(where)} AS sections`,
  );
  return result.rows[0]?.sections ?? [];
};
