import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import mime from 'mime-types';
import { assertValidKey, isValidKey } from './keys';
import { StorageConfigError, type Storage } from './types';

const PARTIAL = '.partial';

/** Files under `root`; the content type of a file is taken from its extension. */
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
      const partial = `${file}.${randomBytes(6).toString('hex')}${PARTIAL}`;
      try {
        await writeFile(partial, body, { mode: 0o644 });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    get: async (key) => {
      const file = resolve(key);
      // Opened first so a missing file is a null, not an error on the stream later.
      const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR')
          return null;
        throw error;
      });
      if (!handle) return null;
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return {
        body: createReadStream(file, { fd: handle }),
        contentType: mime.lookup(file) || 'application/octet-stream',
        size: stat.size,
      };
    },
    remove: async (key) => {
      await rm(resolve(key), { force: true });
    },
    list: async function* () {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        },
      );
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(PARTIAL)) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name));
        const slashed = key.split(path.sep).join('/');
        // A file put there by hand under a name no key can have is never served: not the portal's.
        if (isValidKey(slashed)) yield slashed;
      }
    },
    check: async () => {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK).catch(() => {
        throw new StorageConfigError(`Storage: cannot write to the media folder ${root}`);
      });
    },
  };
};
