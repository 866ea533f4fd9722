import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from './test-app';

/**
 * An object a `beforeAll` fills in place: a file can name it at its top (`const t = ...`) and
 * every test and helper below reads the filled one. Only for plain objects, as the test app and
 * the worlds are.
 */
const filledBeforeAll = <T extends object>(build: () => Promise<T>): T => {
  const target = {} as T;
  beforeAll(async () => {
    Object.assign(target, await build());
  });
  return target;
};

/** The real application for this file (see `createTestApp`), closed after its last test. */
export const useTestApp = (env: Record<string, string> = {}): TestContext => {
  const t = filledBeforeAll(() => createTestApp(env));
  afterAll(() => t.close());
  return t;
};

/**
 * The application and a world built on it for this file, as nearly every route test starts:
 * `const { t, w } = useTestWorld(createLeadWorld, 'ld');`. The prefix keeps the world's emails
 * apart from other files'. A file's own `beforeAll` after this line sees both filled.
 */
export const useTestWorld = <W extends object>(
  createWorld: (t: TestContext, prefix: string) => Promise<W>,
  prefix: string,
  env: Record<string, string> = {},
) => {
  const t = useTestApp(env);
  const w = filledBeforeAll(() => createWorld(t, prefix));
  return { t, w };
};
