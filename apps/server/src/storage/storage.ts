import type { Config } from '../config';
import { createDiskStorage } from './disk';
import type { Storage } from './types';

export type { Storage, StoredFile } from './types';
export { StorageConfigError, StorageUnavailableError } from './types';

/**
 * The configured driver. The interface lives in types.ts, so drivers never import this file; the
 * S3 SDK is loaded only by a portal that uses it (~30 MB a process otherwise, decision 0052).
 */
export const createStorage = async (
  config: Pick<Config, 'storage' | 'mediaDir'>,
): Promise<Storage> => {
  switch (config.storage.driver) {
    case 'disk':
      return createDiskStorage(config.mediaDir);
    case 's3': {
      const { createS3Storage } = await import('./s3');
      return createS3Storage(config.storage);
    }
  }
};
