import { useQuery } from '@tanstack/react-query';
import type { Estimate } from '@portal/contract/estimates';
import { ApiError, createResource } from '../../../lib/api';
import { projectKeys } from './keys';

const estimatesResource = createResource<Estimate>('estimates');

/**
 * A project's estimates (`GET /api/estimates/?project=`), for the project screen's list. A
 * server without the estimates area answers 404 for the path: that is an empty list, not an
 * error to show.
 */
export const useProjectEstimates = (projectId: number) =>
  useQuery({
    queryKey: projectKeys.estimates(projectId),
    queryFn: async ({ signal }) => {
      try {
        return await estimatesResource.all({ project: projectId, page_size: 100 }, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
  });
