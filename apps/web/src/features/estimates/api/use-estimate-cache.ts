import { useQueryClient } from '@tanstack/react-query';
import type { EstimateDetail } from '@portal/contract/estimates';
import { estimateKeys } from './keys';

/** Applies one of the local state rules (lib/estimate-state) to the cached estimate, if loaded. */
export const useEstimateCache = (estimateId: number) => {
  const queryClient = useQueryClient();
  return (change: (estimate: EstimateDetail) => EstimateDetail) =>
    queryClient.setQueryData<EstimateDetail>(
      estimateKeys.detail(estimateId),
      (estimate) => estimate && change(estimate),
    );
};
