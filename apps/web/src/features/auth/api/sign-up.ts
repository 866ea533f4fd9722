import { useMutation } from '@tanstack/react-query';
import type { SignUpRequest } from '@portal/contract/auth';
import { userSchema } from '@portal/contract/users';
import { request } from '../../../lib/api';

export const useSignUp = () =>
  useMutation({
    mutationFn: (body: SignUpRequest) =>
      request('/api/users/', { method: 'POST', body, token: null, schema: userSchema }),
  });
