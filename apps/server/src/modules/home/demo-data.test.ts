import { beforeAll, describe, expect, it } from 'vitest';
import type { Home } from '@portal/contract/home';
import { seedDemoData } from '../../seed/demo';
import { signInDemo } from '../../test/demo-sign-in';
import { useTestApp } from '../../test/test-world';

const t = useTestApp({ THROTTLE: 'false' });
beforeAll(async () => {
  await seedDemoData(t.db);
});

const counts = (home: Home) => Object.fromEntries(home.sections.map((s) => [s.key, s.count]));

describe('demo home screens', () => {
  it('give Lee (staff) something in every section', async () => {
    const get = await signInDemo(t, 'lee@studio.example');
    const home: Home = (await get('/api/home/')).json();
    expect(home.role).toBe('staff');
    for (const [key, count] of Object.entries(counts(home))) expect(count, key).toBeGreaterThan(0);
  });

  it('give Dana (client) her projects with progress, a version to approve, a run to sign off and replies', async () => {
    const get = await signInDemo(t, 'dana@acme.example');
    const home: Home = (await get('/api/home/')).json();
    expect(home.role).toBe('client');
    expect(counts(home)).toEqual({
      estimates_to_approve: 1,
      runs_to_sign_off: 1,
      studio_replies: expect.any(Number),
    });
    expect(counts(home).studio_replies).toBeGreaterThan(0);
    expect(home.projects.some((p) => p.milestones_signed_off > 0)).toBe(true);
  });
});
