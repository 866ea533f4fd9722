import type { Config } from '../config';
import { createDiskStorage } from './disk';
import { createS3Storage } from './s3';
import type { Storage } from './types';

export type { Storage, StoredFile } from './types';
export { StorageConfigError, StorageUnavailableError } from './types';

/** The configured driver. The interface lives in types.ts, so drivers never import this file. */
export const createStorage = (config: Pick<Config, 'storage' | 'mediaDir'>): Storage => {
  switch (config.storage.driver) {
    case 'disk':
      return createDiskStorage(config.mediaDir);
    case 's3':
      return createS3Storage(config.storage);
  }
};
