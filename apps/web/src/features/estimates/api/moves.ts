import { useMutation } from '@tanstack/react-query';
import {
  estimateSectionArraySchema,
  type EstimateDetail,
  type EstimateSection,
} from '@portal/contract/estimates';
import { request } from '../../../lib/api';
import { useOptimisticMoves, type MoveContext } from '../../../lib/optimistic-moves';
import {
  mergeSections,
  moveItemInSections,
  moveSectionInList,
  setSections,
  type ItemLocation,
} from '../lib/estimate-state';
import { ITEMS_PATH } from './items';
import { estimateKeys } from './keys';
import { SECTIONS_PATH } from './sections';

export type SectionMove = { sectionId: number; from: number; to: number };
export type ItemMove = { itemId: number; to: ItemLocation };

type Context = MoveContext<EstimateDetail>;

/**
 * Drag-and-drop moves of one estimate's sections and items (DESIGN §4), shown at once and
 * persisted in the order made, with the server's answer as the truth (lib/optimistic-moves).
 */
export const useEstimateMoves = (estimateId: number) => {
  const mutationKey = estimateKeys.moves(estimateId);
  const { optimistic, settle, fail } = useOptimisticMoves<EstimateDetail>(
    estimateKeys.detail(estimateId),
    mutationKey,
  );

  const scope = { id: `estimate-moves-${estimateId}` };

  const moveSection = useMutation<EstimateSection[], unknown, SectionMove, Context>({
    mutationKey,
    scope,
    mutationFn: ({ sectionId, to }) =>
      request(`${SECTIONS_PATH}${sectionId}/move/`, {
        method: 'POST',
        body: { to },
        schema: estimateSectionArraySchema,
      }),
    onMutate: ({ from, to }) =>
      optimistic((estimate) => ({
        ...estimate,
        sections: moveSectionInList(estimate.sections, from, to),
      })),
    onSuccess: (answer) => settle((estimate) => setSections(estimate, answer)),
    onError: (error, _move, context) => fail(error, context),
  });

  const moveItem = useMutation<EstimateSection[], unknown, ItemMove, Context>({
    mutationKey,
    scope,
    mutationFn: ({ itemId, to }) =>
      request(`${ITEMS_PATH}${itemId}/move/`, {
        method: 'POST',
        body: { to: to.index, section: to.sectionId },
        schema: estimateSectionArraySchema,
      }),
    onMutate: ({ itemId, to }) =>
      optimistic((estimate) => ({
        ...estimate,
        sections: moveItemInSections(estimate.sections, itemId, to),
      })),
    onSuccess: (answer) => settle((estimate) => mergeSections(estimate, answer)),
    onError: (error, _move, context) => fail(error, context),
  });

  return { moveSection: moveSection.mutate, moveItem: moveItem.mutate };
};
