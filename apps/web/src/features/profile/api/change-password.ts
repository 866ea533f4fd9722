import { useMutation } from '@tanstack/react-query';
import { passwordChangeResponseSchema, type PasswordChangeRequest } from '@portal/contract/auth';
import { request } from '../../../lib/api';
import { getImpersonateToken, setImpersonateToken, setToken } from '../../../lib/tokens';

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: PasswordChangeRequest) =>
      request('/api/password-change/', {
        method: 'POST',
        body,
        schema: passwordChangeResponseSchema,
      }),
    // Spec §4: the server drops every other token, so the new one replaces the stored one.
    onSuccess: ({ token }) => {
      if (getImpersonateToken()) setImpersonateToken(token);
      else setToken(token);
    },
  });
