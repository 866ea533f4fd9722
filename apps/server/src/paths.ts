import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The server package's folder (the nearest one up holding `package.json`), whether this code runs
 * from `src/` (tests, `npm run dev`) or from a bundle (`dist/`, or a test's build): in a bundle
 * every module shares the bundle's `import.meta`, so paths are found here and nowhere else.
 */
const findServerRoot = (from: string): string =>
  existsSync(path.join(from, 'package.json')) || path.dirname(from) === from
    ? from
    : findServerRoot(path.dirname(from));

export const serverRoot = findServerRoot(import.meta.dirname);

/** The repository's root: the default home of `data/` and of the web app's build. */
export const repoRoot = path.resolve(serverRoot, '../..');

/** Drizzle's migration files, shipped beside the code (not bundled). */
export const migrationsFolder = path.join(serverRoot, 'drizzle');

/** The API reference's page assets (swagger-ui), in the installed plugin's package. */
export const swaggerUiAssets = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')),
  'static',
);
