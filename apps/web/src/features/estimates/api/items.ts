import { useMutation } from '@tanstack/react-query';
import {
  estimateItemSchema,
  type EstimateItem,
  type EstimateItemCreateRequest,
  type EstimateItemUpdateRequest,
} from '@portal/contract/estimates';
import { request } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { appendItem, removeItem, replaceItem } from '../lib/estimate-state';
import { useEstimateCache } from './use-estimate-cache';

export const ITEMS_PATH = '/api/estimate-items/';

/** Spec §4: a created item is appended to its section. */
export const useCreateItem = (estimateId: number) => {
  const cache = useEstimateCache(estimateId);
  return useMutation({
    mutationFn: (body: EstimateItemCreateRequest) =>
      request(ITEMS_PATH, { method: 'POST', body, schema: estimateItemSchema }),
    onSuccess: (item) => cache((estimate) => appendItem(estimate, item)),
  });
};

/**
 * Undo of an item's delete: the same item created again where it was (`insert_at`), in one
 * request; a failure is toasted. Its comments are not restored (decision 0027).
 */
export const useRestoreItem = (estimateId: number) => {
  const create = useCreateItem(estimateId);
  return (item: EstimateItem) =>
    create.mutate(
      {
        section: item.section,
        description: item.description,
        hours_low: item.hours_low,
        hours_high: item.hours_high,
        notes: item.notes,
        questions: item.questions,
        insert_at: item.order,
      },
      { onError: toastError },
    );
};

/** Spec §4: an updated item replaces the item with the same id. */
export const useUpdateItem = (estimateId: number) => {
  const cache = useEstimateCache(estimateId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EstimateItemUpdateRequest }) =>
      request(`${ITEMS_PATH}${id}/`, { method: 'PATCH', body, schema: estimateItemSchema }),
    onSuccess: (item) => cache((estimate) => replaceItem(estimate, item)),
  });
};

/** Spec §4: a deleted item is removed from its section. */
export const useDeleteItem = (estimateId: number) => {
  const cache = useEstimateCache(estimateId);
  return useMutation({
    mutationFn: (id: number) => request(`${ITEMS_PATH}${id}/`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => cache((estimate) => removeItem(estimate, id)),
  });
};
