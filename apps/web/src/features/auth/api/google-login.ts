import { useMutation } from '@tanstack/react-query';
import { requestChecked } from '../../../lib/api';
import { loadTokenResponseSchema } from './login';

/** Trades the provider's access token for a portal token (spec §7). */
export const useGoogleLogin = () =>
  useMutation({
    // `otp`: the second factor, for an account with two-factor on (issue 27).
    mutationFn: ({ accessToken, otp }: { accessToken: string; otp?: string }) =>
      requestChecked(
        '/api/social-auth/google-oauth2/',
        { method: 'POST', body: { access_token: accessToken, otp } },
        loadTokenResponseSchema,
      ),
  });
