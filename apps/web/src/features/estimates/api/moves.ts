import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  estimateSectionArraySchema,
  type EstimateDetail,
  type EstimateSection,
} from '@portal/contract/estimates';
import { request } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
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

type Context = { previous: EstimateDetail | undefined };

/**
 * Drag-and-drop moves of one estimate's sections and items (DESIGN §4): the screen shows the new
 * order at once, the `move` call persists it, and the server's answer is the truth; a refused
 * move rolls back with an error toast. Moves run one after the other in the order they were
 * made, so the server applies them as the screen did. While several are on their way, the answer
 * of an early one would undo the later ones on screen: only the last answer is applied, and the
 * estimate is then fetched again to be sure.
 */
export const useEstimateMoves = (estimateId: number) => {
  const queryClient = useQueryClient();
  const key = estimateKeys.detail(estimateId);
  const mutationKey = estimateKeys.moves(estimateId);
  const overlapped = useRef(false);

  const onlyMove = () => queryClient.isMutating({ mutationKey }) <= 1;

  const optimistic = async (change: (estimate: EstimateDetail) => EstimateDetail) => {
    if (!onlyMove()) overlapped.current = true;
    // A fetch already on its way would bring the old order back.
    await queryClient.cancelQueries({ queryKey: key });
    const previous = queryClient.getQueryData<EstimateDetail>(key);
    queryClient.setQueryData<EstimateDetail>(key, (estimate) => estimate && change(estimate));
    return { previous } satisfies Context;
  };

  const settle = (apply: (estimate: EstimateDetail) => EstimateDetail) => {
    if (!onlyMove()) {
      overlapped.current = true;
      return;
    }
    queryClient.setQueryData<EstimateDetail>(key, (estimate) => estimate && apply(estimate));
    if (overlapped.current) {
      overlapped.current = false;
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };

  const fail = (error: unknown, context: Context | undefined) => {
    toastError(error);
    if (onlyMove() && !overlapped.current) {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      return;
    }
    // Later moves were built on this one: only a fresh copy tells what the server holds now.
    overlapped.current = false;
    void queryClient.invalidateQueries({ queryKey: key });
  };

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
