import { sql, type SQL } from 'drizzle-orm';
import { estimateItems, estimates, estimateSections } from '../../db/schema/index';

/**
 * An entry about an estimate (decision 0022): sections, items and comments are summarised on
 * their estimate, one entry per request, with the part in `data`. The label and project are read
 * inside the insert, so each call site stays one statement.
 */
export const onEstimate = (estimateId: number | SQL<number>) => ({
  target: {
    type: 'estimate' as const,
    id: estimateId,
    label: sql<string>`(SELECT ${estimates.name} FROM ${estimates} WHERE ${estimates.id} = ${estimateId})`,
  },
  project: sql<number>`(SELECT ${estimates.projectId} FROM ${estimates} WHERE ${estimates.id} = ${estimateId})`,
});

/** The estimate of a section, as a subquery for `onEstimate`. */
export const estimateOfSection = (sectionId: number | SQL<number>) =>
  sql<number>`(SELECT ${estimateSections.estimateId} FROM ${estimateSections} WHERE ${estimateSections.id} = ${sectionId})`;

/** The estimate of an item, as a subquery for `onEstimate`. */
export const estimateOfItem = (itemId: number) =>
  estimateOfSection(
    sql<number>`(SELECT ${estimateItems.sectionId} FROM ${estimateItems} WHERE ${estimateItems.id} = ${itemId})`,
  );
