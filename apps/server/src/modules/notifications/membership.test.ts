import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationTargetType } from '@portal/contract/notifications';
import {
  clientUsers,
  milestones,
  notifications,
  notificationSettings,
  projectNotes,
  testRuns,
  users,
} from '../../db/schema/index';
import { createUser } from '../../test/test-app';
import { useTestWorld } from '../../test/test-world';
import { issueToken } from '../auth/tokens';
import { NOT_FOUND } from '../clients/test-fixtures';
import { createEstimateWorld } from '../estimates/test-fixtures';
import { sendDigests, sendInstantEmails } from './emails';

// Issue 27's probe: a self-registered user read every staff member's name and email through
// `mentionable`, and a client user removed from a client kept reading its notifications.
const { t, w } = useTestWorld(createEstimateWorld, 'ntm');

const LIST = '/api/notifications/';

type Caller = { id: number; email: string; token: string };
const callerFor = async (user: { id: number; email: string }): Promise<Caller> => ({
  ...user,
  token: (await issueToken(t.db, user.id, { ttlMs: t.ctx.config.tokenIdleMs })).token,
});
const call = (who: Caller, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: { authorization: `Token ${who.token}` } });
const listOf = async (who: Caller) => {
  const res = await call(who, 'GET', LIST);
  expect(res.statusCode).toBe(200);
  return res.json<{ count: number; results: Notification[] }>();
};
const unreadOf = async (who: Caller) =>
  (await call(who, 'GET', `${LIST}unread-count/`)).json<{ count: number }>().count;

/** One notification to `recipient` about each kind of target, of Acme's or Globex's records. */
let targets: Record<'acme' | 'globex', Record<Exclude<NotificationTargetType, 'lead'>, number>>;
const tell = async (recipient: number, type: NotificationTargetType, targetId: number) => {
  const [row] = await t.db
    .insert(notifications)
    .values({
      recipientId: recipient,
      actorId: w.users.staff.id,
      verb: 'commented',
      targetType: type,
      targetId,
      targetLabel: `${type} ${targetId}`,
      text: `News of ${type} ${targetId}`,
      url: '/',
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error('notification not written');
  return row.id;
};
const tellAll = async (recipient: number) => {
  const ids: Record<string, number> = {};
  for (const client of ['acme', 'globex'] as const)
    for (const [type, id] of Object.entries(targets[client]))
      ids[`${client} ${type}`] = await tell(recipient, type as NotificationTargetType, id);
  ids.lead = await tell(recipient, 'lead', 1);
  return ids;
};
const seen = async (who: Caller) => (await listOf(who)).results.map((n) => n.text).sort();

beforeAll(async () => {
  const ofProject = async (projectId: number) => {
    const [note] = await t.db
      .insert(projectNotes)
      .values({ projectId, content: 'A note' })
      .returning({ id: projectNotes.id });
    const [milestone] = await t.db
      .insert(milestones)
      .values({ projectId, name: 'Launch', order: 0 })
      .returning({ id: milestones.id });
    const [run] = await t.db
      .insert(testRuns)
      .values({ milestoneId: milestone!.id, number: 1, name: 'Run 1' })
      .returning({ id: testRuns.id });
    return { project_note: note!.id, test_run: run!.id };
  };
  targets = {
    acme: {
      estimate: w.estimates.acme.id,
      estimate_item: w.items.acme.id,
      ...(await ofProject(w.projects.acme.id)),
    },
    globex: {
      estimate: w.estimates.globex.id,
      estimate_item: w.items.globex.id,
      ...(await ofProject(w.projects.globex.id)),
    },
  };
});

describe('mentionable people', () => {
  it('are nobody for a signed-in user of no client who is not staff', async () => {
    const stranger = await callerFor(await createUser(t.db, { email: 'ntm-new@self.test' }));
    const res = await call(stranger, 'GET', `${LIST}mentionable/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    // Naming a client of theirs is still a 404, as for any client user.
    expect(
      (await call(stranger, 'GET', `${LIST}mentionable/?client=${w.acme.id}`)).statusCode,
    ).toBe(404);
  });

  it('are still the staff for a client user asking without a client, and everyone for staff', async () => {
    const member = await w.as('member').get(`${LIST}mentionable/`);
    expect(member.json().map((p: { email: string }) => p.email)).toEqual(['ntm-staff@studio.test']);
    const staff = await w.as('staff').get(`${LIST}mentionable/`);
    expect(staff.json().map((p: { email: string }) => p.email)).toEqual(['ntm-staff@studio.test']);
  });
});

describe('a client’s notifications', () => {
  it('are read by current members of that client only, whatever their target', async () => {
    const both = await createUser(t.db, { email: 'ntm-both@acme.test' });
    await t.db.insert(clientUsers).values({ clientId: w.acme.id, userId: both.id });
    const ids = await tellAll(both.id);
    const caller = await callerFor(both);
    // A lead's news is for staff: no client's user reads it.
    expect(await seen(caller)).toEqual(
      Object.keys(targets.acme).map(
        (type) => `News of ${type} ${targets.acme[type as 'estimate']}`,
      ),
    );
    expect(await unreadOf(caller)).toBe(4);
    const lead = await call(caller, 'GET', `${LIST}${ids.lead}/`);
    expect(lead.statusCode).toBe(404);
    const globex = await call(caller, 'POST', `${LIST}${ids['globex estimate']}/read/`);
    expect(globex.statusCode).toBe(404);
    expect(globex.json()).toEqual(NOT_FOUND);
  });

  it('are gone for a user removed from the client: list, detail, mark read, count', async () => {
    const leaver = await createUser(t.db, { email: 'ntm-leaver@acme.test' });
    const [link] = await t.db
      .insert(clientUsers)
      .values({ clientId: w.acme.id, userId: leaver.id })
      .returning({ id: clientUsers.id });
    const caller = await callerFor(leaver);
    const comment = await call(caller, 'GET', LIST);
    expect(comment.json().count).toBe(0);
    const staffComment = await w.as('staff').post('/api/estimate-item-comments/', {
      item: w.items.acme.id,
      content: 'Acme only: the budget is 40k',
    });
    expect(staffComment.statusCode).toBe(201);
    const [news] = (await listOf(caller)).results;
    expect(news?.text).toContain('the budget is 40k');

    const removed = await w.as('staff').delete(`/api/client-users/${link!.id}/`);
    expect(removed.statusCode).toBe(204);
    expect(await listOf(caller)).toMatchObject({ count: 0, results: [] });
    expect(await unreadOf(caller)).toBe(0);
    for (const res of [
      await call(caller, 'GET', `${LIST}${news!.id}/`),
      await call(caller, 'POST', `${LIST}${news!.id}/read/`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await call(caller, 'POST', `${LIST}read-all/`)).json()).toEqual({ marked: 0 });

    // Back in the client, the news is there again, still unread.
    await t.db.insert(clientUsers).values({ clientId: w.acme.id, userId: leaver.id });
    expect((await listOf(caller)).results.map((n) => [n.id, n.read_at])).toEqual([
      [news!.id, null],
    ]);
  });

  it('are not replayed by the live stream to a user removed from the client', async () => {
    const leaver = await createUser(t.db, { email: 'ntm-streamer@acme.test' });
    await t.db.insert(clientUsers).values([
      { clientId: w.acme.id, userId: leaver.id },
      { clientId: w.globex.id, userId: leaver.id },
    ]);
    const acmeNews = await tell(leaver.id, 'estimate', targets.acme.estimate);
    await t.db
      .delete(clientUsers)
      .where(and(eq(clientUsers.userId, leaver.id), eq(clientUsers.clientId, w.acme.id)));
    const globexNews = await tell(leaver.id, 'estimate', targets.globex.estimate);

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const res = await fetch(`${base}${LIST}stream/`, {
      headers: {
        authorization: `Token ${(await callerFor(leaver)).token}`,
        'last-event-id': String(acmeNews - 1),
      },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(`id: ${globexNews}\n`)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    await reader.cancel();
    expect(text).toContain(`News of estimate ${targets.globex.estimate}`);
    expect(text).not.toContain(`id: ${acmeNews}\n`);
  });

  it('are not emailed to a user removed from the client before the email went', async () => {
    const instant = await createUser(t.db, { email: 'ntm-instant@acme.test' });
    const daily = await createUser(t.db, { email: 'ntm-daily@acme.test' });
    await t.db.insert(notificationSettings).values({ userId: daily.id, email: 'daily' });
    for (const user of [instant, daily]) {
      await t.db.insert(clientUsers).values({ clientId: w.acme.id, userId: user.id });
      await tell(user.id, 'estimate_item', targets.acme.estimate_item);
      await t.db.delete(clientUsers).where(eq(clientUsers.userId, user.id));
    }
    t.mail.clear();
    await sendInstantEmails(t.db, t.ctx);
    expect(await sendDigests(t.db, t.ctx, '2026-11-25')).toBe(0);
    await t.mail.flush();
    expect(t.mail.to(instant.email)).toEqual([]);
    expect(t.mail.to(daily.email)).toEqual([]);
  });

  it('are all read by staff, and no longer by a former staff member of no client', async () => {
    const former = await createUser(t.db, { email: 'ntm-former@studio.test', isSuperuser: true });
    await tellAll(former.id);
    const caller = await callerFor(former);
    expect((await listOf(caller)).count).toBe(9);
    await t.db.update(users).set({ isSuperuser: false }).where(eq(users.id, former.id));
    expect(await listOf(caller)).toMatchObject({ count: 0 });
    expect(await unreadOf(caller)).toBe(0);
  });
});
