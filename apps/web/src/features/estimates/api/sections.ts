import { useMutation } from '@tanstack/react-query';
import {
  estimateSectionSchema,
  type EstimateSectionCreateRequest,
  type EstimateSectionUpdateRequest,
} from '@portal/contract/estimates';
import { request } from '../../../lib/api';
import { appendSection, removeSection, replaceSection } from '../lib/estimate-state';
import { useEstimateCache } from './use-estimate-cache';

export const SECTIONS_PATH = '/api/estimate-sections/';

/** Spec §4: a created section is appended. */
export const useCreateSection = (estimateId: number) => {
  const cache = useEstimateCache(estimateId);
  return useMutation({
    mutationFn: (body: Omit<EstimateSectionCreateRequest, 'estimate'>) =>
      request(SECTIONS_PATH, {
        method: 'POST',
        body: { ...body, estimate: estimateId },
        schema: estimateSectionSchema,
      }),
    onSuccess: (section) => cache((estimate) => appendSection(estimate, section)),
  });
};

/** Spec §4: an updated section replaces the one with the same id. */
export const useUpdateSection = (estimateId: number) => {
  const cache = useEstimateCache(estimateId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EstimateSectionUpdateRequest }) =>
      request(`${SECTIONS_PATH}${id}/`, { method: 'PATCH', body, schema: estimateSectionSchema }),
    onSuccess: (section) => cache((estimate) => appendOrReplace(estimate, section)),
  });
};

// A section deleted meanwhile by someone else comes back with the answer rather than vanish.
const appendOrReplace: typeof replaceSection = (estimate, section) =>
  estimate.sections.some((other) => other.id === section.id)
    ? replaceSection(estimate, section)
    : appendSection(estimate, section);

/** The section and its items go (the server deletes them together). */
export const useDeleteSection = (estimateId: number) => {
  const cache = useEstimateCache(estimateId);
  return useMutation({
    mutationFn: (id: number) => request(`${SECTIONS_PATH}${id}/`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => cache((estimate) => removeSection(estimate, id)),
  });
};
