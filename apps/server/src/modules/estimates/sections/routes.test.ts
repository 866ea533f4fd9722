import {} from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EstimateSection } from '@portal/contract/estimates';
import { estimateSections } from '../../../db/schema/index';
import { useTestWorld } from '../../../test/test-world';
import { idsInOrder } from '../../../test/ids-in-order';
import { DENIED, NOT_FOUND, UNAUTHENTICATED } from '../../clients/test-fixtures';
import { createEstimateWorld, expectItemGone } from '../test-fixtures';

const { t, w } = useTestWorld(createEstimateWorld, 'sec');

/** A fresh Acme estimate with `n` sections named s0…s{n-1}. */
const estimateWith = async (n: number) => {
  const estimate = await w.createEstimate(w.projects.acme.id, `with ${n}`);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await w.createSection(estimate.id, `s${i}`)).id);
  return { estimate, ids };
};

const orderOf = (estimateId: number) =>
  idsInOrder(
    t.db,
    {
      id: estimateSections.id,
      parent: estimateSections.estimateId,
      position: estimateSections.order,
    },
    estimateId,
  );

const move = (id: number, body: unknown) =>
  w.as('staff').post(`/api/estimate-sections/${id}/move/`, body);

describe('estimate-sections permissions', () => {
  it('visitors get 401 everywhere', async () => {
    const api = w.as('visitor');
    const id = w.sections.acme.id;
    for (const res of [
      await api.get('/api/estimate-sections/'),
      await api.get(`/api/estimate-sections/${id}/`),
      await api.post('/api/estimate-sections/', { estimate: w.estimates.acme.id, name: 'x' }),
      await api.patch(`/api/estimate-sections/${id}/`, { name: 'x' }),
      await api.delete(`/api/estimate-sections/${id}/`),
      await api.post(`/api/estimate-sections/${id}/move/`, { to: 0 }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('members read their estimates’ sections, with items, and nothing else', async () => {
    const member = w.as('member');
    const all = (await member.get('/api/estimate-sections/')).json();
    expect(all.results.map((s: EstimateSection) => s.id)).toEqual([w.sections.acme.id]);
    const mine = (
      await member.get(`/api/estimate-sections/?estimate=${w.estimates.acme.id}`)
    ).json();
    expect(mine.results).toEqual([
      {
        ...w.sections.acme,
        items: [w.items.acme],
        total_hours_low: '1.00',
        total_hours_high: '2.00',
      },
    ]);
    expect(
      (await member.get(`/api/estimate-sections/?estimate=${w.estimates.globex.id}`)).json().count,
    ).toBe(0);
    expect((await member.get(`/api/estimate-sections/${w.sections.acme.id}/`)).json().name).toBe(
      'Design',
    );
    const hidden = await member.get(`/api/estimate-sections/${w.sections.globex.id}/`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(NOT_FOUND);
  });

  it('a member of another client finds nothing of Acme', async () => {
    const outsider = w.as('outsider');
    expect(
      (await outsider.get('/api/estimate-sections/'))
        .json()
        .results.map((s: EstimateSection) => s.id),
    ).toEqual([w.sections.globex.id]);
    expect((await outsider.get(`/api/estimate-sections/${w.sections.acme.id}/`)).statusCode).toBe(
      404,
    );
  });

  it.each(['member', 'outsider'] as const)('%s may not write or move (403)', async (role) => {
    const api = w.as(role);
    const id = w.sections.acme.id;
    for (const res of [
      await api.post('/api/estimate-sections/', { estimate: w.estimates.acme.id, name: 'x' }),
      await api.post('/api/estimate-sections/', {}),
      await api.patch(`/api/estimate-sections/${id}/`, { name: 'x' }),
      await api.put(`/api/estimate-sections/${id}/`, { name: 'x' }),
      await api.delete(`/api/estimate-sections/${id}/`),
      await api.post(`/api/estimate-sections/${id}/move/`, { to: 0 }),
      await api.post(`/api/estimate-sections/${id}/move/`, { to: 'bad' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(DENIED);
    }
    expect((await w.as('staff').get(`/api/estimate-sections/${id}/`)).json().name).toBe('Design');
  });
});

describe('estimate-sections: staff writes', () => {
  it('creates sections at the end and renames them; the estimate never changes', async () => {
    const staff = w.as('staff');
    const { estimate, ids } = await estimateWith(2);
    const res = await staff.post('/api/estimate-sections/', {
      estimate: String(estimate.id),
      name: '  Launch  ',
    });
    expect(res.statusCode).toBe(201);
    const third = res.json();
    expect(third).toEqual({
      id: expect.any(Number),
      estimate: estimate.id,
      name: 'Launch',
      order: 2,
      items: [],
      total_hours_low: '0.00',
      total_hours_high: '0.00',
    });
    const renamed = await staff.patch(`/api/estimate-sections/${third.id}/`, {
      name: 'Go live',
      estimate: w.estimates.globex.id,
      order: 0,
    });
    expect(renamed.json()).toEqual({ ...third, name: 'Go live' });
    expect(
      (await staff.put(`/api/estimate-sections/${third.id}/`, { name: 'Live' })).json().name,
    ).toBe('Live');
    expect(await orderOf(estimate.id)).toEqual([...ids, third.id]);
  });

  it('deletes a section with its items and their comments, closing the gap', async () => {
    const staff = w.as('staff');
    const { estimate, ids } = await estimateWith(3);
    const item = await w.createItem(ids[1]!, 'goes too');
    await staff.post('/api/estimate-item-comments/', { item: item.id, content: 'and me' });
    expect((await staff.delete(`/api/estimate-sections/${ids[1]}/`)).statusCode).toBe(204);
    expect((await staff.delete(`/api/estimate-sections/${ids[1]}/`)).statusCode).toBe(404);
    expect(await orderOf(estimate.id)).toEqual([ids[0], ids[2]]);
    await expectItemGone(t, item.id);
  });

  it('pages sections with their items', async () => {
    const { estimate, ids } = await estimateWith(3);
    await w.createItem(ids[2]!, 'on page two');
    const page = (
      await w.as('staff').get(`/api/estimate-sections/?estimate=${estimate.id}&page=2&page_size=2`)
    ).json();
    expect(page.count).toBe(3);
    expect(page.results.map((s: EstimateSection) => [s.id, s.items.length])).toEqual([[ids[2], 1]]);
  });

  it.each([
    [{}, { estimate: ['This field is required.'], name: ['This field is required.'] }],
    [
      { estimate: 999999, name: 'x' },
      { estimate: ['Invalid pk "999999" - object does not exist.'] },
    ],
    [
      { estimate: 'x', name: 'x' },
      { estimate: ['Incorrect type. Expected pk value, received str.'] },
    ],
    [{ estimate: 1, name: ' ' }, { name: ['This field may not be blank.'] }],
    [
      { estimate: 1, name: 'x'.repeat(256) },
      { name: ['Ensure this field has no more than 255 characters.'] },
    ],
  ])('create %j → 400', async (body, errors) => {
    const res = await w.as('staff').post('/api/estimate-sections/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
  });
});

describe('estimate-sections: move', () => {
  it('moves to an index (clamped) or a step, answering every section in order with items', async () => {
    const { estimate, ids } = await estimateWith(4);
    const [a, b, c, d] = ids as [number, number, number, number];
    await w.createItem(a, 'kept with its section');
    const res = await move(a, { to: 2 });
    expect(res.statusCode).toBe(200);
    const sections: EstimateSection[] = res.json();
    expect(sections.map((s) => [s.id, s.order])).toEqual([
      [b, 0],
      [c, 1],
      [a, 2],
      [d, 3],
    ]);
    expect(sections[2]?.items.map((i) => i.description)).toEqual(['kept with its section']);
    await move(d, { to: 99 });
    expect(await orderOf(estimate.id)).toEqual([b, c, a, d]);
    await move(d, { direction: 'up' });
    expect(await orderOf(estimate.id)).toEqual([b, c, d, a]);
    await move(b, { direction: 'up', to: 3 });
    expect(await orderOf(estimate.id)).toEqual([c, d, a, b]);
  });

  it('refuses bad moves with a 400 on `to`, and unknown sections with a 404', async () => {
    const { ids } = await estimateWith(1);
    expect((await move(ids[0]!, {})).json()).toEqual({ to: ['This field is required.'] });
    expect((await move(ids[0]!, { to: -1 })).json()).toEqual({
      to: ['Ensure this value is greater than or equal to 0.'],
    });
    expect((await move(ids[0]!, { to: 'x' })).json()).toEqual({
      to: ['A valid integer is required.'],
    });
    expect((await move(999999, { to: 0 })).statusCode).toBe(404);
  });

  it('keeps positions unique and gap-free under concurrent moves', async () => {
    const { estimate, ids } = await estimateWith(6);
    const moves = Array.from({ length: 24 }, (_, i) =>
      move(ids[(i * 5) % ids.length]!, { to: (i * 7) % ids.length }),
    );
    for (const res of await Promise.all(moves)) expect(res.statusCode).toBe(200);
    expect((await orderOf(estimate.id)).sort()).toEqual([...ids].sort());
  });
});
