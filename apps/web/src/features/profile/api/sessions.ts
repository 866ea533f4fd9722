import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionListSchema } from '@portal/contract/sessions';
import { request } from '../../../lib/api';

const sessionsKey = ['sessions'] as const;

export const useSessions = () =>
  useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => request('/api/sessions/', { signal, schema: sessionListSchema }),
  });

const useSessionsMutation = <V>(call: (variables: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
};

export const useEndSession = () =>
  useSessionsMutation((id: number) => request(`/api/sessions/${id}/`, { method: 'DELETE' }));

export const useEndOtherSessions = () =>
  useSessionsMutation(() => request('/api/sessions/sign-out-others/', { method: 'POST' }));
