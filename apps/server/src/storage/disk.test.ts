import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk';
import { randomKey } from './keys';
import type { Storage } from './types';

// What every driver does is in storage-contract.ts; this is what only the disk does.
let root: string;
let storage: Storage;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'portal-storage-'));
  storage = createDiskStorage(path.join(root, 'media'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('disk storage', () => {
  it('writes a file under its key, creating folders, and removes it', async () => {
    await storage.put('users/abc.webp', Buffer.from('hello'), 'image/webp');
    const file = path.join(root, 'media', 'users', 'abc.webp');
    expect(await readFile(file, 'utf8')).toBe('hello');
    // No temporary file is left behind.
    expect(await readdir(path.dirname(file))).toEqual(['abc.webp']);
    await storage.remove('users/abc.webp');
    expect(existsSync(file)).toBe(false);
  });

  it('treats removing a missing file as done', async () => {
    await expect(storage.remove('users/never-there.webp')).resolves.toBeUndefined();
    await expect(storage.get('users/never-there.webp')).resolves.toBeNull();
  });

  it('refuses keys that could leave the storage root', async () => {
    for (const key of ['../secret', 'users/../../x', '/etc/passwd', 'users//x', '', 'a\\b', '.x'])
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
        /invalid storage key/,
      );
    await expect(storage.remove('../secret-key')).rejects.toThrow(/invalid storage key/);
    await expect(storage.get('../secret-key')).rejects.toThrow(/invalid storage key/);
    expect(existsSync(path.join(root, 'secret'))).toBe(false);
  });

  it('lists neither a file still being written nor one under a name no key can have', async () => {
    const media = path.join(root, 'listed');
    const listed = async () => {
      const keys: string[] = [];
      for await (const key of createDiskStorage(media).list()) keys.push(key);
      return keys.sort();
    };
    expect(await listed()).toEqual([]);
    await createDiskStorage(media).put('users/kept.webp', Buffer.from('x'), 'image/webp');
    await mkdir(path.join(media, 'users'), { recursive: true });
    await writeFile(path.join(media, 'users', 'next.webp.0a1b2c.partial'), 'half');
    await writeFile(path.join(media, 'users', 'Copy of kept (1).webp'), 'by hand');
    await writeFile(path.join(media, '.DS_Store'), 'by a desktop');
    expect(await listed()).toEqual(['users/kept.webp']);
  });

  it('makes random keys that differ every time', () => {
    const a = randomKey('users', 'webp');
    expect(a).toMatch(/^users\/[0-9a-f]{32}\.webp$/);
    expect(randomKey('users', 'webp')).not.toBe(a);
  });
});
