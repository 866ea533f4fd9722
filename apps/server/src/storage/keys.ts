import { randomBytes } from 'node:crypto';

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** Whether a key stays inside the storage root and names nothing odd. */
export const isValidKey = (key: string) =>
  key.length <= 200 && KEY_PATTERN.test(key) && !key.split('/').some((s) => s.includes('..'));

/** Rejects keys that could escape the storage root or name something odd. */
export const assertValidKey = (key: string) => {
  if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
};

/** A fresh, unguessable key in `folder`, so uploads never collide or reveal their owner. */
export const randomKey = (folder: string, extension: string) =>
  `${folder}/${randomBytes(16).toString('hex')}.${extension}`;

/**
 * Keys under this folder are never served at `/media/`: their module serves them through the
 * API with its own permissions (test run attachments, decision 0019).
 */
export const PRIVATE_FOLDER = 'private';
export const isPrivateKey = (key: string) =>
  key.replace(/^\/+/, '').startsWith(`${PRIVATE_FOLDER}/`);
