import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@portal/contract/notifications';
import { seedDemoData } from '../../seed/demo';
import { signInDemo } from '../../test/demo-sign-in';
import { useTestApp } from '../../test/test-world';
import { sendInstantEmails } from './emails';

const t = useTestApp({ THROTTLE: 'false' });
beforeAll(async () => {
  await seedDemoData(t.db);
});

describe('demo notifications', () => {
  it('Lee’s bell has a few unread comments from the client, newest first', async () => {
    const get = await signInDemo(t, 'lee@studio.example');
    const count = (await get('/api/notifications/unread-count/')).json().count;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(3);
    const list: Notification[] = (await get('/api/notifications/')).json().results;
    expect(list[0]).toMatchObject({ verb: 'commented', read_at: null });
    expect(list[0]?.url).toMatch(/^\/estimates\/\d+\?item=\d+$/);
    const times = list.map((n) => n.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('a first start emails nobody about the demo', async () => {
    expect(await sendInstantEmails(t.db, t.ctx)).toBe(0);
  });
});
