/** Every query key of the estimates area comes from here, so updates and invalidations agree. */
export const estimateKeys = {
  all: ['estimates'] as const,
  lists: () => [...estimateKeys.all, 'list'] as const,
  /** Every estimate in scope (null), or one project's. */
  list: (projectId: number | null = null) => [...estimateKeys.lists(), projectId] as const,
  /** Every estimate in a chosen order (`?ordering=`, issue 19); refetched after any change. */
  sorted: (ordering: string) => [...estimateKeys.all, 'sorted', ordering] as const,
  detail: (id: number) => [...estimateKeys.all, 'detail', id] as const,
  comments: (itemId: number) => [...estimateKeys.all, 'comments', itemId] as const,
  /** Moves of one estimate share a key: they run one after the other, in the order made. */
  moves: (id: number) => [...estimateKeys.all, 'moves', id] as const,
};
