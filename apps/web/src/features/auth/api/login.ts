import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@portal/contract/auth';
import { requestChecked } from '../../../lib/api';

/** Loaded with the login call, not with the page: /login's first visit stays without zod. */
export const loadTokenResponseSchema = async () =>
  (await import('@portal/contract/auth')).tokenResponseSchema;

export const useLogin = () =>
  useMutation({
    mutationFn: (body: LoginRequest) =>
      requestChecked('/api/token-auth/', { method: 'POST', body }, loadTokenResponseSchema),
  });
