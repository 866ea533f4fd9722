import { beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '@portal/contract/activity';
import { seedDemoData } from '../../seed/demo';
import { signInDemo } from '../../test/demo-sign-in';
import { useTestApp } from '../../test/test-world';

const t = useTestApp({ THROTTLE: 'false' });
beforeAll(async () => {
  await seedDemoData(t.db);
});

const results = async (username: string, query = '') => {
  const get = await signInDemo(t, username);
  const res = await get(`/api/activity/${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ results: Activity[] }>().results;
};

describe('demo activity', () => {
  it('gives staff a fortnight of history, newest first, leads and sign-ins included', async () => {
    const entries = await results('lee@studio.example', '?page_size=100');
    const times = entries.map((e) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const types = new Set(entries.map((e) => e.target.type));
    for (const type of ['lead', 'project', 'estimate', 'note', 'user', 'client'])
      expect(types).toContain(type);
    // Lee's own demo sign-in just now is the newest entry.
    expect(entries[0]).toMatchObject({ verb: 'signed_in', actor: { name: 'Lee Park' } });
  });

  it('shows Dana only Acme’s project entries, one of them Lee acting as her', async () => {
    const entries = await results('dana@acme.example', '?page_size=100');
    expect(entries.length).toBeGreaterThan(5);
    expect(entries.every((e) => e.client?.slug === 'acme' && e.project !== null)).toBe(true);
    expect(entries.map((e) => e.target.type)).not.toContain('lead');
    expect(entries.find((e) => e.impersonator !== null)?.impersonator?.name).toBe('Lee Park');
  });
});
