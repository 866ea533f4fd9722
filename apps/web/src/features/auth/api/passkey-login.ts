import { useMutation } from '@tanstack/react-query';
import { requestChecked } from '../../../lib/api';
import { loadTokenResponseSchema } from './login';

const loadOptionsSchema = async () =>
  (await import('@portal/contract/passkeys')).passkeyOptionsResponseSchema;

/**
 * Signing in with a passkey (issue 27): a fresh challenge from the server, the browser's prompt
 * (any of this portal's passkeys on the device), the signed answer back for a token. The
 * WebAuthn library and the schemas load only when the button is pressed: /login stays light.
 */
export const usePasskeyLogin = () =>
  useMutation({
    mutationFn: async () => {
      const { options } = await requestChecked(
        '/api/token-auth/passkey-options/',
        { method: 'POST' },
        loadOptionsSchema,
      );
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const credential = await startAuthentication({
        // Written by the server's WebAuthn library; the contract checked only their shape.
        optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
      });
      return requestChecked(
        '/api/token-auth/passkey/',
        { method: 'POST', body: { credential } },
        loadTokenResponseSchema,
      );
    },
  });
