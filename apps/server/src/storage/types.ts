import type { Readable } from 'node:stream';

/** A stored file as a driver hands it back: read `body` once, to the end or destroy it. */
export type StoredFile = { body: Readable; contentType: string; size: number };

/**
 * Where uploaded files live. Keys are relative, slash-separated paths (`users/ab12….webp`) that
 * the app serves under `/media/{key}`; drivers never trust a key they did not validate.
 * Every driver passes the one contract suite in `storage-contract.ts`.
 */
export type Storage = {
  /** Stores `body` under `key`, replacing what was there; readers never see half a file. */
  put: (key: string, body: Buffer, contentType: string) => Promise<void>;
  /** The file as a stream, or null when there is no such key. */
  get: (key: string) => Promise<StoredFile | null>;
  /** Deletes the file; a key that is already gone is not an error. */
  remove: (key: string) => Promise<void>;
  /**
   * Every key it holds, in no set order, for backups (ops/backup.ts); a file still being written
   * is not listed. An iterable, so a bucket is read a page at a time as the caller goes.
   */
  list: () => AsyncIterable<string>;
  /**
   * Throws a StorageConfigError when the storage cannot be used as configured, a
   * StorageUnavailableError when it cannot be reached (start-up and the storage probe).
   */
  check: () => Promise<void>;
};

/** Storage that cannot work as configured (missing bucket, refused credentials…). */
export class StorageConfigError extends Error {}

/**
 * Storage that cannot be reached or answered with its own failure (a network error, a 5xx): the
 * request that needed a file answers 503 with Retry-After, and everything else goes on (issue 28).
 */
export class StorageUnavailableError extends Error {}
