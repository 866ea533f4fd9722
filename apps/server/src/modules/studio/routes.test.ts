import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { STUDIO_LOGO_MAX_BYTES } from '@portal/contract/studio';
import { studio } from '../../db/schema/index';
import { multipart, type Part } from '../../test/multipart';
import { createUser } from '../../test/test-app';
import { useTestWorld } from '../../test/test-world';
import { createStudioSource } from '../../studio/source';
import { sweepStorageRemovals } from '../../storage/removals';
import { issueToken } from '../auth/tokens';
import { createWorld, DENIED, UNAUTHENTICATED } from '../clients/test-fixtures';
import { imageTooLarge, NOT_AN_IMAGE } from '../../storage/images';

const { t, w } = useTestWorld(createWorld, 'st');
let loner: string;
let impersonator: string;

beforeAll(async () => {
  const nobody = await createUser(t.db, { email: 'st-nobody@example.test' });
  loner = (await issueToken(t.db, nobody.id, { ttlMs: 60_000 })).token;
  impersonator = (
    await issueToken(t.db, w.users.member.id, { ttlMs: 60_000, impersonatorId: w.users.staff.id })
  ).token;
});

const DEFAULTS = {
  name: 'Studio Portal',
  logo_url: null,
  accent_color: '#4f46e5',
  website: '',
  email_footer: '',
  legal_name: '',
  address: '',
  tax_id: '',
  estimate_validity_days: 30,
};

/** Every caller who is not a superuser, and what each gets for a change. */
const refused = (): [string, string | null, object, number][] => [
  ['a visitor', null, UNAUTHENTICATED, 401],
  ['a client user', w.tokens.member, DENIED, 403],
  ['a signed-in user with no client', loner, DENIED, 403],
  ['staff impersonating a client user', impersonator, DENIED, 403],
];

const call = (
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Token ${token}` } } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const uploadLogo = (parts: Part[], token: string | null = w.tokens.staff) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/studio/logo/',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Token ${token}` } : {}) },
  });
};
const logoPart = (data: Buffer, type = 'image/png', filename = 'logo.png'): Part => ({
  name: 'logo',
  filename,
  type,
  data,
});
const image = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 600, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } } })
    .toFormat(format)
    .toBuffer();
const storedFile = (url: string) =>
  path.join(t.ctx.config.mediaDir, ...url.slice('http://portal.test/media/'.length).split('/'));

const current = async () => (await call('GET', '/api/studio/', null)).json() as typeof DEFAULTS;

describe('GET /api/studio/', () => {
  it('answers anyone, signed in or not, with the defaults until someone edits it', async () => {
    for (const token of [null, w.tokens.member, loner, w.tokens.staff]) {
      const res = await call('GET', '/api/studio/', token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(DEFAULTS);
    }
  });
});

describe('PATCH /api/studio/', () => {
  it.each([0, 1, 2, 3])('refuses every caller but a superuser (%i)', async (index) => {
    const [, token, body, status] = refused()[index] ?? [];
    const res = await call('PATCH', '/api/studio/', token ?? null, { name: 'Taken over' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(body);
    expect((await current()).name).not.toBe('Taken over');
  });

  it('lets a superuser set the brand and the letterhead, which everyone then reads', async () => {
    const res = await call('PATCH', '/api/studio/', w.tokens.staff, {
      name: '  Northwind Design Studio ',
      accent_color: '#0F766E',
      website: 'https://northwind.example',
      email_footer: 'Northwind Design Studio · 1 Harbour Street, Bristol',
      legal_name: 'Northwind Design Ltd',
      address: '1 Harbour Street\nBristol BS1 4QA',
      tax_id: 'GB123456789',
      estimate_validity_days: '45',
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      ...DEFAULTS,
      name: 'Northwind Design Studio',
      accent_color: '#0f766e',
      website: 'https://northwind.example',
      email_footer: 'Northwind Design Studio · 1 Harbour Street, Bristol',
      legal_name: 'Northwind Design Ltd',
      address: '1 Harbour Street\nBristol BS1 4QA',
      tax_id: 'GB123456789',
      estimate_validity_days: 45,
    };
    expect(res.json()).toEqual(expected);
    expect(await current()).toEqual(expected);
    // A blank website clears it; fields not sent stay as they were.
    const cleared = await call('PATCH', '/api/studio/', w.tokens.staff, { website: '' });
    expect(cleared.json()).toEqual({ ...expected, website: '' });
  });

  it.each([
    [
      { accent_color: '#ffff00' },
      'accent_color',
      /too light: white text on it has a contrast of 1\.0:1/,
    ],
    [{ accent_color: '#a5b4fc' }, 'accent_color', /WCAG AA needs 4\.5:1/],
    [{ accent_color: 'teal' }, 'accent_color', /#rrggbb/],
    [{ accent_color: 7 }, 'accent_color', /Not a valid string/],
    [{ name: '   ' }, 'name', /may not be blank/],
    [{ name: 'x'.repeat(101) }, 'name', /no more than 100 characters/],
    [{ website: 'ftp://northwind.example' }, 'website', /valid URL/],
    [{ email_footer: 'x'.repeat(501) }, 'email_footer', /no more than 500 characters/],
    [{ tax_id: 'x'.repeat(51) }, 'tax_id', /no more than 50 characters/],
    [{ estimate_validity_days: 0 }, 'estimate_validity_days', /greater than or equal to 1/],
    [{ estimate_validity_days: 366 }, 'estimate_validity_days', /less than or equal to 365/],
    [{ estimate_validity_days: 'soon' }, 'estimate_validity_days', /valid integer/],
  ])('refuses %j with a 400 naming %s, and changes nothing', async (body, field, message) => {
    const before = await current();
    const res = await call('PATCH', '/api/studio/', w.tokens.staff, {
      name: 'Half written',
      ...body,
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json() as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]?.[0]).toMatch(message);
    expect(await current()).toEqual(before);
  });
});

describe('the logo', () => {
  it('is refused to everyone but a superuser', async () => {
    for (const [, token, body, status] of refused()) {
      const res = await uploadLogo([logoPart(await image('png'))], token);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
      const removal = await call('DELETE', '/api/studio/logo/', token);
      expect(removal.statusCode).toBe(status);
    }
    expect((await current()).logo_url).toBeNull();
  });

  it.each(['png', 'jpeg', 'webp'] as const)(
    'takes a %s, stores it re-encoded as a PNG and serves it',
    async (format) => {
      const res = await uploadLogo([logoPart(await image(format), `image/${format}`)]);
      expect(res.statusCode).toBe(200);
      const url = (res.json() as { logo_url: string }).logo_url;
      expect(url).toMatch(/^http:\/\/portal\.test\/media\/studio\/[0-9a-f]{32}\.png$/);
      expect((await sharp(storedFile(url)).metadata()).format).toBe('png');
      const served = await t.app.inject({
        method: 'GET',
        url: url.slice('http://portal.test'.length),
      });
      expect(served.statusCode).toBe(200);
      expect((await current()).logo_url).toBe(url);
    },
  );

  it('queues the file it replaces, and the last one when the logo is removed', async () => {
    const first = (
      (await uploadLogo([logoPart(await image('png'))])).json() as { logo_url: string }
    ).logo_url;
    const second = (
      (await uploadLogo([logoPart(await image('jpeg'), 'image/jpeg')])).json() as {
        logo_url: string;
      }
    ).logo_url;
    // Kept through the backup grace (issue 28), then swept.
    expect(existsSync(storedFile(first))).toBe(true);
    await sweepStorageRemovals(t.db, t.ctx.storage, { graceMs: 0 });
    expect(existsSync(storedFile(first))).toBe(false);
    expect(existsSync(storedFile(second))).toBe(true);
    const removed = await call('DELETE', '/api/studio/logo/', w.tokens.staff);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as { logo_url: null }).logo_url).toBeNull();
    await sweepStorageRemovals(t.db, t.ctx.storage, { graceMs: 0 });
    expect(existsSync(storedFile(second))).toBe(false);
  });

  it.each([
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
      NOT_AN_IMAGE,
    ],
    ['a GIF', null, 'image/gif', NOT_AN_IMAGE],
    ['text claiming to be a PNG', Buffer.from('not an image at all'), 'image/png', NOT_AN_IMAGE],
    ['an empty file', Buffer.alloc(0), 'image/png', 'The submitted file is empty.'],
    [
      'a file over 2 MB',
      Buffer.alloc(STUDIO_LOGO_MAX_BYTES + 1, 1),
      'image/png',
      imageTooLarge(STUDIO_LOGO_MAX_BYTES),
    ],
  ])('refuses %s with a 400 on logo and keeps the current one', async (_, data, type, message) => {
    const before = (await current()).logo_url;
    const res = await uploadLogo([logoPart(data ?? (await image('gif')), type)]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ logo: [message] });
    expect((await current()).logo_url).toBe(before);
  });

  it('needs a file', async () => {
    const res = await uploadLogo([{ name: 'name', value: 'no file here' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ logo: ['No file was submitted.'] });
    const json = await call('POST', '/api/studio/logo/', w.tokens.staff, {});
    expect(json.statusCode).toBe(400);
  });
});

describe('the studio in memory', () => {
  it('is read again by another process after a change, told by NOTIFY', async () => {
    const other = createStudioSource(t.db, t.ctx.config);
    try {
      // Kept once it listens: the same answer twice, without reading the row again.
      await vi.waitFor(async () => expect(await other.current()).toBe(await other.current()));
      const res = await call('PATCH', '/api/studio/', w.tokens.staff, { tax_id: 'NOTIFIED-1' });
      expect(res.statusCode).toBe(200);
      await vi.waitFor(async () => expect((await other.current()).tax_id).toBe('NOTIFIED-1'));
      // A change by hand, outside the API, is heard too.
      await t.db.update(studio).set({ taxId: 'BY-HAND' });
      await vi.waitFor(async () => expect((await other.current()).tax_id).toBe('BY-HAND'));
      await vi.waitFor(async () => expect((await current()).tax_id).toBe('BY-HAND'));
    } finally {
      await other.stop();
    }
  });
});

describe('emails', () => {
  it("go out under the studio's name, with its footer and website", async () => {
    await call('PATCH', '/api/studio/', w.tokens.staff, {
      name: 'Northwind Design Studio',
      email_footer: 'Northwind, 1 Harbour Street',
      website: 'https://northwind.example',
    });
    t.mail.clear();
    const res = await call('POST', '/api/password-reset/', null, { email: w.users.member.email });
    expect(res.statusCode).toBe(200);
    await t.mail.flush();
    const [email] = t.mail.to(w.users.member.email);
    expect(email?.raw).toMatch(/^From: Northwind Design Studio <no-reply@portal\.test>/m);
    expect(email?.subject).toBe('Reset your Northwind Design Studio password');
    expect(email?.text).toContain('Northwind, 1 Harbour Street');
    expect(email?.text).toContain('https://northwind.example');
  });
});
