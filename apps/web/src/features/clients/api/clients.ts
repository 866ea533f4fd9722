import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Client, ClientCreateRequest, ClientUpdateRequest } from '@portal/contract/clients';
import { createResource } from '../../../lib/api';
import { upsertByName } from '../../projects/lib/format';
import { clientKeys } from './keys';

export const clientsResource = createResource<
  Client,
  ClientCreateRequest,
  ClientUpdateRequest,
  string
>('clients');

/** Every client, sorted by name (staff only). */
export const useClients = (enabled = true) =>
  useQuery({
    queryKey: clientKeys.list(),
    queryFn: ({ signal }) => clientsResource.all({ page_size: 100 }, signal),
    enabled,
  });

export const useClient = (slug: string) =>
  useQuery({
    queryKey: clientKeys.detail(slug),
    queryFn: ({ signal }) => clientsResource.get(slug, signal),
  });

/** Keeps the list and the detail in step with a client the server just answered. */
const useRemember = () => {
  const queryClient = useQueryClient();
  return (client: Client) => {
    queryClient.setQueryData(clientKeys.detail(client.slug), client);
    queryClient.setQueryData<Client[]>(clientKeys.list(), (list) =>
      list ? upsertByName(list, client) : list,
    );
  };
};

export const useCreateClient = () => {
  const remember = useRemember();
  return useMutation({
    mutationFn: (body: ClientCreateRequest) => clientsResource.create(body),
    onSuccess: remember,
  });
};

export const useUpdateClient = (slug: string) => {
  const remember = useRemember();
  return useMutation({
    // The slug names the client in the path and never changes, so it is not sent (spec §4).
    mutationFn: (body: ClientUpdateRequest) =>
      clientsResource.update(slug, { name: body.name, is_internal: body.is_internal }),
    onSuccess: remember,
  });
};

export const useDeleteClient = (slug: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clientsResource.remove(slug),
    onSuccess: () => {
      queryClient.setQueryData<Client[]>(clientKeys.list(), (list) =>
        list?.filter((client) => client.slug !== slug),
      );
      queryClient.removeQueries({ queryKey: clientKeys.detail(slug) });
    },
  });
};
