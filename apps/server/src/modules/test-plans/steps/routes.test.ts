import { describe, expect, it } from 'vitest';
import type { TestFlow, TestStep } from '@portal/contract/test-plans';
import { useTestWorld } from '../../../test/test-world';
import { impersonating } from '../../../test/impersonation';
import { NOT_FOUND, UNAUTHENTICATED } from '../../clients/test-fixtures';
import { createTestPlanWorld } from '../test-fixtures';

const { t, w } = useTestWorld(createTestPlanWorld, 'tst');

const move = (id: number, body: unknown, role: 'staff' | 'member' = 'staff') =>
  w.as(role).post(`/api/test-steps/${id}/move/`, body);
const stepIds = (flow: TestFlow) => flow.test_steps.map((s) => s.id);

describe('test-steps permissions', () => {
  it('visitors get 401 everywhere', async () => {
    const api = w.as('visitor');
    const id = w.steps.acme.id;
    for (const res of [
      await api.get('/api/test-steps/'),
      await api.get(`/api/test-steps/${id}/`),
      await api.post('/api/test-steps/', { test_flow: w.flows.acme.id, description: 'x' }),
      await api.patch(`/api/test-steps/${id}/`, { description: 'x' }),
      await api.put(`/api/test-steps/${id}/`, { description: 'x', type: 'VERIFY' }),
      await api.delete(`/api/test-steps/${id}/`),
      await api.post(`/api/test-steps/${id}/move/`, { to: 0 }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('members read their flows’ steps only', async () => {
    const member = w.as('member');
    expect((await member.get('/api/test-steps/')).json().results).toEqual([w.steps.acme]);
    expect(
      (await member.get(`/api/test-steps/?test_flow=${w.flows.acme.id}`)).json().results,
    ).toEqual([w.steps.acme]);
    expect((await member.get(`/api/test-steps/?test_flow=${w.flows.globex.id}`)).json().count).toBe(
      0,
    );
    expect((await member.get(`/api/test-steps/${w.steps.acme.id}/`)).json()).toEqual({
      id: w.steps.acme.id,
      description: 'Open [the site](https://acme.example)',
      type: 'INTERACT',
      test_flow: w.flows.acme.id,
      order: 0,
    });
  });

  it('a member of another client finds nothing of Acme and may not touch it (404/400)', async () => {
    const outsider = w.as('outsider');
    const id = w.steps.acme.id;
    expect((await outsider.get('/api/test-steps/')).json().results).toEqual([w.steps.globex]);
    for (const res of [
      await outsider.get(`/api/test-steps/${id}/`),
      await outsider.patch(`/api/test-steps/${id}/`, { description: 'Hacked' }),
      await outsider.put(`/api/test-steps/${id}/`, { description: 'Hacked', type: 'VERIFY' }),
      await outsider.delete(`/api/test-steps/${id}/`),
      await outsider.post(`/api/test-steps/${id}/move/`, { to: 0 }),
      await outsider.post(`/api/test-steps/${id}/move/`, { test_flow: w.flows.globex.id }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const create = await outsider.post('/api/test-steps/', {
      test_flow: w.flows.acme.id,
      description: 'Sneaky',
    });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toEqual({
      test_flow: [`Invalid pk "${w.flows.acme.id}" - object does not exist.`],
    });
    // Nor may an Acme step be moved into a Globex flow by Acme's member.
    const across = await move(id, { test_flow: w.flows.globex.id }, 'member');
    expect(across.statusCode).toBe(400);
    expect(Object.keys(across.json())).toEqual(['test_flow']);
    expect((await w.as('staff').get(`/api/test-steps/${id}/`)).json()).toEqual(w.steps.acme);
  });

  it('members create, edit, move and delete steps of their flows', async () => {
    const member = w.as('member');
    const { flows } = await w.planWith(0, 0);
    const [f0, f1] = flows.map((f) => f.id) as [number, number];
    const first = await w.createStep(f0, '  Click **Pay**  ', undefined, 'member');
    expect(first).toEqual({
      id: first.id,
      description: 'Click **Pay**',
      type: 'VERIFY',
      test_flow: f0,
      order: 0,
    });
    const second = await w.createStep(f0, 'Type the card', 'INTERACT', 'member');
    expect(second).toMatchObject({ type: 'INTERACT', order: 1 });
    const toggled = await member.patch(`/api/test-steps/${first.id}/`, { type: 'INTERACT' });
    expect(toggled.json()).toMatchObject({ type: 'INTERACT', description: 'Click **Pay**' });
    const replaced = await member.put(`/api/test-steps/${first.id}/`, {
      description: 'Line one\nLine two',
      type: 'VERIFY',
    });
    expect(replaced.json()).toMatchObject({ type: 'VERIFY', description: 'Line one\nLine two' });
    const within = await move(second.id, { direction: 'up' }, 'member');
    expect(within.statusCode).toBe(200);
    expect(within.json().map(stepIds)).toEqual([[second.id, first.id]]);
    const across = await move(first.id, { test_flow: f1, to: 0 }, 'member');
    expect(across.statusCode).toBe(200);
    expect(across.json().map((f: TestFlow) => [f.id, stepIds(f)])).toEqual([
      [f0, [second.id]],
      [f1, [first.id]],
    ]);
    expect((await member.delete(`/api/test-steps/${second.id}/`)).statusCode).toBe(204);
    expect(await w.stepOrderOf(f0)).toEqual([]);
  });
});

describe('test-steps: writes', () => {
  it.each([
    [{ description: '' }, 'description', 'This field may not be blank.'],
    [{ description: ' \n ' }, 'description', 'This field may not be blank.'],
    [{}, 'description', 'This field is required.'],
    [
      { description: 'x'.repeat(10_001) },
      'description',
      'Ensure this field has no more than 10000 characters.',
    ],
    [{ description: 'ok', type: 'CLICK' }, 'type', '"CLICK" is not a valid choice.'],
    [{ description: 'ok', type: null }, 'type', 'This field may not be null.'],
    [{ description: 'ok', test_flow: null }, 'test_flow', 'This field may not be null.'],
    [
      { description: 'ok', test_flow: 999999 },
      'test_flow',
      'Invalid pk "999999" - object does not exist.',
    ],
  ])('rejects %j with a 400 on %s', async (body, field, message) => {
    const res = await w
      .as('staff')
      .post('/api/test-steps/', { test_flow: w.flows.acme.id, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()[field]).toEqual([message]);
  });

  it('rejects blank or unknown updates and keeps the step', async () => {
    const step = await w.createStep(w.flows.acme.id, 'Keep me');
    for (const res of [
      await w.as('member').patch(`/api/test-steps/${step.id}/`, { description: '' }),
      await w.as('member').patch(`/api/test-steps/${step.id}/`, { type: 'verify' }),
      await w.as('member').put(`/api/test-steps/${step.id}/`, { description: 'New' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json()).length).toBe(1);
    }
    expect((await w.as('staff').get(`/api/test-steps/${step.id}/`)).json()).toEqual(step);
    expect((await w.as('staff').delete(`/api/test-steps/${step.id}/`)).statusCode).toBe(204);
  });

  it('deleting a step closes the gap in its flow', async () => {
    const { flows } = await w.planWith(4);
    const [a, b, c, d] = flows[0]!.steps as [number, number, number, number];
    expect((await w.as('member').delete(`/api/test-steps/${b}/`)).statusCode).toBe(204);
    expect(await w.stepOrderOf(flows[0]!.id)).toEqual([a, c, d]);
    expect((await w.as('member').delete(`/api/test-steps/${b}/`)).statusCode).toBe(404);
  });
});

describe('test-steps: Undo re-creates a deleted step where it was', () => {
  it.each(['staff', 'member'] as const)(
    '%s re-create it at its old position, in one step',
    async (role) => {
      const { flows } = await w.planWith(3);
      const [a, b, c] = flows[0]!.steps as [number, number, number];
      expect((await w.as(role).delete(`/api/test-steps/${b}/`)).statusCode).toBe(204);
      const res = await w.as(role).post('/api/test-steps/', {
        test_flow: flows[0]!.id,
        description: 'Back again',
        type: 'INTERACT',
        insert_at: 1,
      });
      expect(res.statusCode).toBe(201);
      const back = res.json<TestStep>();
      expect(back).toMatchObject({ order: 1, type: 'INTERACT', description: 'Back again' });
      expect(await w.stepOrderOf(flows[0]!.id)).toEqual([a, back.id, c]);
    },
  );

  it('a member of another client may not re-create into Acme (400 on the flow)', async () => {
    const res = await w
      .as('outsider')
      .post('/api/test-steps/', { test_flow: w.flows.acme.id, description: 'x', insert_at: 0 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['test_flow']);
  });

  it('visitors get 401', async () => {
    const res = await w
      .as('visitor')
      .post('/api/test-steps/', { test_flow: w.flows.acme.id, description: 'x', insert_at: 0 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('staff impersonating a member re-create as the member could', async () => {
    const api = await impersonating(t, w.users.member.id, w.users.staff.id);
    const res = await api.post('/api/test-steps/', {
      test_flow: w.flows.acme.id,
      description: 'Restored',
      insert_at: 0,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<TestStep>().order).toBe(0);
    expect(
      (await w.as('staff').delete(`/api/test-steps/${res.json<TestStep>().id}/`)).statusCode,
    ).toBe(204);
  });
});

describe('test-steps: move', () => {
  it('moves within a flow: ends are no-ops, `to` wins and is clamped', async () => {
    const { flows } = await w.planWith(3);
    const flowId = flows[0]!.id;
    const [a, b, c] = flows[0]!.steps as [number, number, number];
    const firstUp = await move(a, { direction: 'up' });
    expect(firstUp.statusCode).toBe(200);
    expect(firstUp.json().map(stepIds)).toEqual([[a, b, c]]);
    expect((await move(c, { direction: 'down' })).json().map(stepIds)).toEqual([[a, b, c]]);
    expect((await move(a, { direction: 'down' })).json().map(stepIds)).toEqual([[b, a, c]]);
    expect((await move(c, { to: 0, direction: 'down' })).json().map(stepIds)).toEqual([[c, b, a]]);
    expect((await move(c, { to: 50 })).json().map(stepIds)).toEqual([[b, a, c]]);
    const answered: TestFlow[] = (await move(b, { test_flow: flowId, to: 1 })).json();
    expect(answered.map(stepIds)).toEqual([[a, b, c]]);
    expect(answered[0]!.test_steps.map((s: TestStep) => s.order)).toEqual([0, 1, 2]);
    expect(await w.stepOrderOf(flowId)).toEqual([a, b, c]);
  });

  it('moves into another flow of the milestone at `to`, or at the end without it', async () => {
    const { flows } = await w.planWith(3, 2);
    const [f0, f1] = flows.map((f) => f.id) as [number, number];
    const [a, b, c] = flows[0]!.steps as [number, number, number];
    const [x, y] = flows[1]!.steps as [number, number];
    const atOne = await move(b, { test_flow: f1, to: 1 });
    expect(atOne.json().map((f: TestFlow) => [f.id, stepIds(f)])).toEqual([
      [f0, [a, c]],
      [f1, [x, b, y]],
    ]);
    const atEnd = await move(a, { test_flow: f1 });
    expect(atEnd.json().map((f: TestFlow) => [f.id, stepIds(f)])).toEqual([
      [f0, [c]],
      [f1, [x, b, y, a]],
    ]);
    expect(atEnd.json()[1].test_steps.map((s: TestStep) => [s.test_flow, s.order])).toEqual([
      [f1, 0],
      [f1, 1],
      [f1, 2],
      [f1, 3],
    ]);
    await move(y, { test_flow: f0, to: 0 });
    expect(await w.stepOrderOf(f0)).toEqual([y, c]);
    expect(await w.stepOrderOf(f1)).toEqual([x, b, a]);
  });

  it('refuses a flow of another milestone (400 on test_flow) and changes nothing', async () => {
    const { flows } = await w.planWith(1);
    const step = flows[0]!.steps[0]!;
    const res = await move(step, { test_flow: w.flows.acme.id, to: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      test_flow: ['Steps move only between flows of the same milestone.'],
    });
    const gone = await move(step, { test_flow: 999999 });
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toEqual({ test_flow: ['Invalid pk "999999" - object does not exist.'] });
    expect(await w.stepOrderOf(flows[0]!.id)).toEqual([step]);
  });

  it.each([
    [{}, 'to', 'This field is required.'],
    [{ direction: 'sideways' }, 'direction', '"sideways" is not a valid choice.'],
    [{ to: -3 }, 'to', 'Ensure this value is greater than or equal to 0.'],
    [{ to: [] }, 'to', 'A valid integer is required.'],
    [{ test_flow: 'x' }, 'test_flow', 'Incorrect type. Expected pk value, received str.'],
  ])('rejects %j with a 400 on %s', async (body, field, message) => {
    const res = await move(w.steps.acme.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
  });

  it('answers 404 for an unknown step', async () => {
    expect((await move(999999, { to: 0 })).statusCode).toBe(404);
  });
});

describe('test-steps: concurrency', () => {
  it('racing moves within and across flows keep every flow unique and gap-free', async () => {
    const { flows } = await w.planWith(5, 5, 5);
    const flowIds = flows.map((f) => f.id);
    const all = flows.flatMap((f) => f.steps);
    const calls = all.map((id, i) =>
      i % 3 === 0
        ? move(id, { test_flow: flowIds[(i + 1) % 3], to: i % 4 })
        : i % 3 === 1
          ? move(id, { direction: i % 2 ? 'up' : 'down' }, 'member')
          : move(id, { to: 0, test_flow: flowIds[(i + 2) % 3] }),
    );
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(200);
    const final = await Promise.all(flowIds.map((id) => w.stepOrderOf(id)));
    expect(final.flat().sort((p, q) => p - q)).toEqual([...all].sort((p, q) => p - q));
  });

  it('cross-flow step moves racing flow moves and a flow delete leave a consistent plan', async () => {
    const { milestone, flows } = await w.planWith(4, 4, 4, 4);
    const flowIds = flows.map((f) => f.id);
    const doomed = flowIds[1]!;
    const steps = flows.flatMap((f) => f.steps);
    const calls = [
      ...steps.map((id, i) =>
        move(id, { test_flow: flowIds[(i + 1) % 4], to: i % 3 }, i % 2 ? 'member' : 'staff'),
      ),
      ...flowIds.map((id, i) =>
        w
          .as('member')
          .post(`/api/test-flows/${id}/move/`, i % 2 ? { to: 0 } : { direction: 'down' }),
      ),
      w.as('staff').delete(`/api/test-flows/${doomed}/`),
      w.as('member').post('/api/test-steps/', { test_flow: flowIds[0], description: 'New' }),
    ];
    const results = await Promise.all(calls);
    // A step or flow caught by the delete is gone (404) or its target is (400); never a 500.
    for (const res of results) expect([200, 201, 204, 400, 404]).toContain(res.statusCode);
    const remaining = await w.flowOrderOf(milestone.id);
    expect([...remaining].sort((a, b) => a - b)).toEqual(
      flowIds.filter((id) => id !== doomed).sort((a, b) => a - b),
    );
    const survivors = (await Promise.all(remaining.map((id) => w.stepOrderOf(id)))).flat();
    expect(new Set(survivors).size).toBe(survivors.length);
    expect(await w.stepOrderOf(doomed)).toEqual([]);
  });
});
