import { and, eq } from 'drizzle-orm';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import type { Executor } from '../../db/client';
import { estimateItems, estimates, estimateSections } from '../../db/schema/index';
import { fieldError } from '../../http/errors';
import { scopeThrough, type Scope } from '../../http/scope';
import { projectScope } from '../projects/service';

/**
 * What of the estimates a scope may see (DESIGN §3): staff everything, members the estimates of
 * their clients' projects, and everything under them. Each helper is a condition on an id column,
 * a subquery run inside the caller's statement (no extra round trip).
 */
export const estimateScope = scopeThrough(estimates, 'projectId', projectScope);
export const sectionScope = scopeThrough(estimateSections, 'estimateId', estimateScope);
export const itemScope = scopeThrough(estimateItems, 'sectionId', sectionScope);

/**
 * References in a request body: the record when the scope may see it, else a 400 on the field
 * worded the same whether it does not exist or is someone else's. Called inside the write's
 * transaction, each holds its row (KEY SHARE) so it cannot vanish before the insert commits.
 */
export const referencedEstimate = async (
  tx: Executor,
  scope: Scope,
  id: number,
  field = 'estimate',
) => {
  const [row] = await tx
    .select({ id: estimates.id })
    .from(estimates)
    .where(and(eq(estimates.id, id), estimateScope(tx, scope, estimates.id)))
    .limit(1)
    .for('key share');
  if (!row) throw fieldError(field, FIELD_MESSAGES.pkMissing(id));
  return row;
};

export const referencedSection = async (
  tx: Executor,
  scope: Scope,
  id: number,
  field = 'section',
) => {
  const [row] = await tx
    .select({ id: estimateSections.id, estimateId: estimateSections.estimateId })
    .from(estimateSections)
    .where(and(eq(estimateSections.id, id), sectionScope(tx, scope, estimateSections.id)))
    .limit(1)
    .for('key share');
  if (!row) throw fieldError(field, FIELD_MESSAGES.pkMissing(id));
  return row;
};

export const referencedItem = async (tx: Executor, scope: Scope, id: number, field = 'item') => {
  const [row] = await tx
    .select({ id: estimateItems.id, description: estimateItems.description })
    .from(estimateItems)
    .where(and(eq(estimateItems.id, id), itemScope(tx, scope, estimateItems.id)))
    .limit(1)
    .for('key share');
  if (!row) throw fieldError(field, FIELD_MESSAGES.pkMissing(id));
  return row;
};
