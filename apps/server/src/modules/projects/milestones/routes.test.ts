import { beforeAll, describe, expect, it } from 'vitest';
import { milestones, type projects } from '../../../db/schema/index';
import { useTestWorld } from '../../../test/test-world';
import { idsInOrder } from '../../../test/ids-in-order';
import {
  createProjectWorld,
  DENIED,
  insertProject,
  NOT_FOUND,
  UNAUTHENTICATED,
} from '../../clients/test-fixtures';

type ProjectRow = typeof projects.$inferSelect;
type MilestoneDto = { id: number; name: string; project: number; order: number };

const { t, w } = useTestWorld(createProjectWorld, 'ms');
let acme: ProjectRow;
let globex: ProjectRow;
let acmeMilestone: MilestoneDto;
let globexMilestone: MilestoneDto;

const staffCreate = async (project: number, name: string): Promise<MilestoneDto> => {
  const res = await w.as('staff').post('/api/milestones/', { project, name });
  expect(res.statusCode).toBe(201);
  return res.json();
};

beforeAll(async () => {
  ({ acme, globex } = w.projects);
  acmeMilestone = await staffCreate(acme.id, 'Kick-off');
  globexMilestone = await staffCreate(globex.id, 'Secret');
});

/** A fresh project with `n` milestones named m0…m{n-1}. */
const projectWith = async (slug: string, n: number) => {
  const project = await insertProject(t, { clientId: w.acme.id, name: slug, slug });
  const created = [];
  for (let i = 0; i < n; i++) created.push(await staffCreate(project.id, `m${i}`));
  return { project, ids: created.map((m) => m.id) };
};

const orderOf = (projectId: number) =>
  idsInOrder(
    t.db,
    { id: milestones.id, parent: milestones.projectId, position: milestones.order },
    projectId,
  );

const move = (id: number, body: unknown) => w.as('staff').post(`/api/milestones/${id}/move/`, body);

describe('milestones permissions', () => {
  it('visitors get 401 everywhere', async () => {
    const api = w.as('visitor');
    for (const res of [
      await api.get('/api/milestones/'),
      await api.get(`/api/milestones/${acmeMilestone.id}/`),
      await api.post('/api/milestones/', { project: acme.id, name: 'x' }),
      await api.patch(`/api/milestones/${acmeMilestone.id}/`, { name: 'x' }),
      await api.delete(`/api/milestones/${acmeMilestone.id}/`),
      await api.post(`/api/milestones/${acmeMilestone.id}/move/`, { to: 0 }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('members read their projects’ milestones only', async () => {
    const member = w.as('member');
    const list = (await member.get('/api/milestones/')).json();
    expect(list.results.map((m: MilestoneDto) => m.project)).not.toContain(globex.id);
    expect(list.results).toContainEqual(acmeMilestone);
    expect((await member.get(`/api/milestones/?project=${acme.id}`)).json().results).toEqual([
      acmeMilestone,
    ]);
    expect((await member.get(`/api/milestones/?project=${globex.id}`)).json().count).toBe(0);
    expect((await member.get(`/api/milestones/${acmeMilestone.id}/`)).json()).toEqual(
      acmeMilestone,
    );
    const hidden = await member.get(`/api/milestones/${globexMilestone.id}/`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(NOT_FOUND);
  });

  it('outsiders see only their own client’s milestones', async () => {
    const outsider = w.as('outsider');
    expect((await outsider.get('/api/milestones/')).json().results).toEqual([globexMilestone]);
    expect((await outsider.get(`/api/milestones/${acmeMilestone.id}/`)).statusCode).toBe(404);
  });

  it.each(['member', 'outsider'] as const)('%s may not write or move (403)', async (role) => {
    const api = w.as(role);
    for (const res of [
      await api.post('/api/milestones/', { project: acme.id, name: 'x' }),
      await api.patch(`/api/milestones/${acmeMilestone.id}/`, { name: 'x' }),
      await api.put(`/api/milestones/${acmeMilestone.id}/`, { name: 'x' }),
      await api.delete(`/api/milestones/${acmeMilestone.id}/`),
      await api.post(`/api/milestones/${acmeMilestone.id}/move/`, { to: 0 }),
      await api.post(`/api/milestones/${acmeMilestone.id}/move/`, { to: 'bad' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(DENIED);
    }
    expect((await w.as('staff').get(`/api/milestones/${acmeMilestone.id}/`)).json().name).toBe(
      'Kick-off',
    );
  });

  it('staff create, read, rename and delete milestones', async () => {
    const staff = w.as('staff');
    const { project, ids } = await projectWith('crud', 2);
    const third = await staffCreate(project.id, '  Launch  ');
    expect(third).toEqual({
      id: expect.any(Number),
      name: 'Launch',
      project: project.id,
      order: 2,
    });
    const renamed = await staff.patch(`/api/milestones/${third.id}/`, {
      name: 'Go live',
      order: 0,
      project: globex.id,
    });
    // Only the name changes: order moves through `move`, and the project never changes.
    expect(renamed.json()).toEqual({ ...third, name: 'Go live' });
    expect((await staff.put(`/api/milestones/${third.id}/`, { name: 'Live' })).json().name).toBe(
      'Live',
    );
    expect((await staff.get(`/api/milestones/${third.id}/`)).json().name).toBe('Live');
    expect((await staff.delete(`/api/milestones/${third.id}/`)).statusCode).toBe(204);
    expect((await staff.delete(`/api/milestones/${third.id}/`)).statusCode).toBe(404);
    expect(await orderOf(project.id)).toEqual(ids);
  });
});

describe('milestone ordering', () => {
  it('appends new milestones at the end', async () => {
    const { project, ids } = await projectWith('append', 3);
    expect(await orderOf(project.id)).toEqual(ids);
    const list = (await w.as('member').get(`/api/milestones/?project=${project.id}`)).json();
    expect(list.results.map((m: MilestoneDto) => [m.id, m.order])).toEqual(
      ids.map((id, i) => [id, i]),
    );
  });

  it('moves to an index and answers the project’s milestones in their new order', async () => {
    const { project, ids } = await projectWith('move', 4);
    const [a, b, c, d] = ids;
    const res = await move(a!, { to: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: b, name: 'm1', project: project.id, order: 0 },
      { id: c, name: 'm2', project: project.id, order: 1 },
      { id: a, name: 'm0', project: project.id, order: 2 },
      { id: d, name: 'm3', project: project.id, order: 3 },
    ]);
    expect(await orderOf(project.id)).toEqual([b, c, a, d]);
  });

  it('clamps `to`, moves one place with `direction`, and lets `to` win', async () => {
    const { project, ids } = await projectWith('clamp', 3);
    const [a, b, c] = ids;
    const ids0 = (res: { json: () => MilestoneDto[] }) => res.json().map((m) => m.id);
    expect(ids0(await move(a!, { to: 99 }))).toEqual([b, c, a]);
    expect(ids0(await move(a!, { direction: 'up' }))).toEqual([b, a, c]);
    expect(ids0(await move(b!, { direction: 'down' }))).toEqual([a, b, c]);
    expect(ids0(await move(a!, { direction: 'up' }))).toEqual([a, b, c]);
    expect(ids0(await move(c!, { direction: 'down' }))).toEqual([a, b, c]);
    expect(ids0(await move(c!, { to: 0, direction: 'down' }))).toEqual([c, a, b]);
    expect(ids0(await move(b!, { to: '1' }))).toEqual([c, b, a]);
    expect(await orderOf(project.id)).toEqual([c, b, a]);
  });

  it('keeps positions exactly 0..n-1 and unique under 20 concurrent moves', async () => {
    const { project, ids } = await projectWith('race', 5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        move(ids[(i * 3) % ids.length]!, i % 4 === 0 ? { direction: 'down' } : { to: i % 6 }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    for (const answer of answers) {
      const orders = answer.json().map((m: MilestoneDto) => m.order);
      expect(orders).toEqual([0, 1, 2, 3, 4]);
    }
    expect((await orderOf(project.id)).sort((x, y) => x - y)).toEqual(ids);
  });

  it('keeps positions unique when milestones are created and deleted concurrently', async () => {
    const { project, ids } = await projectWith('churn', 4);
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => staffCreate(project.id, `new${i}`)),
      w.as('staff').delete(`/api/milestones/${ids[1]}/`),
      w.as('staff').delete(`/api/milestones/${ids[2]}/`),
      move(ids[3]!, { to: 0 }),
    ]);
    expect(await orderOf(project.id)).toHaveLength(8);
  });

  it('closes the gap when a milestone is deleted', async () => {
    const { project, ids } = await projectWith('gap', 4);
    expect((await w.as('staff').delete(`/api/milestones/${ids[1]}/`)).statusCode).toBe(204);
    expect(await orderOf(project.id)).toEqual([ids[0], ids[2], ids[3]]);
    const next = await staffCreate(project.id, 'after');
    expect(next.order).toBe(3);
  });
});

describe('milestone input', () => {
  it('answers bad input with a 400 naming the field', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{ name: 'x' }, { project: ['This field is required.'] }],
      [{ project: acme.id }, { name: ['This field is required.'] }],
      [{ project: acme.id, name: '  ' }, { name: ['This field may not be blank.'] }],
      [
        { project: 'abc', name: 'x' },
        { project: ['Incorrect type. Expected pk value, received str.'] },
      ],
      [
        { project: 987654, name: 'x' },
        { project: ['Invalid pk "987654" - object does not exist.'] },
      ],
      [
        { project: acme.id, name: 'x'.repeat(256) },
        { name: ['Ensure this field has no more than 255 characters.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await w.as('staff').post('/api/milestones/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
  });

  it('answers bad moves with a 400 on `to` or `direction`, and unknown ids with 404', async () => {
    const id = acmeMilestone.id;
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { to: ['This field is required.'] }],
      [{ to: -1 }, { to: ['Ensure this value is greater than or equal to 0.'] }],
      [{ to: 'first' }, { to: ['A valid integer is required.'] }],
      [{ to: 1.5 }, { to: ['A valid integer is required.'] }],
      [{ direction: 'left' }, { direction: ['"left" is not a valid choice.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await move(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const missing = await move(999999, { to: 0 });
    expect(missing.statusCode).toBe(404);
    expect((await move(Number.NaN, { to: 0 })).statusCode).toBe(404);
    expect((await w.as('staff').get('/api/milestones/?project=x')).json()).toEqual({
      project: ['Incorrect type. Expected pk value, received str.'],
    });
  });
});
