import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey } from './keys';
import type { Storage } from './storage';

/** Files under `root` (the directory app.ts serves at `/media/`). */
export const createDiskStorage = (root: string): Storage => {
  const resolve = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    put: async (key, body) => {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(partial, body, { mode: 0o644 });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    get: async (key) => {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    remove: async (key) => {
      await rm(resolve(key), { force: true });
    },
  };
};
