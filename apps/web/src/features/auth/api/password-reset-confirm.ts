import { useMutation } from '@tanstack/react-query';
import type { PasswordResetConfirmRequest } from '@portal/contract/auth';
import { detailSchema } from '@portal/contract/common';
import { request } from '../../../lib/api';

export const usePasswordResetConfirm = () =>
  useMutation({
    mutationFn: (body: PasswordResetConfirmRequest) =>
      request('/api/password-reset-confirm/', {
        method: 'POST',
        body,
        schema: detailSchema.partial(),
      }),
  });
