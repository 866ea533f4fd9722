import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  recoveryCodesResponseSchema,
  totpSetupResponseSchema,
  twoFactorStatusSchema,
  type TwoFactorDisableRequest,
} from '@portal/contract/two-factor';
import { request } from '../../../lib/api';

const statusKey = ['two-factor'] as const;

export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => request('/api/two-factor/', { signal, schema: twoFactorStatusSchema }),
  });

/** After any change, the status is asked again: codes left, on or off. */
const useRefreshingMutation = <V, R>(call: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
};

export const useStartTotpSetup = () =>
  useMutation({
    mutationFn: () =>
      request('/api/two-factor/totp/setup/', { method: 'POST', schema: totpSetupResponseSchema }),
  });

export const useConfirmTotp = () =>
  useRefreshingMutation((code: string) =>
    request('/api/two-factor/totp/confirm/', {
      method: 'POST',
      body: { code },
      schema: recoveryCodesResponseSchema,
    }),
  );

export const useNewRecoveryCodes = () =>
  useRefreshingMutation((code: string) =>
    request('/api/two-factor/recovery-codes/', {
      method: 'POST',
      body: { code },
      schema: recoveryCodesResponseSchema,
    }),
  );

export const useDisableTwoFactor = () =>
  useRefreshingMutation((body: TwoFactorDisableRequest) =>
    request('/api/two-factor/disable/', { method: 'POST', body }),
  );
