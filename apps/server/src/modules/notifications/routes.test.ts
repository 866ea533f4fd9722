import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@portal/contract/notifications';
import { clientUsers, notifications, notificationSettings } from '../../db/schema/index';
import { createUser } from '../../test/test-app';
import { issueToken } from '../auth/tokens';
import { useTestWorld } from '../../test/test-world';
import { NOT_FOUND, UNAUTHENTICATED } from '../clients/test-fixtures';
import { createEstimateWorld } from '../estimates/test-fixtures';
import { sendDigests, sendInstantEmails, unsubscribeLink } from './emails';
import { NOTIFICATION_CHANNEL, notifyItemComment } from './notify';

const { t, w } = useTestWorld(createEstimateWorld, 'ntf');
let colleagueId: number;

const COMMENTS = '/api/estimate-item-comments/';
const LIST = '/api/notifications/';

const comment = async (role: 'staff' | 'member' | 'outsider', content: string, item?: number) => {
  const res = await w.as(role).post(COMMENTS, { item: item ?? w.items.acme.id, content });
  expect(res.statusCode).toBe(201);
};
const listOf = async (role: 'staff' | 'member' | 'outsider', query = '') => {
  const res = await w.as(role).get(`${LIST}${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ count: number; results: Notification[] }>();
};
const rowsFor = (userId: number) =>
  t.db.select().from(notifications).where(eq(notifications.recipientId, userId));

beforeAll(async () => {
  // A second user of Acme: hears of comments by the first.
  const colleague = await createUser(t.db, { email: 'ntf-colleague@acme.test', firstName: 'Cy' });
  colleagueId = colleague.id;
  await t.db.insert(clientUsers).values({ clientId: w.acme.id, userId: colleague.id });
});

describe('who hears of an estimate item comment', () => {
  it('staff and the client’s other users, never the author or another client', async () => {
    await comment('member', 'Is the wireframe round two included?');
    const staff = await listOf('staff');
    expect(staff.count).toBe(1);
    expect(staff.results[0]).toEqual({
      id: expect.any(Number),
      verb: 'commented',
      actor: { id: w.users.member.id, name: 'Dana Reyes' },
      target: { type: 'estimate_item', id: w.items.acme.id, label: 'Wireframes' },
      text: 'Dana Reyes commented on “Wireframes”: Is the wireframe round two included?',
      url: `/estimates/${w.estimates.acme.id}?item=${w.items.acme.id}`,
      read_at: null,
      created_at: expect.any(String),
    });
    expect((await listOf('member')).count).toBe(0);
    expect((await listOf('outsider')).count).toBe(0);
    expect(await rowsFor(colleagueId)).toHaveLength(1);
  });

  it('a mention reaches the person named, as a mention, and only people who may see it', async () => {
    await comment('staff', `@${w.users.member.email} @${w.users.outsider.email} please confirm`);
    const [mention] = (await listOf('member')).results;
    expect(mention).toMatchObject({
      verb: 'mentioned',
      text: 'Lee Park mentioned you on “Wireframes”',
    });
    // Globex's user cannot see Acme's estimate: mentioning them tells them nothing.
    expect((await listOf('outsider')).count).toBe(0);
    const colleague = await rowsFor(colleagueId);
    expect(colleague.map((n) => n.verb).sort()).toEqual(['commented', 'commented']);
  });

  it('a deleted comment’s words leave the bell and the emails still to be sent; Undo puts them back', async () => {
    const res = await w.as('member').post(COMMENTS, {
      item: w.items.acme.id,
      content: 'Please  drop\nthe secret plan',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: number }>().id;
    const newest = async () => (await listOf('staff')).results[0]?.text;
    expect(await newest()).toBe(
      'Dana Reyes commented on “Wireframes”: Please drop the secret plan',
    );

    expect((await w.as('member').delete(`${COMMENTS}${id}/`)).statusCode).toBe(204);
    expect(await newest()).toBe('Dana Reyes commented on “Wireframes”');
    const stored = await t.db.select().from(notifications).where(eq(notifications.commentId, id));
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain('secret');

    expect((await w.as('member').post(`${COMMENTS}${id}/restore/`)).statusCode).toBe(200);
    expect(await newest()).toBe(
      'Dana Reyes commented on “Wireframes”: Please drop the secret plan',
    );
  });

  it('a failed change writes no notification and notifies no listener', async () => {
    const listener = new pg.Client({ connectionString: t.ctx.db.$client.options.connectionString });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
    const before = (await t.db.select().from(notifications)).length;
    await expect(
      t.db.transaction(async (tx) => {
        await notifyItemComment(tx, {
          actorId: w.users.member.id,
          itemId: w.items.acme.id,
          commentId: 1,
          content: 'Rolled back',
        });
        throw new Error('the change fails after notifying');
      }),
    ).rejects.toThrow('the change fails');
    // A comment on an item outside the caller's scope fails too, with a 400.
    const refused = await w.as('outsider').post(COMMENTS, { item: w.items.acme.id, content: 'x' });
    expect(refused.statusCode).toBe(400);
    // A committed one is heard, so the silence above is not the listener's fault.
    await comment('outsider', 'Globex asks', w.items.globex.id);
    await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0));
    const after = await t.db.select().from(notifications);
    expect(after.length).toBe(before + heard.length);
    expect(after.filter((n) => n.quote === 'Rolled back')).toEqual([]);
    await listener.end();
  });
});

describe('reading notifications', () => {
  it('counts, lists unread, marks one and all read', async () => {
    const member = w.as('member');
    expect((await member.get(`${LIST}unread-count/`)).json()).toEqual({ count: 1 });
    const [mine] = (await listOf('member', '?unread=true')).results;
    const read = await member.post(`${LIST}${mine?.id}/read/`);
    expect(read.statusCode).toBe(200);
    expect(read.json().read_at).not.toBeNull();
    expect((await member.get(`${LIST}unread-count/`)).json()).toEqual({ count: 0 });
    expect((await listOf('member', '?unread=true')).count).toBe(0);
    expect((await listOf('member')).count).toBe(1);
    const staff = w.as('staff');
    expect((await staff.get(`${LIST}unread-count/`)).json().count).toBeGreaterThan(0);
    expect((await staff.post(`${LIST}read-all/`)).json().marked).toBeGreaterThan(0);
    expect((await staff.get(`${LIST}unread-count/`)).json()).toEqual({ count: 0 });
  });

  it('lists newest first', async () => {
    const ids = (await listOf('staff')).results.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('another person’s notification is a 404; visitors get 401', async () => {
    const [staffs] = (await listOf('staff')).results;
    for (const role of ['member', 'outsider'] as const) {
      for (const res of [
        await w.as(role).get(`${LIST}${staffs?.id}/`),
        await w.as(role).post(`${LIST}${staffs?.id}/read/`),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    }
    for (const res of [
      await w.as('visitor').get(LIST),
      await w.as('visitor').get(`${LIST}unread-count/`),
      await w.as('visitor').post(`${LIST}read-all/`),
      await w.as('visitor').get(`${LIST}stream/`),
      await w.as('visitor').get('/api/notification-settings/'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('staff impersonating a client user see that user’s notifications', async () => {
    const res = await w.as('staff').get(`/api/users/${w.users.member.id}/impersonate/`);
    const token = res.json<{ token: string }>().token;
    const list = await t.app.inject({
      method: 'GET',
      url: LIST,
      headers: { authorization: `Token ${token}` },
    });
    expect(list.json().results.map((n: Notification) => n.verb)).toEqual(['mentioned']);
  });

  it('mentionable people: staff and the client’s users; not another client’s', async () => {
    const staffSide = (await w.as('staff').get(`${LIST}mentionable/?client=${w.acme.id}`)).json();
    expect(staffSide.map((p: { email: string }) => p.email).sort()).toEqual([
      'ntf-colleague@acme.test',
      'ntf-member@acme.test',
      'ntf-staff@studio.test',
    ]);
    const member = await w.as('member').get(`${LIST}mentionable/?client=${w.acme.id}`);
    expect(member.statusCode).toBe(200);
    expect((await w.as('outsider').get(`${LIST}mentionable/?client=${w.acme.id}`)).statusCode).toBe(
      404,
    );
    const bad = await w.as('staff').get(`${LIST}mentionable/?client=abc`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['client']);
    // Issue 27's probe: ids past PostgreSQL's integer were a 500, for anyone signed in.
    for (const who of ['staff', 'member'] as const)
      for (const id of ['2147483648', '9999999999']) {
        const res = await w.as(who).get(`${LIST}mentionable/?client=${id}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          client: ['Ensure this value is less than or equal to 2147483647.'],
        });
      }
    expect((await w.as('staff').get(`${LIST}mentionable/?client=2147483647`)).statusCode).toBe(200);
  });
});

describe('the live stream', () => {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  const open = (lastEventId?: number, token = w.tokens.staff) =>
    fetch(`${base}${LIST}stream/`, {
      headers: {
        authorization: `Token ${token}`,
        ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
      },
    });
  /** The stream's text until `pattern` shows, or until the server ends it. */
  const readUntil = async (res: Response, pattern: RegExp) => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let ended = false;
    while (!pattern.test(text)) {
      const { value, done } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      text += decoder.decode(value);
    }
    if (!ended) await reader.cancel();
    return text;
  };

  it('delivers a notification created by a request on another connection, and resumes', async () => {
    const res = await open();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    await comment('member', 'Live one');
    const text = await readUntil(res, /data: .*Live one/);
    const id = Number(/id: (\d+)/.exec(text)?.[1]);
    expect(text).toContain('event: notification');

    // Two more while nobody listens; a stream resuming from `id` gets both, in order.
    await comment('member', 'Missed one');
    await comment('member', 'Missed two');
    const resumed = await readUntil(await open(id), /Missed two/);
    expect(resumed.indexOf('Missed one')).toBeLessThan(resumed.indexOf('Missed two'));
    expect(resumed).not.toContain('Live one');
  });

  it('ignores a Last-Event-ID past any id it sent, and still delivers', async () => {
    const res = await open(2147483648);
    expect(res.status).toBe(200);
    await comment('member', 'After a wild id');
    expect(await readUntil(res, /After a wild id/)).toContain('event: notification');
  });

  // Issue 27: the probe's stream kept delivering after its token was revoked.
  /**
   * A stream that delivers (proved by a first comment), then after `revoke` ends within seconds
   * and never carries the next comment.
   */
  const endsOnRevocation = async (
    token: string,
    commenter: 'member' | 'staff',
    revoke: () => Promise<unknown>,
  ) => {
    const res = await open(undefined, token);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value);
      }
    })();
    await comment(commenter, 'Still listening');
    await vi.waitFor(() => expect(text).toContain('Still listening'), 5_000);
    await revoke();
    const revokedAt = Date.now();
    await comment(commenter, 'Never delivered');
    await reading; // the server ends the stream
    expect(Date.now() - revokedAt).toBeLessThan(5_000);
    expect(text).not.toContain('Never delivered');
  };

  it('ends within seconds once its token is logged out', async () => {
    const { token } = await issueToken(t.db, w.users.staff.id, { ttlMs: t.ctx.config.tokenIdleMs });
    await endsOnRevocation(token, 'member', async () => {
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/token-auth/logout/',
        headers: { authorization: `Token ${token}` },
      });
      expect(out.statusCode).toBe(204);
    });
  });

  it('ends when the impersonator signs out everywhere', async () => {
    // Another superuser: `logoutall` ends every session of its user.
    const impersonator = await createUser(t.db, {
      email: 'nt-impersonator@studio.test',
      isSuperuser: true,
    });
    const { token: own } = await issueToken(t.db, impersonator.id, {
      ttlMs: t.ctx.config.tokenIdleMs,
    });
    const started = await t.app.inject({
      method: 'GET',
      url: `/api/users/${w.users.member.id}/impersonate/`,
      headers: { authorization: `Token ${own}` },
    });
    expect(started.statusCode).toBe(200);
    const { token: asMember } = started.json<{ token: string }>();
    await endsOnRevocation(asMember, 'staff', () =>
      t.app.inject({
        method: 'POST',
        url: '/api/token-auth/logoutall/',
        headers: { authorization: `Token ${own}` },
      }),
    );
  });
});

describe('emails', () => {
  it('instant: one mail per notification with a one-click unsubscribe', async () => {
    t.mail.clear();
    await comment('staff', 'Instant please');
    // This instance's listener may queue it first; either way it is mailed exactly once.
    const mailed = () =>
      t.mail.to(w.users.member.email).filter((m) => m.text.includes('Instant please'));
    await vi.waitFor(async () => {
      await sendInstantEmails(t.db, t.ctx);
      await t.mail.flush();
      expect(mailed().length).toBeGreaterThan(0);
    }, 10_000);
    const [mail] = mailed();
    const headers = mail?.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(mail?.subject).toContain('Lee_Park_commented_on');
    expect(mail?.text).toContain('Instant please');
    expect(headers).toMatch(
      /^List-Unsubscribe: <http:\/\/portal\.test\/api\/notification-settings\/unsubscribe\/\?user=\d+&signature=[0-9a-f]{64}>/m,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    // Mailed once, even when the sweep runs again.
    await sendInstantEmails(t.db, t.ctx);
    await t.mail.flush();
    expect(mailed()).toHaveLength(1);
  });

  it('daily: one digest per person per day of what is still unread', async () => {
    await w.as('staff').post(`${LIST}read-all/`);
    const patch = await w.as('staff').patch('/api/notification-settings/', { email: 'daily' });
    expect(patch.json()).toEqual({ email: 'daily' });
    await comment('member', 'Digest first');
    await comment('member', 'Digest second');
    await comment('member', 'Digest read already');
    const [newest] = (await listOf('staff', '?unread=true')).results;
    await w.as('staff').post(`${LIST}${newest?.id}/read/`);
    t.mail.clear();
    await sendInstantEmails(t.db, t.ctx);
    expect(await sendDigests(t.db, t.ctx, '2026-11-25')).toBeGreaterThan(0);
    await t.mail.flush();
    const digests = t.mail.to(w.users.staff.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.subject).toBe('2 unread notifications in Studio Portal');
    expect(digests[0]?.text).toContain('Digest first');
    expect(digests[0]?.text).toContain('Digest second');
    expect(digests[0]?.text).not.toContain('Digest read already');
    // Run again the same day (a retry, a second instance): nothing more.
    await comment('member', 'Later that day');
    expect(await sendDigests(t.db, t.ctx, '2026-11-25')).toBe(0);
    expect(await sendDigests(t.db, t.ctx, '2026-11-26')).toBe(1);
  });

  it('settings: default instant, bad choice is a 400 naming the field', async () => {
    expect((await w.as('member').get('/api/notification-settings/')).json()).toEqual({
      email: 'instant',
    });
    const bad = await w.as('member').patch('/api/notification-settings/', { email: 'weekly' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['email']);
  });

  it('unsubscribe: a link signed for an id past PostgreSQL integer is a 400 on user', async () => {
    // Signed with the portal's own key, as only the server could: the signature holds, the id
    // could never name anyone, and reached the database (a 500) before issue 27's fuzz suite.
    for (const id of [2_147_483_648, 9_999_999_999]) {
      const url = unsubscribeLink(t.ctx.config, id).replace('http://portal.test', '');
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          user: ['Ensure this value is less than or equal to 2147483647.'],
        });
      }
    }
  });

  it('unsubscribe works without signing in; a forged link is refused', async () => {
    const link = unsubscribeLink(t.ctx.config, w.users.member.id).replace('http://portal.test', '');
    const forged = link.replace(
      /signature=([0-9a-f])/,
      (_, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`,
    );
    const other = unsubscribeLink(t.ctx.config, w.users.member.id)
      .replace('http://portal.test', '')
      .replace(`user=${w.users.member.id}`, `user=${w.users.staff.id}`);
    for (const url of [forged, other]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('This unsubscribe link is not valid.');
      const api = await t.app.inject({ method: 'POST', url });
      expect(api.statusCode).toBe(400);
      expect(Object.keys(api.json())).toEqual(['signature']);
    }
    const setting = () =>
      t.db
        .select({ email: notificationSettings.email })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, w.users.member.id));
    expect(await setting()).toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: link,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toContain('You will no longer get notification emails');
    expect(await setting()).toEqual([{ email: 'off' }]);
    // The link in the email, opened in a browser: a page, and it stays unsubscribed.
    const page = await t.app.inject({ method: 'GET', url: link, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('You get no notification emails from Studio Portal.');
    expect(page.body).not.toContain('<form');
  });

  it('the link opened (GET or HEAD, by a person or a mail scanner) changes nothing', async () => {
    await w.as('staff').patch('/api/notification-settings/', { email: 'daily' });
    const link = unsubscribeLink(t.ctx.config, w.users.staff.id).replace('http://portal.test', '');
    const choice = async () =>
      (await w.as('staff').get('/api/notification-settings/')).json<{ email: string }>().email;
    const head = await t.app.inject({ method: 'HEAD', url: link });
    expect(head.statusCode).toBe(200);
    const api = await t.app.inject({ method: 'GET', url: link });
    expect(api.json()).toEqual({
      email: 'daily',
      detail: 'Send a POST to this link to stop notification emails.',
    });
    const page = await t.app.inject({ method: 'GET', url: link, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop notification emails?');
    expect(page.body).toContain(
      'You get a daily digest of what is still unread from Studio Portal.',
    );
    expect(page.body).toContain(`<form method="post" action="${link.replace(/&/g, '&amp;')}">`);
    expect(await choice()).toBe('daily');

    // The page's button: off, said in the studio's words, with an Undo that brings it back.
    const off = await t.app.inject({ method: 'POST', url: link, headers: { accept: 'text/html' } });
    expect(off.statusCode).toBe(200);
    expect(off.body).toContain(
      'You will no longer get a daily digest of what is still unread from Studio Portal.',
    );
    expect(off.body).toContain(`action="${link.replace(/&/g, '&amp;')}&amp;restore=daily"`);
    expect(await choice()).toBe('off');
    const undo = await t.app.inject({
      method: 'POST',
      url: `${link}&restore=daily`,
      headers: { accept: 'text/html' },
    });
    expect(undo.statusCode).toBe(200);
    expect(undo.body).toContain('Notification emails are back on');
    expect(await choice()).toBe('daily');
    const bad = await t.app.inject({ method: 'POST', url: `${link}&restore=weekly` });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json() as object)).toEqual(['restore']);
    expect(await choice()).toBe('daily');
  });
});
