import { useMutation } from '@tanstack/react-query';
import { requestChecked } from '../../../lib/api';
import { loadTokenResponseSchema } from './login';

/** Trades the provider's access token for a portal token (spec §7). */
export const useGoogleLogin = () =>
  useMutation({
    mutationFn: (accessToken: string) =>
      requestChecked(
        '/api/social-auth/google-oauth2/',
        { method: 'POST', body: { access_token: accessToken } },
        loadTokenResponseSchema,
      ),
  });
