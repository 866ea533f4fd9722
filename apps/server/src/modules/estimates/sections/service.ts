import { eq } from 'drizzle-orm';
import type {
  EstimateSection,
  EstimateSectionCreateRequest,
  EstimateSectionUpdateRequest,
} from '@portal/contract/estimates';
import type { MoveRequest } from '@portal/contract/ordering';
import type { Database } from '../../../db/client';
import { estimateSections } from '../../../db/schema/index';
import { ordering } from '../../../http/ordering';
import { parentReads } from '../../../http/list-by-parent';
import type { Scope } from '../../../http/scope';
import { estimateScope, referencedEstimate } from '../scope';
import { emptySectionDto, loadSections } from '../sections-query';
import { retryOnDeadlock } from '../../../db/retry';
import { record } from '../../activity/record';
import { onEstimate } from '../activity';

const sectionColumns = {
  table: estimateSections,
  id: estimateSections.id,
  parent: estimateSections.estimateId,
  order: estimateSections.order,
};
export const sectionOrder = ordering(sectionColumns);

/** An estimate's sections, in their order, each answered with its items. */
export const createEstimateSectionService = (db: Database) => {
  const { visible, findOne, list } = parentReads(
    db,
    sectionColumns,
    { scope: estimateScope, filter: 'estimate' },
    loadSections,
  );

  return {
    list,

    retrieve: findOne,

    create: async (scope: Scope, body: EstimateSectionCreateRequest): Promise<EstimateSection> =>
      db.transaction(async (tx) => {
        const estimate = await referencedEstimate(tx, scope, body.estimate);
        const order = await sectionOrder.nextPosition(tx, estimate.id);
        const [row] = await tx
          .insert(estimateSections)
          .values({ estimateId: estimate.id, name: body.name, order })
          .returning();
        if (!row) throw new Error('section not created');
        await record(tx, {
          verb: 'created',
          ...onEstimate(row.estimateId),
          data: { part: 'section', name: row.name },
        });
        return emptySectionDto(row);
      }),

    update: async (scope: Scope, id: number, body: Partial<EstimateSectionUpdateRequest>) => {
      if (body.name !== undefined) {
        const { name } = body;
        const updated = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(estimateSections)
            .set({ name })
            .where(visible(scope, id))
            .returning();
          if (row)
            await record(tx, {
              verb: 'updated',
              ...onEstimate(row.estimateId),
              data: { part: 'section', name },
            });
          return row;
        });
        if (!updated) return null;
      }
      return findOne(scope, id);
    },

    /** Its items and their comments go with it (foreign keys cascade); the gap closes. */
    destroy: async (scope: Scope, id: number) => {
      const section = await findOne(scope, id);
      if (!section) return false;
      return retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          if ((await sectionOrder.remove(tx, id)) === null) return false;
          await record(tx, {
            verb: 'deleted',
            ...onEstimate(section.estimate),
            data: { part: 'section', name: section.name },
          });
          return true;
        }),
      );
    },

    /** Answers the estimate's sections in their new order, or null for an unknown section. */
    move: async (
      scope: Scope,
      id: number,
      move: MoveRequest,
    ): Promise<EstimateSection[] | null> => {
      const [visibleRow] = await db
        .select({ id: estimateSections.id })
        .from(estimateSections)
        .where(visible(scope, id))
        .limit(1);
      if (!visibleRow) return null;
      return retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          const moved = await sectionOrder.move(tx, id, move);
          return moved && loadSections(tx, eq(estimateSections.estimateId, moved.parentId));
        }),
      );
    },
  };
};
