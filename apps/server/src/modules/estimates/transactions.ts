import { and, asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { estimateSections } from '../../db/schema/index';
import type { Scope } from '../../http/scope';
import { sectionScope } from './scope';

/**
 * KEY SHARE locks on the sections an item write touches, taken first and in id order. Renumbering
 * items updates their rows twice, and the second update re-checks the foreign key to the section
 * (KEY SHARE) while the items are already locked; a section move or delete (FOR UPDATE on the
 * estimate's sections, in id order) could then hold the section and wait for those items.
 * Taking the section locks before any item lock keeps every lock order the same. Answers the
 * sections found (in scope), with their estimate.
 */
export const lockSections = (tx: Executor, scope: Scope, ids: number[]) =>
  tx
    .select({ id: estimateSections.id, estimateId: estimateSections.estimateId })
    .from(estimateSections)
    .where(and(inArray(estimateSections.id, ids), sectionScope(tx, scope, estimateSections.id)))
    .orderBy(asc(estimateSections.id))
    .for('key share');
