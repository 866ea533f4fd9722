import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientUser, ClientUserCreateRequest } from '@portal/contract/clients';
import { createResource } from '../../../lib/api';
import { clientKeys } from './keys';

export const clientUsersResource = createResource<ClientUser, ClientUserCreateRequest>(
  'client-users',
);

const byEmail = (a: ClientUser, b: ClientUser) =>
  a.user.email.toLowerCase().localeCompare(b.user.email.toLowerCase()) || a.id - b.id;

/** The users linked to a client, by email (staff only). */
export const useClientUsers = (clientId: number | undefined) =>
  useQuery({
    queryKey: clientKeys.users(clientId ?? 0),
    queryFn: ({ signal }) => clientUsersResource.all({ client: clientId, page_size: 100 }, signal),
    enabled: clientId !== undefined,
  });

/** Links a user by email; an unknown address is invited and gets an email to set a password. */
export const useAddClientUser = (clientId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => clientUsersResource.create({ client: clientId, email }),
    onSuccess: (link) =>
      queryClient.setQueryData<ClientUser[]>(clientKeys.users(clientId), (list) =>
        [...(list ?? []).filter((other) => other.id !== link.id), link].sort(byEmail),
      ),
  });
};

export const useRemoveClientUser = (clientId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => clientUsersResource.remove(linkId),
    onSuccess: (_answer, linkId) =>
      queryClient.setQueryData<ClientUser[]>(clientKeys.users(clientId), (list) =>
        list?.filter((link) => link.id !== linkId),
      ),
  });
};
