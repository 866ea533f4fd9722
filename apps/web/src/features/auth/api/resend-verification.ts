import { useMutation } from '@tanstack/react-query';
import type { EmailRequest } from '@portal/contract/auth';
import { detailSchema } from '@portal/contract/common';
import { request } from '../../../lib/api';

export const useResendVerification = () =>
  useMutation({
    mutationFn: (body: EmailRequest) =>
      request('/api/resend-verify-email/', {
        method: 'POST',
        body,
        schema: detailSchema.partial(),
      }),
  });
