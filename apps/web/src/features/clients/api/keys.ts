/** Every query key of the clients area, so updates and invalidations name the same data. */
export const clientKeys = {
  all: ['clients'] as const,
  list: () => [...clientKeys.all, 'list'] as const,
  detail: (slug: string) => [...clientKeys.all, 'detail', slug] as const,
  users: (clientId: number) => [...clientKeys.all, 'users', clientId] as const,
};
