import { useMutation } from '@tanstack/react-query';
import { tokenResponseSchema } from '@portal/contract/auth';
import { request } from '../../../lib/api';

/** Trades the provider's access token for a portal token (spec §7). */
export const useGoogleLogin = () =>
  useMutation({
    mutationFn: (accessToken: string) =>
      request('/api/social-auth/google-oauth2/', {
        method: 'POST',
        body: { access_token: accessToken },
        schema: tokenResponseSchema,
      }),
  });
