import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  ESTIMATE_MESSAGES,
  toCents,
  type EstimateItem,
  type EstimateItemCreateRequest,
  type EstimateItemListQuery,
  type EstimateItemMoveRequest,
  type EstimateItemUpdateRequest,
  type EstimateSection,
} from '@portal/contract/estimates';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import type { Database } from '../../../db/client';
import { estimateItems, estimateSections } from '../../../db/schema/index';
import { fieldError } from '../../../http/errors';
import { leftThenEntered, ordering } from '../../../http/ordering';
import { countedPage } from '../../../http/list-by-parent';
import type { PageWindow } from '../../../http/pagination';
import type { Scope } from '../../../http/scope';
import { itemScope, referencedSection, sectionScope } from '../scope';
import { retryOnDeadlock } from '../../../db/retry';
import { lockSections } from '../transactions';
import { commentCount, loadSections, toItemDto } from '../sections-query';
import { changedFields, record } from '../../activity/record';
import { estimateOfSection, onEstimate } from '../activity';

type ItemInsert = typeof estimateItems.$inferInsert;

export const ITEM_MESSAGES = {
  otherEstimate: 'Items move only between sections of the same estimate.',
} as const;

export const itemOrder = ordering({
  table: estimateItems,
  id: estimateItems.id,
  parent: estimateItems.sectionId,
  order: estimateItems.order,
});

const toColumns = (body: Partial<EstimateItemUpdateRequest>): Partial<ItemInsert> => {
  const columns: Partial<ItemInsert> = {};
  if (body.description !== undefined) columns.description = body.description;
  if (body.hours_low !== undefined) columns.hoursLow = body.hours_low;
  if (body.hours_high !== undefined) columns.hoursHigh = body.hours_high;
  if (body.notes !== undefined) columns.notes = body.notes;
  if (body.questions !== undefined) columns.questions = body.questions;
  return columns;
};

/** Items of a section, in their order; they move within and between an estimate's sections. */
export const createEstimateItemService = (db: Database) => {
  const visible = (scope: Scope, id: number) =>
    and(eq(estimateItems.id, id), itemScope(db, scope, estimateItems.id));

  const select = () =>
    db
      .select({ item: estimateItems, comments: commentCount(estimateItems.id) })
      .from(estimateItems);

  const findOne = async (scope: Scope, id: number): Promise<EstimateItem | null> => {
    const [row] = await select().where(visible(scope, id)).limit(1);
    return row ? toItemDto(row.item, row.comments) : null;
  };

  return {
    // Items list by section or by estimate (the whole board), so the WHERE is their own rather
    // than underParent's one parent.
    list: async (
      scope: Scope,
      filters: EstimateItemListQuery,
      page: (total: number) => PageWindow,
    ) => {
      const where = and(
        sectionScope(db, scope, estimateItems.sectionId),
        filters.section === undefined ? undefined : eq(estimateItems.sectionId, filters.section),
        filters.estimate === undefined
          ? undefined
          : inArray(
              estimateItems.sectionId,
              db
                .select({ id: estimateSections.id })
                .from(estimateSections)
                .where(eq(estimateSections.estimateId, filters.estimate)),
            ),
      );
      const { total, window } = await countedPage(db, estimateItems, where, page);
      const rows = await select()
        .innerJoin(estimateSections, eq(estimateSections.id, estimateItems.sectionId))
        .where(where)
        .orderBy(
          asc(estimateSections.estimateId),
          asc(estimateSections.order),
          asc(estimateItems.order),
        )
        .limit(window.limit)
        .offset(window.offset);
      return { count: total, window, rows: rows.map((r) => toItemDto(r.item, r.comments)) };
    },

    retrieve: findOne,

    create: async (scope: Scope, body: EstimateItemCreateRequest): Promise<EstimateItem> =>
      db.transaction(async (tx) => {
        const section = await referencedSection(tx, scope, body.section);
        const order = await itemOrder.nextPosition(tx, section.id);
        const [row] = await tx
          .insert(estimateItems)
          .values({
            ...toColumns(body),
            sectionId: section.id,
            description: body.description,
            order,
          })
          .returning();
        if (!row) throw new Error('item not created');
        const placed = await itemOrder.placeAt(tx, row.id, body.insert_at);
        await record(tx, {
          verb: 'created',
          ...onEstimate(estimateOfSection(section.id)),
          data: { part: 'item', name: row.description },
        });
        return toItemDto({ ...row, order: placed ?? row.order }, 0);
      }),

    /**
     * `hours_low ≤ hours_high` holds against the stored value of the one not sent; the row is
     * locked while checking, so two half-updates cannot cross each other.
     */
    update: async (scope: Scope, id: number, body: Partial<EstimateItemUpdateRequest>) => {
      const found = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ hoursLow: estimateItems.hoursLow, hoursHigh: estimateItems.hoursHigh })
          .from(estimateItems)
          .where(and(eq(estimateItems.id, id), itemScope(tx, scope, estimateItems.id)))
          .limit(1)
          .for('update');
        if (!current) return false;
        const low = body.hours_low ?? current.hoursLow;
        const high = body.hours_high ?? current.hoursHigh;
        if (toCents(low) > toCents(high))
          throw fieldError(
            body.hours_high !== undefined ? 'hours_high' : 'hours_low',
            ESTIMATE_MESSAGES.lowAboveHigh,
          );
        const columns = toColumns(body);
        if (Object.keys(columns).length > 0) {
          const [row] = await tx
            .update(estimateItems)
            .set(columns)
            .where(eq(estimateItems.id, id))
            .returning();
          if (row)
            await record(tx, {
              verb: 'updated',
              ...onEstimate(estimateOfSection(row.sectionId)),
              data: { part: 'item', name: row.description, fields: changedFields(body) },
            });
        }
        return true;
      });
      return found ? findOne(scope, id) : null;
    },

    /** Its comments go with it; the gap in its section closes. */
    destroy: async (scope: Scope, id: number) => {
      const item = await findOne(scope, id);
      if (!item) return false;
      return retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          await lockSections(tx, scope, [item.section]);
          if ((await itemOrder.remove(tx, id)) === null) return false;
          await record(tx, {
            verb: 'deleted',
            ...onEstimate(estimateOfSection(item.section)),
            data: { part: 'item', name: item.description },
          });
          return true;
        }),
      );
    },

    /**
     * Moves an item within its section, or into another section of the same estimate. Answers
     * the affected sections with their items in order (source first, then target), or null when
     * the item is unknown.
     */
    move: async (
      scope: Scope,
      id: number,
      move: EstimateItemMoveRequest,
    ): Promise<EstimateSection[] | null> => {
      const [found] = await db
        .select({ sectionId: estimateItems.sectionId, estimateId: estimateSections.estimateId })
        .from(estimateItems)
        .innerJoin(estimateSections, eq(estimateSections.id, estimateItems.sectionId))
        .where(visible(scope, id))
        .limit(1);
      if (!found) return null;
      const targetId = move.section ?? found.sectionId;
      return retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          const locked = await lockSections(tx, scope, [found.sectionId, targetId]);
          if (targetId === found.sectionId) {
            const moved = await itemOrder.move(tx, id, move);
            return moved && loadSections(tx, eq(estimateSections.id, moved.parentId));
          }
          const target = locked.find((section) => section.id === targetId);
          if (!target) throw fieldError('section', FIELD_MESSAGES.pkMissing(targetId));
          // Sections never change estimate, so this holds for the rest of the transaction.
          if (target.estimateId !== found.estimateId)
            throw fieldError('section', ITEM_MESSAGES.otherEstimate);
          const moved = await itemOrder.moveToParent(tx, id, target.id, move.to);
          if (!moved) return null;
          const sections = await loadSections(
            tx,
            inArray(estimateSections.id, [moved.previousParentId, moved.parentId]),
          );
          return leftThenEntered(sections, moved);
        }),
      );
    },
  };
};
