import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  passkeyListSchema,
  passkeyOptionsResponseSchema,
  passkeySchema,
} from '@portal/contract/passkeys';
import { request } from '../../../lib/api';

const passkeysKey = ['passkeys'] as const;

export const usePasskeys = () =>
  useQuery({
    queryKey: passkeysKey,
    queryFn: ({ signal }) => request('/api/passkeys/', { signal, schema: passkeyListSchema }),
  });

const usePasskeysMutation = <V, R>(call: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
};

/**
 * Adds a passkey in the three steps WebAuthn takes: the server's options (after the password),
 * the browser's own "create a passkey" prompt, then the answer back to the server. The browser
 * part is loaded only when someone adds one.
 */
export const useAddPasskey = () =>
  usePasskeysMutation(
    async ({ name, password, code }: { name: string; password: string; code: string }) => {
      const { options } = await request('/api/passkeys/registration-options/', {
        method: 'POST',
        body: { ...(password ? { password } : {}), ...(code ? { code } : {}) },
        schema: passkeyOptionsResponseSchema,
      });
      const { startRegistration } = await import('@simplewebauthn/browser');
      const credential = await startRegistration({
        // The server's WebAuthn library wrote these options; the contract only checked their shape.
        optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
      });
      return request('/api/passkeys/', {
        method: 'POST',
        body: { name, credential },
        schema: passkeySchema,
      });
    },
  );

export const useRenamePasskey = () =>
  usePasskeysMutation(({ id, name }: { id: number; name: string }) =>
    request(`/api/passkeys/${id}/`, { method: 'PATCH', body: { name }, schema: passkeySchema }),
  );

export const useRemovePasskey = () =>
  usePasskeysMutation((id: number) => request(`/api/passkeys/${id}/`, { method: 'DELETE' }));
