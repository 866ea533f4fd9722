import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { createResource } from '../../../lib/api';

type Resource<Item, Create, Update> = ReturnType<typeof createResource<Item, Create, Update>>;

/** What a project child's form saves: a create in the project, or an update of one record. */
export type ProjectChildSave<Create, Update> =
  { kind: 'create'; body: Create } | { kind: 'update'; id: number; body: Update };

/** The list with `saved` in place of the record of its id, or, when it is new, `added`. */
export const replaceOr = <Item extends { id: number }>(
  list: readonly Item[],
  saved: Item,
  added: () => Item[],
) =>
  list.some((item) => item.id === saved.id)
    ? list.map((item) => (item.id === saved.id ? saved : item))
    : added();

/**
 * The query and write hooks of a project's child resource (milestones, notes, phases): the
 * project's whole list, a save (create or update) and a delete, each writing its answer into
 * that cached list. What differs is declared: `place(list, saved)` puts a saved record where
 * the server lists it (newest first, last, in the phases' order), and `refetchAfterDelete`
 * asks for the list again once a delete settles (the server renumbered the rest).
 */
export const projectChildHooks = <Item extends { id: number }, Create, Update>({
  resource,
  key,
  place,
  refetchAfterDelete = false,
}: {
  resource: Resource<Item, Create, Update>;
  key(projectId: number): QueryKey;
  place(list: readonly Item[], saved: Item): Item[];
  refetchAfterDelete?: boolean;
}) => ({
  useList: (projectId: number) =>
    useQuery({
      queryKey: key(projectId),
      queryFn: ({ signal }) => resource.all({ project: projectId, page_size: 100 }, signal),
    }),

  useSave: (projectId: number) => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (save: ProjectChildSave<Create, Update>) =>
        save.kind === 'create' ? resource.create(save.body) : resource.update(save.id, save.body),
      onSuccess: (saved) =>
        queryClient.setQueryData<Item[]>(key(projectId), (list = []) => place(list, saved)),
    });
  },

  useRemove: (projectId: number) => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (id: number) => resource.remove(id),
      onSuccess: (_answer, id) =>
        queryClient.setQueryData<Item[]>(key(projectId), (list) =>
          list?.filter((item) => item.id !== id),
        ),
      onSettled: refetchAfterDelete
        ? () => queryClient.invalidateQueries({ queryKey: key(projectId) })
        : undefined,
    });
  },
});
