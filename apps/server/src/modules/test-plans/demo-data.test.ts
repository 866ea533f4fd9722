import { describe, expect, it } from 'vitest';
import type { Milestone } from '@portal/contract/milestones';
import type { TestFlow } from '@portal/contract/test-plans';
import { useDemoApp } from '../../test/demo-sign-in';

const { signIn } = useDemoApp();

describe('demo test plan', () => {
  it('shows the Acme client user a plan with ordered flows, both step types and Markdown links', async () => {
    const get = await signIn('dana@acme.example');
    const milestones: Milestone[] = (await get('/api/milestones/?page_size=100')).json().results;
    const first = milestones.find((m) => m.name === 'Kick-off');
    expect(first?.order).toBe(0);
    const flows: TestFlow[] = (await get(`/api/test-flows/?milestone=${first!.id}`)).json().results;
    expect(flows.map((f) => [f.name, f.order, f.test_steps.length])).toEqual([
      ['Home page', 0, 4],
      ['Newsletter sign-up', 1, 3],
      ['Content migration spot check', 2, 2],
    ]);
    const steps = flows.flatMap((f) => f.test_steps);
    expect(new Set(steps.map((s) => s.type))).toEqual(new Set(['INTERACT', 'VERIFY']));
    expect(steps.some((s) => /\[[^\]]+\]\(https:\/\//.test(s.description))).toBe(true);
    expect(flows.every((f) => f.test_steps.every((s, i) => s.order === i))).toBe(true);
  });
});
