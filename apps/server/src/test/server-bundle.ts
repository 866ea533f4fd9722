import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../build';
import { serverRoot } from '../paths';

declare module 'vitest' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    serverBundle: string;
  }
}

/**
 * The tests that start the portal as its own process run what production runs: the compiled
 * bundle (decision 0052), built once per run into a folder of its own — so a run never reads a
 * stale `dist/`, and two runs never write each other's.
 */
// eslint-disable-next-line no-restricted-syntax -- Vitest loads global setup through a default export.
export default async function setup(project: TestProject) {
  const outdir = path.join(serverRoot, '.test-builds', `run-${process.pid}-${Date.now()}`);
  await buildServer(outdir);
  project.provide('serverBundle', path.join(outdir, 'main.js'));
  return () => rm(outdir, { recursive: true, force: true });
}
