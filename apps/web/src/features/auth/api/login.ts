import { useMutation } from '@tanstack/react-query';
import { tokenResponseSchema, type LoginRequest } from '@portal/contract/auth';
import { request } from '../../../lib/api';

export const useLogin = () =>
  useMutation({
    mutationFn: (body: LoginRequest) =>
      request('/api/token-auth/', { method: 'POST', body, schema: tokenResponseSchema }),
  });
