import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestFlow } from '@portal/contract/test-plans';
import { testSteps } from '../../../db/schema/index';
import { useTestWorld } from '../../../test/test-world';
import { NOT_FOUND, UNAUTHENTICATED } from '../../clients/test-fixtures';
import { createTestPlanWorld } from '../test-fixtures';

const { t, w } = useTestWorld(createTestPlanWorld, 'tfl');

const move = (id: number, body: unknown, role: 'staff' | 'member' = 'staff') =>
  w.as(role).post(`/api/test-flows/${id}/move/`, body);
const ids = (flows: TestFlow[]) => flows.map((f) => f.id);

describe('test-flows permissions', () => {
  it('visitors get 401 everywhere', async () => {
    const api = w.as('visitor');
    const id = w.flows.acme.id;
    for (const res of [
      await api.get('/api/test-flows/'),
      await api.get(`/api/test-flows/${id}/`),
      await api.post('/api/test-flows/', { milestone: w.milestones.acme.id, name: 'x' }),
      await api.patch(`/api/test-flows/${id}/`, { name: 'x' }),
      await api.put(`/api/test-flows/${id}/`, { name: 'x' }),
      await api.delete(`/api/test-flows/${id}/`),
      await api.post(`/api/test-flows/${id}/move/`, { to: 0 }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('members read their milestones’ flows, each with its ordered steps', async () => {
    const member = w.as('member');
    expect((await member.get('/api/test-flows/')).json().results).toEqual([w.flows.acme]);
    const byMilestone = await member.get(`/api/test-flows/?milestone=${w.milestones.acme.id}`);
    expect(byMilestone.json()).toMatchObject({ count: 1, results: [w.flows.acme] });
    expect(
      (await member.get(`/api/test-flows/?milestone=${w.milestones.globex.id}`)).json().count,
    ).toBe(0);
    expect((await member.get(`/api/test-flows/${w.flows.acme.id}/`)).json()).toEqual(w.flows.acme);
  });

  it('a member of another client finds nothing of Acme and may not touch it (404/400)', async () => {
    const outsider = w.as('outsider');
    const id = w.flows.acme.id;
    expect((await outsider.get('/api/test-flows/')).json().results).toEqual([w.flows.globex]);
    for (const res of [
      await outsider.get(`/api/test-flows/${id}/`),
      await outsider.patch(`/api/test-flows/${id}/`, { name: 'Hacked' }),
      await outsider.put(`/api/test-flows/${id}/`, { name: 'Hacked' }),
      await outsider.delete(`/api/test-flows/${id}/`),
      await outsider.post(`/api/test-flows/${id}/move/`, { to: 0 }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const create = await outsider.post('/api/test-flows/', {
      milestone: w.milestones.acme.id,
      name: 'Sneaky',
    });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toEqual({
      milestone: [`Invalid pk "${w.milestones.acme.id}" - object does not exist.`],
    });
    expect((await w.as('staff').get(`/api/test-flows/${id}/`)).json()).toEqual(w.flows.acme);
  });

  it('members create, rename, move and delete flows of their milestones', async () => {
    const member = w.as('member');
    const milestone = await w.createMilestone(w.projects.acme.id, 'Member plan');
    const first = await w.createFlow(milestone.id, '  Checkout  ', 'member');
    expect(first).toEqual({
      id: first.id,
      name: 'Checkout',
      order: 0,
      milestone: milestone.id,
      test_steps: [],
    });
    const second = await w.createFlow(milestone.id, 'Refunds', 'member');
    expect(second.order).toBe(1);
    const renamed = await member.patch(`/api/test-flows/${first.id}/`, { name: 'Pay' });
    expect(renamed.json()).toMatchObject({ id: first.id, name: 'Pay', order: 0 });
    const moved = await move(first.id, { direction: 'down' }, 'member');
    expect(moved.statusCode).toBe(200);
    expect(ids(moved.json())).toEqual([second.id, first.id]);
    expect((await member.delete(`/api/test-flows/${second.id}/`)).statusCode).toBe(204);
    expect(await w.flowOrderOf(milestone.id)).toEqual([first.id]);
  });

  it('staff read every flow', async () => {
    const all: TestFlow[] = (await w.as('staff').get('/api/test-flows/?page_size=100')).json()
      .results;
    expect(ids(all)).toEqual(expect.arrayContaining([w.flows.acme.id, w.flows.globex.id]));
  });
});

describe('test-flows: writes', () => {
  it('appends flows in order and answers them with their steps', async () => {
    const { milestone, flows } = await w.planWith(2, 0, 1);
    const list = await w.as('staff').get(`/api/test-flows/?milestone=${milestone.id}`);
    const results: TestFlow[] = list.json().results;
    expect(results.map((f) => [f.name, f.order, f.test_steps.map((s) => s.description)])).toEqual([
      ['F0', 0, ['0.0', '0.1']],
      ['F1', 1, []],
      ['F2', 2, ['2.0']],
    ]);
    expect(results[0]!.test_steps.map((s) => s.order)).toEqual([0, 1]);
    expect(ids(results)).toEqual(flows.map((f) => f.id));
  });

  it.each([
    [{ milestone: 0, name: '' }, 'name', 'This field may not be blank.'],
    [{ milestone: 0, name: '   ' }, 'name', 'This field may not be blank.'],
    [{ milestone: 0 }, 'name', 'This field is required.'],
    [
      { milestone: 0, name: 'x'.repeat(256) },
      'name',
      'Ensure this field has no more than 255 characters.',
    ],
    [{ name: 'Flow' }, 'milestone', 'This field is required.'],
    [
      { milestone: 'abc', name: 'Flow' },
      'milestone',
      'Incorrect type. Expected pk value, received str.',
    ],
    [
      { milestone: 999999, name: 'Flow' },
      'milestone',
      'Invalid pk "999999" - object does not exist.',
    ],
  ])('rejects %j with a 400 on %s', async (body, field, message) => {
    const payload: Record<string, unknown> = { ...body };
    if (payload.milestone === 0) payload.milestone = w.milestones.acme.id;
    const res = await w.as('staff').post('/api/test-flows/', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()[field]).toEqual([message]);
  });

  it('rejects a blank rename and keeps the name', async () => {
    const flow = await w.createFlow(w.milestones.acme.id, 'Keep me');
    for (const res of [
      await w.as('member').patch(`/api/test-flows/${flow.id}/`, { name: ' ' }),
      await w.as('member').put(`/api/test-flows/${flow.id}/`, {}),
      await w.as('member').patch(`/api/test-flows/${flow.id}/`, { name: 12 }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['name']);
    }
    expect((await w.as('staff').get(`/api/test-flows/${flow.id}/`)).json().name).toBe('Keep me');
    expect((await w.as('staff').delete(`/api/test-flows/${flow.id}/`)).statusCode).toBe(204);
  });

  it('deleting a flow deletes its steps and closes the gap', async () => {
    const { milestone, flows } = await w.planWith(1, 3, 2);
    const res = await w.as('member').delete(`/api/test-flows/${flows[1]!.id}/`);
    expect(res.statusCode).toBe(204);
    expect(await w.flowOrderOf(milestone.id)).toEqual([flows[0]!.id, flows[2]!.id]);
    const left = await t.db.select().from(testSteps).where(eq(testSteps.testFlowId, flows[1]!.id));
    expect(left).toEqual([]);
    for (const stepId of flows[1]!.steps)
      expect((await w.as('staff').get(`/api/test-steps/${stepId}/`)).statusCode).toBe(404);
    expect((await w.as('staff').delete(`/api/test-flows/${flows[1]!.id}/`)).statusCode).toBe(404);
  });

  it('deleting the milestone deletes its flows and steps', async () => {
    const { milestone, flows } = await w.planWith(2);
    expect((await w.as('staff').delete(`/api/milestones/${milestone.id}/`)).statusCode).toBe(204);
    expect((await w.as('staff').get(`/api/test-flows/${flows[0]!.id}/`)).statusCode).toBe(404);
    expect(await w.stepOrderOf(flows[0]!.id)).toEqual([]);
  });
});

describe('test-flows: move', () => {
  it('moves up and down; the first up and the last down answer the list unchanged', async () => {
    const { milestone, flows } = await w.planWith(1, 0, 2);
    const [a, b, c] = flows.map((f) => f.id) as [number, number, number];
    const down = await move(a, { direction: 'down' });
    expect(down.statusCode).toBe(200);
    const answered: TestFlow[] = down.json();
    expect(ids(answered)).toEqual([b, a, c]);
    expect(answered.map((f) => f.order)).toEqual([0, 1, 2]);
    expect(answered[1]!.test_steps.map((s) => s.description)).toEqual(['0.0']);
    expect(ids((await move(c, { direction: 'up' })).json())).toEqual([b, c, a]);
    const firstUp = await move(b, { direction: 'up' });
    expect(firstUp.statusCode).toBe(200);
    expect(ids(firstUp.json())).toEqual([b, c, a]);
    const lastDown = await move(a, { direction: 'down' });
    expect(lastDown.statusCode).toBe(200);
    expect(ids(lastDown.json())).toEqual([b, c, a]);
    expect(await w.flowOrderOf(milestone.id)).toEqual([b, c, a]);
  });

  it('moves to any index, clamped; `to` wins over `direction`', async () => {
    const { milestone, flows } = await w.planWith(0, 0, 0, 0);
    const [a, b, c, d] = flows.map((f) => f.id) as [number, number, number, number];
    expect(ids((await move(a, { to: 2 })).json())).toEqual([b, c, a, d]);
    expect(ids((await move(d, { to: 0, direction: 'down' })).json())).toEqual([d, b, c, a]);
    expect(ids((await move(b, { to: 99 })).json())).toEqual([d, c, a, b]);
    expect(ids((await move(b, { to: '0' })).json())).toEqual([b, d, c, a]);
    expect(await w.flowOrderOf(milestone.id)).toEqual([b, d, c, a]);
  });

  it.each([
    [{}, 'to', 'This field is required.'],
    [{ direction: 'left' }, 'direction', '"left" is not a valid choice.'],
    [{ to: -1 }, 'to', 'Ensure this value is greater than or equal to 0.'],
    [{ to: 'first' }, 'to', 'A valid integer is required.'],
    [{ to: 1.5 }, 'to', 'A valid integer is required.'],
  ])('rejects %j with a 400 on %s', async (body, field, message) => {
    const res = await move(w.flows.acme.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
  });

  it('answers 404 for an unknown flow and a non-object body with a 400', async () => {
    expect((await move(999999, { to: 0 })).statusCode).toBe(404);
    const res = await w.as('staff').post(`/api/test-flows/${w.flows.acme.id}/move/`, [1]);
    expect(res.statusCode).toBe(400);
  });

  it('concurrent moves, creates and deletes keep positions unique and gap-free', async () => {
    const { milestone, flows } = await w.planWith(2, 2, 2, 2, 2, 2);
    const flowIds = flows.map((f) => f.id);
    const calls = [
      ...flowIds.map((id, i) => move(id, i % 2 === 0 ? { direction: 'down' } : { to: 0 })),
      ...flowIds.map((id, i) => move(id, { to: (i * 7) % 6 }, 'member')),
      w.as('member').delete(`/api/test-flows/${flowIds[3]}/`),
      w.as('member').post('/api/test-flows/', { milestone: milestone.id, name: 'Late' }),
      w.as('staff').post('/api/test-flows/', { milestone: milestone.id, name: 'Later' }),
    ];
    const results = await Promise.all(calls);
    for (const res of results) expect([200, 201, 204, 404]).toContain(res.statusCode);
    const final = await w.flowOrderOf(milestone.id);
    expect(final).toHaveLength(7);
    expect(final).not.toContain(flowIds[3]);
  });
});
