import { useMutation } from '@tanstack/react-query';
import type { VerifyEmailRequest } from '@portal/contract/auth';
import { detailSchema } from '@portal/contract/common';
import { request } from '../../../lib/api';

export const useVerifyEmail = () =>
  useMutation({
    mutationFn: (body: VerifyEmailRequest) =>
      request('/api/verify-email/', { method: 'POST', body, schema: detailSchema.partial() }),
  });
