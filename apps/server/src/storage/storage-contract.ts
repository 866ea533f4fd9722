import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { Storage } from './types';

/**
 * What every storage driver promises, run against each of them (storage.test.ts). `make` is
 * called once the suite starts, after the driver's server is up.
 */
export const storageContract = (name: string, make: () => Storage) =>
  describe(`storage contract: ${name}`, () => {
    it('gives back what was put, as a stream with its type and size', async () => {
      const storage = make();
      const body = Buffer.from('a file worth keeping\n'.repeat(1000));
      await storage.put('contract/a1.txt', body, 'text/plain');
      const file = await storage.get('contract/a1.txt');
      expect(file).not.toBeNull();
      expect(file?.contentType).toMatch(/^text\/plain/);
      expect(file?.size).toBe(body.length);
      expect(file && (await text(file.body))).toBe(body.toString());
    });

    it('keeps binary files byte for byte and nests folders', async () => {
      const storage = make();
      const body = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      await storage.put('contract/deep/er/b2.webp', body, 'image/webp');
      const file = await storage.get('contract/deep/er/b2.webp');
      expect(file?.contentType).toBe('image/webp');
      const chunks: Buffer[] = [];
      for await (const chunk of file?.body ?? []) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(body)).toBe(true);
    });

    it('replaces a file put again under the same key', async () => {
      const storage = make();
      await storage.put('contract/c3.txt', Buffer.from('first'), 'text/plain');
      await storage.put('contract/c3.txt', Buffer.from('second'), 'text/plain');
      const file = await storage.get('contract/c3.txt');
      expect(file && (await text(file.body))).toBe('second');
    });

    it('answers null for a key that holds nothing, and for a folder', async () => {
      const storage = make();
      expect(await storage.get('contract/never-there.txt')).toBeNull();
      await storage.put('contract/folder/d4.txt', Buffer.from('x'), 'text/plain');
      expect(await storage.get('contract/folder')).toBeNull();
    });

    it('removes a file, and treats removing a missing one as done', async () => {
      const storage = make();
      await storage.put('contract/e5.txt', Buffer.from('bye'), 'text/plain');
      await storage.remove('contract/e5.txt');
      expect(await storage.get('contract/e5.txt')).toBeNull();
      await expect(storage.remove('contract/e5.txt')).resolves.toBeUndefined();
    });

    it('lists every key it holds, and none it removed', async () => {
      const storage = make();
      const keys = ['contract/list/f6.txt', 'contract/list/deep/g7.webp'];
      for (const key of keys) await storage.put(key, Buffer.from(key), 'text/plain');
      await storage.put('contract/list/h8.txt', Buffer.from('gone'), 'text/plain');
      await storage.remove('contract/list/h8.txt');
      const listed: string[] = [];
      for await (const key of storage.list()) listed.push(key);
      expect(listed.filter((key) => key.startsWith('contract/list/')).sort()).toEqual(keys.sort());
    });

    it('refuses keys that could leave the storage root', async () => {
      const storage = make();
      for (const key of [
        '../secret',
        'users/../../x',
        '/etc/passwd',
        'users//x',
        '',
        'a\\b',
        '.x',
      ]) {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
          /invalid storage key/,
        );
        await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
      }
      await expect(storage.remove('../secret-key')).rejects.toThrow(/invalid storage key/);
    });

    it('passes its own check when usable', async () => {
      await expect(make().check()).resolves.toBeUndefined();
    });
  });
