/** Every query key of the projects area, so updates and invalidations name the same data. */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  /** Every project the caller may see, or one client's (by slug). */
  list: (clientSlug: string | null = null) => [...projectKeys.lists(), clientSlug] as const,
  /** Every project in a chosen order (`?ordering=`, issue 19); refetched after any change. */
  sorted: (ordering: string) => [...projectKeys.all, 'sorted', ordering] as const,
  detail: (slug: string) => [...projectKeys.all, 'detail', slug] as const,
  phases: (projectId: number) => [...projectKeys.all, projectId, 'phases'] as const,
  notes: (projectId: number) => [...projectKeys.all, projectId, 'notes'] as const,
  milestones: (projectId: number) => [...projectKeys.all, projectId, 'milestones'] as const,
  milestoneTestStates: (projectId: number) =>
    [...projectKeys.all, projectId, 'milestone-test-states'] as const,
};

export const phaseKeys = {
  all: ['phases'] as const,
};
