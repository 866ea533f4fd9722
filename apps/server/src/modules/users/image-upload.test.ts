import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_IMAGE_MAX_BYTES } from '@portal/contract/users';
import { storageRemovals, users } from '../../db/schema/index';
import { sweepStorageRemovals } from '../../storage/removals';
import { multipart, type Part } from '../../test/multipart';
import { createUser } from '../../test/test-app';
import { useTestApp } from '../../test/test-world';
import { issueToken } from '../auth/tokens';
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from './images';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

const t = useTestApp();
const queuedForRemoval = async (key: string) =>
  (await t.db.select().from(storageRemovals).where(eq(storageRemovals.key, key))).length === 1;
let alice: Awaited<ReturnType<typeof createUser>>;
let bob: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let aliceToken: string;
let bobToken: string;
let staffToken: string;

const upload = (userId: number, parts: Part[], token?: string) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'PATCH',
    url: `/api/users/${userId}/`,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Token ${token}` } : {}) },
  });
};
const imageFile = (data: Buffer, filename = 'me.png', type = 'image/png'): Part => ({
  name: 'image',
  filename,
  type,
  data,
});
const storedFile = (url: string) => {
  const prefix = 'http://portal.test/media/';
  expect(url.startsWith(prefix)).toBe(true);
  return path.join(t.ctx.config.mediaDir, ...url.slice(prefix.length).split('/'));
};
const mediaFiles = async () => {
  const dir = path.join(t.ctx.config.mediaDir, 'users');
  return existsSync(dir) ? (await readdir(dir)).sort() : [];
};
const imageOf = async (userId: number) =>
  (await t.db.select({ image: users.image }).from(users).where(eq(users.id, userId)))[0]?.image;

beforeAll(async () => {
  alice = await createUser(t.db, { email: 'alice@client.test', firstName: 'Alice' });
  bob = await createUser(t.db, { email: 'bob@client.test' });
  staff = await createUser(t.db, { email: 'boss@studio.test', isSuperuser: true });
  const ttlMs = t.ctx.config.tokenIdleMs;
  aliceToken = (await issueToken(t.db, alice.id, { ttlMs })).token;
  bobToken = (await issueToken(t.db, bob.id, { ttlMs })).token;
  staffToken = (await issueToken(t.db, staff.id, { ttlMs })).token;
});

describe('PATCH /api/users/{id}/ as multipart', () => {
  it('stores a PNG re-encoded as WebP, fitted into 512×512, under a random name', async () => {
    const png = await picture(1000, 600).png().toBuffer();
    const res = await upload(
      alice.id,
      [
        { name: 'first_name', value: 'Alicia' },
        { name: 'last_name', value: 'Smith' },
        { name: 'phone', value: '555-0100' },
        imageFile(png, 'alice portrait.png'),
      ],
      aliceToken,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ image: string; first_name: string; last_name: string }>();
    expect(body).toMatchObject({ first_name: 'Alicia', last_name: 'Smith', phone: '555-0100' });
    expect(body.image).toMatch(/^http:\/\/portal\.test\/media\/users\/[0-9a-f]{32}\.webp$/);
    const stored = await readFile(storedFile(body.image));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 307 });

    // Served where the URL says, by the app itself.
    const served = await t.app.inject({ method: 'GET', url: new URL(body.image).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('strips EXIF metadata from a JPEG and applies its orientation', async () => {
    const jpeg = await picture(800, 400)
      .jpeg()
      .withExif({ IFD0: { Make: 'SpyCam', Copyright: 'GPS 51.5N 0.1W' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.exif).toBeDefined();
    expect(input.orientation).toBe(6);

    const res = await upload(bob.id, [imageFile(jpeg, 'photo.jpg', 'image/jpeg')], bobToken);
    expect(res.statusCode).toBe(200);
    const stored = await readFile(storedFile(res.json<{ image: string }>().image));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 turns the 800×400 landscape into a portrait, then fitted into 512×512.
    expect(meta).toMatchObject({ width: 256, height: 512 });
    expect(stored.includes(Buffer.from('SpyCam'))).toBe(false);
  });

  it('accepts WebP and GIF, judged by content whatever the name and declared type', async () => {
    const webp = await picture(64, 64).webp().toBuffer();
    const gif = await picture(64, 32).gif().toBuffer();
    const a = await upload(bob.id, [imageFile(webp, 'x.txt', 'text/plain')], bobToken);
    expect(a.statusCode).toBe(200);
    const b = await upload(bob.id, [imageFile(gif, 'x.bin', 'application/octet-stream')], bobToken);
    expect(b.statusCode).toBe(200);
    // Small images are not enlarged.
    const meta = await sharp(
      await readFile(storedFile(b.json<{ image: string }>().image)),
    ).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 32 });
  });

  it('accepts a photo of several megabytes, beyond the JSON body limit', async () => {
    const noise = randomBytes(1200 * 1000 * 3);
    const png = await sharp(noise, { raw: { width: 1200, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(png.length).toBeLessThan(USER_IMAGE_MAX_BYTES);
    const res = await upload(bob.id, [imageFile(png)], bobToken);
    expect(res.statusCode).toBe(200);
    const meta = await sharp(
      await readFile(storedFile(res.json<{ image: string }>().image)),
    ).metadata();
    expect(meta).toMatchObject({ width: 512, height: 427 });
  });

  it('replacing a picture queues the previous file, removed after the backup grace', async () => {
    const before = await imageOf(alice.id);
    expect(before).toBeTruthy();
    const res = await upload(
      alice.id,
      [imageFile(await picture(50, 50).png().toBuffer())],
      aliceToken,
    );
    expect(res.statusCode).toBe(200);
    const after = await imageOf(alice.id);
    expect(after).not.toBe(before);
    // Still there for a backup that dumped the database a moment ago (issue 28)…
    expect(existsSync(path.join(t.ctx.config.mediaDir, before!))).toBe(true);
    expect(await queuedForRemoval(before!)).toBe(true);
    // …and gone once the grace has passed.
    await sweepStorageRemovals(t.db, t.ctx.storage, { graceMs: 0 });
    expect(existsSync(path.join(t.ctx.config.mediaDir, before!))).toBe(false);
    expect(existsSync(path.join(t.ctx.config.mediaDir, after!))).toBe(true);
  });

  it('refuses a text file renamed .png with a 400 on image', async () => {
    const files = await mediaFiles();
    const res = await upload(
      alice.id,
      [imageFile(Buffer.from('this is not a picture\n'.repeat(20)), 'evil.png')],
      aliceToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ image: [NOT_AN_IMAGE] });
    expect(await mediaFiles()).toEqual(files);
  });

  it('refuses other image formats such as SVG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const res = await upload(alice.id, [imageFile(svg, 'a.png')], aliceToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ image: [NOT_AN_IMAGE] });
  });

  it('refuses a file over 5 MB with a 400 on image and keeps the old picture', async () => {
    const before = await imageOf(alice.id);
    const big = Buffer.concat([
      await picture(10, 10).png().toBuffer(),
      randomBytes(USER_IMAGE_MAX_BYTES),
    ]);
    const res = await upload(alice.id, [imageFile(big, 'huge.png')], aliceToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ image: [IMAGE_TOO_LARGE] });
    expect(await imageOf(alice.id)).toBe(before);
  });

  it('an empty file input changes the other fields only', async () => {
    const before = await imageOf(alice.id);
    const res = await upload(
      alice.id,
      [
        { name: 'phone', value: '555-0111' },
        { name: 'image', filename: '', type: 'application/octet-stream', data: Buffer.alloc(0) },
      ],
      aliceToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: '555-0111' });
    expect(await imageOf(alice.id)).toBe(before);
  });

  it('an empty image value removes the picture and deletes its file', async () => {
    const before = await imageOf(alice.id);
    expect(before).toBeTruthy();
    const res = await upload(alice.id, [{ name: 'image', value: '' }], aliceToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ image: null, first_name: 'Alicia' });
    expect(await imageOf(alice.id)).toBeNull();
    expect(await queuedForRemoval(before!)).toBe(true);
    await sweepStorageRemovals(t.db, t.ctx.storage, { graceMs: 0 });
    expect(existsSync(path.join(t.ctx.config.mediaDir, before!))).toBe(false);
  });

  it('JSON image null removes the picture too', async () => {
    const before = await imageOf(bob.id);
    expect(before).toBeTruthy();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${bob.id}/`,
      headers: { authorization: `Token ${bobToken}` },
      payload: { image: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ image: null });
    expect(await queuedForRemoval(before!)).toBe(true);
  });

  it('a text value for image that is not empty is a 400', async () => {
    const res = await upload(alice.id, [{ name: 'image', value: 'http://x/y.png' }], aliceToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('image');
  });

  it('validates multipart text fields like JSON ones', async () => {
    const res = await upload(alice.id, [{ name: 'phone', value: '1'.repeat(40) }], aliceToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ phone: ['Ensure this field has no more than 32 characters.'] });
  });

  it('ignores is_superuser and email from a regular user, honours them from staff', async () => {
    const own = await upload(
      bob.id,
      [
        { name: 'is_superuser', value: 'true' },
        { name: 'email', value: 'bob@evil.test' },
      ],
      bobToken,
    );
    expect(own.json()).toMatchObject({ is_superuser: false, email: 'bob@client.test' });
    const byStaff = await upload(bob.id, [{ name: 'last_name', value: 'Builder' }], staffToken);
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json()).toMatchObject({ last_name: 'Builder' });
  });

  it("answers 401 to a visitor and 404 on someone else's profile, storing nothing", async () => {
    const files = await mediaFiles();
    const png = await picture(20, 20).png().toBuffer();
    expect((await upload(alice.id, [imageFile(png)])).statusCode).toBe(401);
    const res = await upload(alice.id, [imageFile(png)], bobToken);
    expect(res.statusCode).toBe(404);
    expect(await mediaFiles()).toEqual(files);
  });

  it('answers 400, not 500, to a malformed multipart body', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${alice.id}/`,
      headers: {
        authorization: `Token ${aliceToken}`,
        'content-type': 'multipart/form-data; boundary=xyz',
      },
      payload: '--xyz\r\nContent-Disposition: form-data; name="phone"\r\n\r\n12',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('detail');
  });
});
