/** Every query key of the modeling area comes from here, so updates and invalidations agree. */
export const canvasKeys = {
  all: ['canvases'] as const,
  list: () => [...canvasKeys.all, 'list'] as const,
  detail: (id: number) => [...canvasKeys.all, 'detail', id] as const,
  versions: (id: number) => [...canvasKeys.all, 'versions', id] as const,
};
