import { useMutation } from '@tanstack/react-query';
import type { EmailRequest } from '@portal/contract/auth';
import { detailSchema } from '@portal/contract/common';
import { request } from '../../../lib/api';

export const usePasswordReset = () =>
  useMutation({
    mutationFn: (body: EmailRequest) =>
      request('/api/password-reset/', { method: 'POST', body, schema: detailSchema.partial() }),
  });
