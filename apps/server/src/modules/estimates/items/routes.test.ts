import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EstimateItem, EstimateSection } from '@portal/contract/estimates';
import { estimateItems } from '../../../db/schema/index';
import { useTestWorld } from '../../../test/test-world';
import { idsInOrder } from '../../../test/ids-in-order';
import { impersonating } from '../../../test/impersonation';
import { DENIED, NOT_FOUND, UNAUTHENTICATED } from '../../clients/test-fixtures';
import { createEstimateWorld } from '../test-fixtures';

const { t, w } = useTestWorld(createEstimateWorld, 'itm');

/** A fresh Acme estimate with sections of the given sizes; items are named `${section}.${i}`. */
const estimateWith = async (...sizes: number[]) => {
  const estimate = await w.createEstimate(w.projects.acme.id, `sizes ${sizes.join('-')}`);
  const sections: { id: number; items: number[] }[] = [];
  for (const [s, size] of sizes.entries()) {
    const section = await w.createSection(estimate.id, `S${s}`);
    const items: number[] = [];
    for (let i = 0; i < size; i++) items.push((await w.createItem(section.id, `${s}.${i}`)).id);
    sections.push({ id: section.id, items });
  }
  return { estimate, sections };
};

const orderOf = (sectionId: number) =>
  idsInOrder(
    t.db,
    { id: estimateItems.id, parent: estimateItems.sectionId, position: estimateItems.order },
    sectionId,
  );

const move = (id: number, body: unknown) =>
  w.as('staff').post(`/api/estimate-items/${id}/move/`, body);

const itemBody = (section: number, hours: Record<string, unknown>) => ({
  section,
  description: 'Work',
  ...hours,
});

describe('estimate-items permissions', () => {
  it('visitors get 401 everywhere', async () => {
    const api = w.as('visitor');
    const id = w.items.acme.id;
    for (const res of [
      await api.get('/api/estimate-items/'),
      await api.get(`/api/estimate-items/${id}/`),
      await api.post('/api/estimate-items/', itemBody(w.sections.acme.id, {})),
      await api.patch(`/api/estimate-items/${id}/`, { description: 'x' }),
      await api.delete(`/api/estimate-items/${id}/`),
      await api.post(`/api/estimate-items/${id}/move/`, { to: 0 }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('members read their estimates’ items only', async () => {
    const member = w.as('member');
    expect((await member.get('/api/estimate-items/')).json().results).toEqual([w.items.acme]);
    expect(
      (await member.get(`/api/estimate-items/?section=${w.sections.acme.id}`)).json().results,
    ).toEqual([w.items.acme]);
    expect(
      (await member.get(`/api/estimate-items/?estimate=${w.estimates.globex.id}`)).json().count,
    ).toBe(0);
    expect((await member.get(`/api/estimate-items/${w.items.acme.id}/`)).json()).toEqual(
      w.items.acme,
    );
    const hidden = await member.get(`/api/estimate-items/${w.items.globex.id}/`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(NOT_FOUND);
  });

  it('a member of another client finds nothing of Acme', async () => {
    const outsider = w.as('outsider');
    expect((await outsider.get('/api/estimate-items/')).json().results).toEqual([w.items.globex]);
    expect((await outsider.get(`/api/estimate-items/${w.items.acme.id}/`)).statusCode).toBe(404);
  });

  it.each(['member', 'outsider'] as const)('%s may not write or move (403)', async (role) => {
    const api = w.as(role);
    const id = w.items.acme.id;
    for (const res of [
      await api.post(
        '/api/estimate-items/',
        itemBody(w.sections.acme.id, { hours_low: 1, hours_high: 1 }),
      ),
      await api.post('/api/estimate-items/', { hours_low: -1 }),
      await api.patch(`/api/estimate-items/${id}/`, { description: 'x' }),
      await api.put(`/api/estimate-items/${id}/`, { description: 'x' }),
      await api.delete(`/api/estimate-items/${id}/`),
      await api.post(`/api/estimate-items/${id}/move/`, { to: 0 }),
      await api.post(`/api/estimate-items/${id}/move/`, { section: w.sections.globex.id }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(DENIED);
    }
    expect((await w.as('staff').get(`/api/estimate-items/${id}/`)).json()).toEqual(w.items.acme);
  });
});

describe('estimate-items: staff writes', () => {
  it('creates items at the end of their section, with hours as 2-decimal strings', async () => {
    const { sections } = await estimateWith(2);
    const res = await w.as('staff').post('/api/estimate-items/', {
      section: sections[0]!.id,
      description: '  Checkout  ',
      hours_low: '1.5',
      hours_high: 3,
      notes: 'Stripe',
      questions: null,
      order: 0,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      section: sections[0]!.id,
      description: 'Checkout',
      hours_low: '1.50',
      hours_high: '3.00',
      notes: 'Stripe',
      questions: '',
      comment_count: 0,
      order: 2,
    });
  });

  it('updates fields; the section changes only through move', async () => {
    const staff = w.as('staff');
    const { sections } = await estimateWith(1, 0);
    const id = sections[0]!.items[0]!;
    const patched = await staff.patch(`/api/estimate-items/${id}/`, {
      notes: 'n',
      questions: 'q?',
      section: sections[1]!.id,
    });
    expect(patched.json()).toMatchObject({ notes: 'n', questions: 'q?', section: sections[0]!.id });
    const put = await staff.put(`/api/estimate-items/${id}/`, {
      description: 'Whole',
      hours_low: '0.25',
      hours_high: '0.75',
    });
    expect(put.json()).toMatchObject({
      description: 'Whole',
      hours_low: '0.25',
      hours_high: '0.75',
      notes: 'n',
    });
    expect((await staff.put(`/api/estimate-items/${id}/`, { description: 'x' })).json()).toEqual({
      hours_low: ['This field is required.'],
      hours_high: ['This field is required.'],
    });
    expect((await staff.patch('/api/estimate-items/999999/', { notes: 'x' })).statusCode).toBe(404);
  });

  it('deletes an item and closes the gap', async () => {
    const staff = w.as('staff');
    const { sections } = await estimateWith(3);
    const [a, b, c] = sections[0]!.items as [number, number, number];
    expect((await staff.delete(`/api/estimate-items/${b}/`)).statusCode).toBe(204);
    expect((await staff.delete(`/api/estimate-items/${b}/`)).statusCode).toBe(404);
    expect(await orderOf(sections[0]!.id)).toEqual([a, c]);
  });
});

describe('estimate-items: Undo re-creates a deleted item where it was', () => {
  const restore = (section: number) =>
    itemBody(section, { hours_low: '1', hours_high: '2', insert_at: 1 });

  it('staff re-create it at its old position in one step, the others closing up behind', async () => {
    const staff = w.as('staff');
    const { sections } = await estimateWith(3);
    const [a, b, c] = sections[0]!.items as [number, number, number];
    expect((await staff.delete(`/api/estimate-items/${b}/`)).statusCode).toBe(204);
    const res = await staff.post('/api/estimate-items/', restore(sections[0]!.id));
    expect(res.statusCode).toBe(201);
    const back = res.json<EstimateItem>();
    expect(back.order).toBe(1);
    expect(await orderOf(sections[0]!.id)).toEqual([a, back.id, c]);
    // Past the end it is clamped to the end.
    const last = await staff.post('/api/estimate-items/', {
      ...restore(sections[0]!.id),
      insert_at: 99,
    });
    expect(last.json<EstimateItem>().order).toBe(3);
    expect(
      (
        await staff.post('/api/estimate-items/', { ...restore(sections[0]!.id), insert_at: -1 })
      ).json(),
    ).toEqual({ insert_at: ['Ensure this value is greater than or equal to 0.'] });
  });

  it.each(['member', 'outsider'] as const)('%s may not re-create (403)', async (role) => {
    const res = await w.as(role).post('/api/estimate-items/', restore(w.sections.acme.id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(DENIED);
  });

  it('staff impersonating a member may not re-create (403)', async () => {
    const api = await impersonating(t, w.users.member.id, w.users.staff.id);
    const res = await api.post('/api/estimate-items/', restore(w.sections.acme.id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(DENIED);
  });

  it('visitors get 401', async () => {
    const res = await w.as('visitor').post('/api/estimate-items/', restore(w.sections.acme.id));
    expect(res.statusCode).toBe(401);
  });
});

describe('estimate-items: hours validation', () => {
  const create = (hours: Record<string, unknown>) =>
    w.as('staff').post('/api/estimate-items/', itemBody(w.sections.acme.id, hours));

  it.each([
    [{ hours_low: 0, hours_high: 0 }, '0.00', '0.00'],
    [{ hours_low: '0.1', hours_high: 0.2 }, '0.10', '0.20'],
    [{ hours_low: 2, hours_high: '2' }, '2.00', '2.00'],
    [{ hours_low: ' 1.25 ', hours_high: '1.250' }, '1.25', '1.25'],
    [{ hours_low: 1, hours_high: 999999.99 }, '1.00', '999999.99'],
  ])('accepts %j', async (hours, low, high) => {
    const res = await create(hours);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ hours_low: low, hours_high: high });
  });

  it.each([
    [
      { hours_low: -1, hours_high: 1 },
      'hours_low',
      'Ensure this value is greater than or equal to 0.',
    ],
    [
      { hours_low: 0, hours_high: '-0.01' },
      'hours_high',
      'Ensure this value is greater than or equal to 0.',
    ],
    [
      { hours_low: 3, hours_high: 2 },
      'hours_high',
      'Ensure hours_low is less than or equal to hours_high.',
    ],
    [
      { hours_low: '0.101', hours_high: 1 },
      'hours_low',
      'Ensure that there are no more than 2 decimal places.',
    ],
    [
      { hours_low: 0, hours_high: 1.005 },
      'hours_high',
      'Ensure that there are no more than 2 decimal places.',
    ],
    [
      { hours_low: 0, hours_high: 1e6 },
      'hours_high',
      'Ensure that there are no more than 6 digits before the decimal point.',
    ],
    [
      { hours_low: 0, hours_high: 1e300 },
      'hours_high',
      'Ensure that there are no more than 8 digits in total.',
    ],
    [
      { hours_low: 0, hours_high: '1e999999' },
      'hours_high',
      'Ensure that there are no more than 8 digits in total.',
    ],
    [{ hours_low: 'NaN', hours_high: 1 }, 'hours_low', 'A valid number is required.'],
    [{ hours_low: 'Infinity', hours_high: 1 }, 'hours_low', 'A valid number is required.'],
    [{ hours_low: true, hours_high: 1 }, 'hours_low', 'A valid number is required.'],
    [{ hours_low: '', hours_high: 1 }, 'hours_low', 'A valid number is required.'],
    [{ hours_low: [1], hours_high: 1 }, 'hours_low', 'A valid number is required.'],
    [{ hours_low: null, hours_high: 1 }, 'hours_low', 'This field may not be null.'],
    [{ hours_high: 1 }, 'hours_low', 'This field is required.'],
  ])('%j → 400 on %s', async (hours, field, message) => {
    const res = await create(hours);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
  });

  it('checks a half update against the stored other half', async () => {
    const staff = w.as('staff');
    const item = await w.createItem(w.sections.acme.id, 'Half', { low: 2, high: 4 });
    const url = `/api/estimate-items/${item.id}/`;
    expect((await staff.patch(url, { hours_low: '4.01' })).json()).toEqual({
      hours_low: ['Ensure hours_low is less than or equal to hours_high.'],
    });
    expect((await staff.patch(url, { hours_high: 1.99 })).json()).toEqual({
      hours_high: ['Ensure hours_low is less than or equal to hours_high.'],
    });
    expect((await staff.patch(url, { hours_low: 5, hours_high: 4.5 })).json()).toEqual({
      hours_high: ['Ensure hours_low is less than or equal to hours_high.'],
    });
    expect((await staff.patch(url, { hours_low: 4 })).json()).toMatchObject({
      hours_low: '4.00',
      hours_high: '4.00',
    });
    expect((await staff.patch(url, { hours_high: 10, hours_low: 9 })).json()).toMatchObject({
      hours_low: '9.00',
      hours_high: '10.00',
    });
  });

  it('is enforced by the database as well', async () => {
    const insert = (hoursLow: string, hoursHigh: string) =>
      t.db.insert(estimateItems).values({
        sectionId: w.sections.acme.id,
        description: 'raw',
        hoursLow,
        hoursHigh,
        order: 1000,
      });
    await expect(insert('-1', '1')).rejects.toThrow();
    await expect(insert('3', '2')).rejects.toThrow();
    await expect(insert('1', '1000000')).rejects.toThrow();
  });
});

describe('estimate-items: move', () => {
  it('moves within a section, answering that section', async () => {
    const { sections } = await estimateWith(4);
    const section = sections[0]!;
    const [a, b, c, d] = section.items as [number, number, number, number];
    const res = await move(a, { to: 2 });
    expect(res.statusCode).toBe(200);
    const answer: EstimateSection[] = res.json();
    expect(answer.map((s) => s.id)).toEqual([section.id]);
    expect(answer[0]?.items.map((i) => [i.id, i.order])).toEqual([
      [b, 0],
      [c, 1],
      [a, 2],
      [d, 3],
    ]);
    await move(d, { direction: 'up' });
    expect(await orderOf(section.id)).toEqual([b, c, d, a]);
    await move(b, { section: section.id, to: 99 });
    expect(await orderOf(section.id)).toEqual([c, d, a, b]);
  });

  it('moves into another section at an index or at the end, answering source then target', async () => {
    const { sections } = await estimateWith(3, 2);
    const [source, target] = sections as [
      { id: number; items: number[] },
      { id: number; items: number[] },
    ];
    const [a, b, c] = source.items as [number, number, number];
    const [x, y] = target.items as [number, number];
    const res = await move(b, { section: target.id, to: 1 });
    expect(res.statusCode).toBe(200);
    const answer: EstimateSection[] = res.json();
    expect(answer.map((s) => [s.id, s.items.map((i) => i.id)])).toEqual([
      [source.id, [a, c]],
      [target.id, [x, b, y]],
    ]);
    expect(answer[1]?.items[1]).toMatchObject({ id: b, section: target.id, order: 1 });
    expect(answer.map((s) => s.total_hours_high)).toEqual(['4.00', '6.00']);
    await move(a, { section: String(target.id) });
    expect(await orderOf(source.id)).toEqual([c]);
    expect(await orderOf(target.id)).toEqual([x, b, y, a]);
    // Back into the (now) empty-ish source at the top.
    await move(y, { section: source.id, to: 0 });
    expect(await orderOf(source.id)).toEqual([y, c]);
    expect(await orderOf(target.id)).toEqual([x, b, a]);
  });

  it('keeps items within their estimate and refuses bad moves with a 400 on the field', async () => {
    const { sections } = await estimateWith(1);
    const id = sections[0]!.items[0]!;
    const other = await estimateWith(0);
    expect((await move(id, { section: other.sections[0]!.id })).json()).toEqual({
      section: ['Items move only between sections of the same estimate.'],
    });
    expect((await move(id, { section: 999999 })).json()).toEqual({
      section: ['Invalid pk "999999" - object does not exist.'],
    });
    expect((await move(id, { section: 'two' })).json()).toEqual({
      section: ['Incorrect type. Expected pk value, received str.'],
    });
    expect((await move(id, {})).json()).toEqual({ to: ['This field is required.'] });
    expect((await move(id, { to: -3 })).json()).toEqual({
      to: ['Ensure this value is greater than or equal to 0.'],
    });
    expect((await move(id, { direction: 'sideways' })).json()).toEqual({
      direction: ['"sideways" is not a valid choice.'],
    });
    expect((await move(999999, { to: 0 })).statusCode).toBe(404);
    expect(await orderOf(sections[0]!.id)).toEqual([id]);
  });

  it('keeps both sections unique and gap-free under concurrent moves within and across', async () => {
    const { sections } = await estimateWith(8, 8);
    const sectionIds = sections.map((s) => s.id);
    const allItems = sections.flatMap((s) => s.items);
    const moves = Array.from({ length: 40 }, (_, i) => {
      const item = allItems[(i * 3) % allItems.length]!;
      const to = (i * 5) % 9;
      return i % 3 === 0 ? move(item, { to }) : move(item, { section: sectionIds[i % 2], to });
    });
    for (const res of await Promise.all(moves)) expect(res.statusCode).toBe(200);
    const first = await orderOf(sectionIds[0]!);
    const second = await orderOf(sectionIds[1]!);
    expect([...first, ...second].sort()).toEqual([...allItems].sort());
    const rows = await t.db
      .select({ id: estimateItems.id })
      .from(estimateItems)
      .where(inArray(estimateItems.sectionId, sectionIds));
    expect(rows).toHaveLength(allItems.length);
  });

  it('moves opposite ways between two sections at once without deadlocking', async () => {
    const { sections } = await estimateWith(5, 5);
    const [left, right] = sections as [
      { id: number; items: number[] },
      { id: number; items: number[] },
    ];
    const results = await Promise.all(
      left.items.flatMap((item, i) => [
        move(item, { section: right.id, to: 0 }),
        move(right.items[i]!, { section: left.id, to: 0 }),
      ]),
    );
    for (const res of results) expect(res.statusCode).toBe(200);
    expect((await orderOf(left.id)).sort()).toEqual([...right.items].sort());
    expect((await orderOf(right.id)).sort()).toEqual([...left.items].sort());
  });

  it('stays consistent while sections are reordered and items cross between them', async () => {
    const { estimate, sections } = await estimateWith(4, 4, 4);
    const sectionIds = sections.map((s) => s.id);
    const allItems = sections.flatMap((s) => s.items);
    const staff = w.as('staff');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0
          ? staff.post(`/api/estimate-sections/${sectionIds[i % 3]}/move/`, { to: (i * 2) % 3 })
          : move(allItems[(i * 5) % allItems.length]!, {
              section: sectionIds[(i + 1) % 3],
              to: i % 4,
            }),
      ),
    );
    for (const res of results) expect(res.statusCode).toBe(200);
    const detail = (await staff.get(`/api/estimates/${estimate.id}/`)).json();
    expect(detail.sections.map((s: EstimateSection) => s.order)).toEqual([0, 1, 2]);
    const seen: number[] = [];
    for (const id of sectionIds) seen.push(...(await orderOf(id)));
    expect(seen.sort()).toEqual([...allItems].sort());
  });

  it('stays consistent while a section and items are deleted among moves', async () => {
    const { estimate, sections } = await estimateWith(5, 5, 5);
    const [a, b, c] = sections as [
      { id: number; items: number[] },
      { id: number; items: number[] },
      { id: number; items: number[] },
    ];
    const staff = w.as('staff');
    const doomed = [a.items[4]!, b.items[4]!];
    const results = await Promise.all([
      ...a.items.slice(0, 4).map((item, i) => move(item, { section: b.id, to: i })),
      ...b.items.slice(0, 4).map((item, i) => move(item, { section: a.id, to: 3 - i })),
      ...c.items.map((item) => move(item, { to: 0 })),
      staff.delete(`/api/estimate-sections/${c.id}/`),
      ...doomed.map((item) => staff.delete(`/api/estimate-items/${item}/`)),
      staff.post(`/api/estimate-sections/${a.id}/move/`, { to: 2 }),
    ]);
    // Moves of the deleted section's items may find them gone (404); nothing fails otherwise.
    for (const res of results) expect([200, 204, 404]).toContain(res.statusCode);
    const detail = (await staff.get(`/api/estimates/${estimate.id}/`)).json();
    expect(detail.sections.map((s: EstimateSection) => [s.id, s.order])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
    const left = [...(await orderOf(a.id)), ...(await orderOf(b.id))].sort();
    expect(left).toEqual([...a.items.slice(0, 4), ...b.items.slice(0, 4)].sort());
  });

  it('reflects comment counts in the moved sections', async () => {
    const { sections } = await estimateWith(1, 0);
    const id = sections[0]!.items[0]!;
    await w.as('member').post('/api/estimate-item-comments/', { item: id, content: 'Why?' });
    const answer: EstimateSection[] = (await move(id, { section: sections[1]!.id })).json();
    const moved: EstimateItem | undefined = answer[1]?.items[0];
    expect(moved).toMatchObject({ id, comment_count: 1 });
  });
});
