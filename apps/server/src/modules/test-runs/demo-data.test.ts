import { describe, expect, it } from 'vitest';
import type { Milestone } from '@portal/contract/milestones';
import type { TestRun, TestRunListItem } from '@portal/contract/test-runs';
import { useDemoApp } from '../../test/demo-sign-in';

const { signIn } = useDemoApp();

describe('demo test runs', () => {
  it('shows Dana a signed-off run and a completed one waiting for her on the demo milestone', async () => {
    const get = await signIn('dana@acme.example');
    const milestones: Milestone[] = (await get('/api/milestones/?page_size=100')).json().results;
    const kickOff = milestones.find((m) => m.name === 'Kick-off');
    const runs: TestRunListItem[] = (await get(`/api/test-runs/?milestone=${kickOff?.id}`)).json()
      .results;
    expect(runs.map((r) => [r.name, r.status])).toEqual([
      ['Run 2', 'completed'],
      ['Run 1', 'signed_off'],
    ]);
    expect(runs[1]).toMatchObject({
      signature_name: 'Dana Reyes',
      summary: { total: 9, passed: 7, failed: 1, skipped: 1, untested: 0 },
    });
    expect(runs[0]?.summary).toMatchObject({ blocked: 2, untested: 2 });
    const run: TestRun = (await get(`/api/test-runs/${runs[0]?.id}/`)).json();
    expect(run.results[0]).toMatchObject({ flow_name: 'Home page', result: 'passed' });
  });
});
