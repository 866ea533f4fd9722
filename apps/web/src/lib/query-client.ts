import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** A client error will not change by asking again; a dropped connection or a 5xx may. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const createQueryClient = () => {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
    // Every change the server accepts writes history (issue 17): the activity lists on screen
    // catch up without each mutation having to know about them.
    mutationCache: new MutationCache({
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: ['activity'] });
      },
    }),
  });
  return client;
};
