import type { Config } from '../config';
import { createDiskStorage } from './disk';

/**
 * Where uploaded files live. Keys are relative, slash-separated paths (`users/ab12….webp`) that
 * the app serves under `/media/{key}`; drivers never trust a key they did not validate.
 */
export type Storage = {
  put: (key: string, body: Buffer, contentType: string) => Promise<void>;
  /** The file's bytes, or null when there is none (files served through the API, not `/media/`). */
  get: (key: string) => Promise<Buffer | null>;
  /** Deletes the file; a key that is already gone is not an error. */
  remove: (key: string) => Promise<void>;
};

export const createStorage = (config: Pick<Config, 'storageDriver' | 'mediaDir'>): Storage => {
  switch (config.storageDriver) {
    case 'disk':
      return createDiskStorage(config.mediaDir);
  }
};
