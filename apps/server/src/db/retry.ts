const DEADLOCK = '40P01';
const ATTEMPTS = 3;

const isDeadlock = (error: unknown): boolean => {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if ((e as Error & { code?: string }).code === DEADLOCK) return true;
  return false;
};

/**
 * Runs a reordering transaction again when PostgreSQL picked it as a deadlock victim. Writes to
 * ordered children take their parents' locks up front in id order, so a cycle needs a rare race
 * (a child moved elsewhere between the read and the lock); the retry turns that into a short
 * wait. Used by every ordered area (estimate sections and items, test flows and steps).
 */
export const retryOnDeadlock = async <T>(run: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
};
