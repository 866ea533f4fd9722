/** Every query key of the test plan area, so updates and invalidations name the same data. */
export const testPlanKeys = {
  all: ['test-plans'] as const,
  milestone: (id: number) => [...testPlanKeys.all, 'milestone', id] as const,
  /** The milestone's flows, each with its steps, in order. */
  flows: (milestoneId: number) => [...testPlanKeys.all, 'flows', milestoneId] as const,
  /** Moves of one plan share a key: they run one after the other, in the order made. */
  moves: (milestoneId: number) => [...testPlanKeys.all, 'moves', milestoneId] as const,
  /** The projects the caller may see, to name and link the milestone's project. */
  projects: () => [...testPlanKeys.all, 'projects'] as const,
};
