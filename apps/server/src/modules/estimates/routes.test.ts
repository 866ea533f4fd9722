import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { EstimateDetail, EstimateListItem } from '@portal/contract/estimates';
import {
  estimateItemComments,
  estimateItems,
  estimates,
  estimateSections,
} from '../../db/schema/index';
import { useTestWorld } from '../../test/test-world';
import { DENIED, NOT_FOUND, UNAUTHENTICATED, insertProject } from '../clients/test-fixtures';
import { createEstimateWorld, expectItemGone } from './test-fixtures';

const { t, w } = useTestWorld(createEstimateWorld, 'est');

/**
 * A list entry: the estimate, its high hours (the world gives each estimate one item of 1–2
 * hours after its creation answer) and, never sent here, no version status.
 */
const summary = (detail: EstimateDetail, totalHoursHigh = '2.00'): EstimateListItem => ({
  id: detail.id,
  project: detail.project,
  name: detail.name,
  description: detail.description,
  scope_of_work: detail.scope_of_work,
  deliverables: detail.deliverables,
  not_included: detail.not_included,
  safe_modifier: detail.safe_modifier,
  total_hours_high: totalHoursHigh,
  status: null,
});

describe('estimates permissions', () => {
  it('visitors get 401 everywhere', async () => {
    const api = w.as('visitor');
    const id = w.estimates.acme.id;
    for (const res of [
      await api.get('/api/estimates/'),
      await api.get(`/api/estimates/${id}/`),
      await api.post('/api/estimates/', { project: w.projects.acme.id, name: 'x' }),
      await api.patch(`/api/estimates/${id}/`, { name: 'x' }),
      await api.put(`/api/estimates/${id}/`, { name: 'x' }),
      await api.delete(`/api/estimates/${id}/`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('members list and read their clients’ estimates with project and client nested', async () => {
    const member = w.as('member');
    const list = await member.get('/api/estimates/');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [summary(w.estimates.acme)],
    });
    expect(list.json().results[0].project).toEqual({
      id: w.projects.acme.id,
      name: 'est Acme Site',
      slug: 'est-acme-site',
      client: { id: w.acme.id, name: 'est Acme', slug: 'est-acme' },
    });
    const filtered = await member.get(`/api/estimates/?project=${w.projects.acme.id}`);
    expect(filtered.json().results).toEqual([summary(w.estimates.acme)]);
    expect((await member.get(`/api/estimates/?project=${w.projects.globex.id}`)).json().count).toBe(
      0,
    );
    const detail = await member.get(`/api/estimates/${w.estimates.acme.id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().sections.map((s: { name: string }) => s.name)).toEqual(['Design']);
    const hidden = await member.get(`/api/estimates/${w.estimates.globex.id}/`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(NOT_FOUND);
  });

  it('a member of another client sees only that client’s estimates', async () => {
    const outsider = w.as('outsider');
    expect((await outsider.get('/api/estimates/')).json().results).toEqual([
      summary(w.estimates.globex),
    ]);
    expect((await outsider.get(`/api/estimates/${w.estimates.acme.id}/`)).statusCode).toBe(404);
  });

  it.each(['member', 'outsider'] as const)(
    '%s may not write (403, before validation)',
    async (role) => {
      const api = w.as(role);
      const id = w.estimates.acme.id;
      for (const res of [
        await api.post('/api/estimates/', {
          project: w.projects.acme.id,
          name: 'x',
          description: 'y',
        }),
        await api.post('/api/estimates/', { safe_modifier: -1 }),
        await api.patch(`/api/estimates/${id}/`, { name: 'x' }),
        await api.put(`/api/estimates/${id}/`, { name: 'x' }),
        await api.delete(`/api/estimates/${id}/`),
        await api.delete(`/api/estimates/${w.estimates.globex.id}/`),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(DENIED);
      }
      expect((await w.as('staff').get(`/api/estimates/${id}/`)).json().name).toBe(
        'est Acme estimate',
      );
    },
  );

  it('staff list every estimate, by name, and filter by project', async () => {
    const staff = w.as('staff');
    const all = (await staff.get('/api/estimates/')).json();
    expect(all.results.map((e: EstimateListItem) => e.id)).toEqual([
      w.estimates.acme.id,
      w.estimates.globex.id,
    ]);
    const globex = (await staff.get(`/api/estimates/?project=${w.projects.globex.id}`)).json();
    expect(globex.results).toEqual([summary(w.estimates.globex)]);
    expect((await staff.get('/api/estimates/?project=abc')).statusCode).toBe(400);
  });
});

describe('estimates: staff writes', () => {
  it('creates with defaults and answers the detail', async () => {
    const res = await w.as('staff').post('/api/estimates/', {
      project: String(w.projects.acme.id),
      name: '  Phase 2  ',
      description: 'Line one\nLine two',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      project: {
        id: w.projects.acme.id,
        name: 'est Acme Site',
        slug: 'est-acme-site',
        client: { id: w.acme.id, name: 'est Acme', slug: 'est-acme' },
      },
      name: 'Phase 2',
      description: 'Line one\nLine two',
      scope_of_work: '',
      deliverables: '',
      not_included: '',
      safe_modifier: '1.00',
      sections: [],
      total_hours_low: '0.00',
      total_hours_high: '0.00',
      total_hours_safe: '0.00',
      hourly_rate: null,
      currency: '',
      price: null,
    });
  });

  it('updates every field, the project included, with PATCH and PUT', async () => {
    const staff = w.as('staff');
    const estimate = await w.createEstimate(w.projects.acme.id, 'Editable');
    const patched = await staff.patch(`/api/estimates/${estimate.id}/`, {
      scope_of_work: 'Everything',
      deliverables: null,
      not_included: 'Hosting',
      safe_modifier: 1.5,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Editable',
      scope_of_work: 'Everything',
      deliverables: '',
      not_included: 'Hosting',
      safe_modifier: '1.50',
    });
    const put = await staff.put(`/api/estimates/${estimate.id}/`, {
      project: w.projects.globex.id,
      name: 'Moved',
      description: 'Now for Globex',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Moved',
      project: { id: w.projects.globex.id, client: { slug: 'est-globex' } },
      // PUT leaves out what it does not send, as a partial update would.
      safe_modifier: '1.50',
    });
    const incomplete = await staff.put(`/api/estimates/${estimate.id}/`, { name: 'x' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toEqual({
      project: ['This field is required.'],
      description: ['This field is required.'],
    });
    expect((await staff.patch('/api/estimates/999999/', { name: 'x' })).statusCode).toBe(404);
  });

  it('deletes an estimate with its sections, items and comments', async () => {
    const staff = w.as('staff');
    const estimate = await w.createEstimate(w.projects.acme.id, 'Doomed');
    const section = await w.createSection(estimate.id, 'S');
    const item = await w.createItem(section.id, 'I');
    expect(
      (await staff.post('/api/estimate-item-comments/', { item: item.id, content: 'Hi' }))
        .statusCode,
    ).toBe(201);
    expect((await staff.delete(`/api/estimates/${estimate.id}/`)).statusCode).toBe(204);
    expect((await staff.get(`/api/estimates/${estimate.id}/`)).statusCode).toBe(404);
    expect((await staff.delete(`/api/estimates/${estimate.id}/`)).statusCode).toBe(404);
    expect(
      await t.db.select().from(estimateSections).where(eq(estimateSections.id, section.id)),
    ).toEqual([]);
    await expectItemGone(t, item.id);
  });

  it('goes with its project when the project is deleted', async () => {
    const staff = w.as('staff');
    const project = await insertProject(t, {
      clientId: w.acme.id,
      name: 'Short-lived',
      slug: 'short-lived',
    });
    const estimate = await w.createEstimate(project.id, 'Gone with it');
    await w.createItem((await w.createSection(estimate.id, 'S')).id, 'I');
    expect((await staff.delete('/api/projects/short-lived/')).statusCode).toBe(204);
    expect(await t.db.select().from(estimates).where(eq(estimates.id, estimate.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(estimateSections)
        .where(eq(estimateSections.estimateId, estimate.id)),
    ).toEqual([]);
  });
});

describe('estimates: bad input is a 400 naming the field', () => {
  const post = (body: unknown) => w.as('staff').post('/api/estimates/', body);
  const valid = () => ({ project: w.projects.acme.id, name: 'N', description: 'D' });

  it('names every missing required field', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      project: ['This field is required.'],
      name: ['This field is required.'],
      description: ['This field is required.'],
    });
  });

  it.each([
    [{ safe_modifier: 0 }, 'safe_modifier', 'Ensure this value is greater than 0.'],
    [{ safe_modifier: '-1' }, 'safe_modifier', 'Ensure this value is greater than 0.'],
    [{ safe_modifier: 'lots' }, 'safe_modifier', 'A valid number is required.'],
    [
      { safe_modifier: 1.255 },
      'safe_modifier',
      'Ensure that there are no more than 2 decimal places.',
    ],
    [
      { safe_modifier: 1e12 },
      'safe_modifier',
      'Ensure that there are no more than 5 digits in total.',
    ],
    [{ safe_modifier: null }, 'safe_modifier', 'This field may not be null.'],
    [{ project: 999999 }, 'project', 'Invalid pk "999999" - object does not exist.'],
    [{ project: 'abc' }, 'project', 'Incorrect type. Expected pk value, received str.'],
    [{ project: 1e20 }, 'project', 'Invalid pk "100000000000000000000" - object does not exist.'],
    [{ project: 1.5 }, 'project', 'Incorrect type. Expected pk value, received float.'],
    [{ name: '   ' }, 'name', 'This field may not be blank.'],
    [{ name: 'x'.repeat(256) }, 'name', 'Ensure this field has no more than 255 characters.'],
    [{ description: '' }, 'description', 'This field may not be blank.'],
    [{ scope_of_work: 7 }, 'scope_of_work', 'Not a valid string.'],
  ])('%j → 400 on %s', async (change, field, message) => {
    const res = await post({ ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
  });

  it('rejects malformed JSON, a non-object body and bad ids in the path', async () => {
    const staff = w.as('staff');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/estimates/',
      headers: {
        authorization: `Token ${w.tokens.staff}`,
        'content-type': 'application/json',
      },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/JSON parse error/);
    expect((await post([1, 2])).json()).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary.'],
    });
    // A path id that cannot be an id names no record.
    expect((await staff.get('/api/estimates/abc/')).json()).toEqual(NOT_FOUND);
    expect((await staff.get('/api/estimates/99999999999/')).json()).toEqual(NOT_FOUND);
  });

  it('a project out of scope reads as missing, even for a moved estimate', async () => {
    const res = await w.as('staff').patch(`/api/estimates/${w.estimates.acme.id}/`, { project: 0 });
    expect(res.json()).toEqual({ project: ['Invalid pk "0" - object does not exist.'] });
  });
});

describe('estimate detail', () => {
  it('nests ordered sections with ordered items, comment counts and exact totals', async () => {
    const staff = w.as('staff');
    const estimate = await w.createEstimate(w.projects.acme.id, 'Totals', { safe_modifier: '1.5' });
    const first = await w.createSection(estimate.id, 'First');
    const second = await w.createSection(estimate.id, 'Second');
    const a = await w.createItem(first.id, 'a', { low: 0.1, high: 0.1 });
    const b = await w.createItem(first.id, 'b', { low: '0.2', high: 0.2 });
    const c = await w.createItem(second.id, 'c', { low: 0, high: '10.01' });
    await staff.post('/api/estimate-item-comments/', { item: b.id, content: 'one' });
    await staff.post('/api/estimate-item-comments/', { item: b.id, content: 'two' });
    const detail: EstimateDetail = (await staff.get(`/api/estimates/${estimate.id}/`)).json();
    expect(detail.sections.map((s) => [s.name, s.order, s.items.map((i) => i.id)])).toEqual([
      ['First', 0, [a.id, b.id]],
      ['Second', 1, [c.id]],
    ]);
    expect(detail.sections[0]?.items[1]).toEqual({
      id: b.id,
      section: first.id,
      description: 'b',
      hours_low: '0.20',
      hours_high: '0.20',
      notes: '',
      questions: '',
      comment_count: 2,
      order: 1,
    });
    // 0.1 + 0.2 is 0.30 here, never 0.30000000000000004.
    expect(detail.sections[0]).toMatchObject({ total_hours_low: '0.30', total_hours_high: '0.30' });
    expect(detail.sections[1]).toMatchObject({
      total_hours_low: '0.00',
      total_hours_high: '10.01',
    });
    expect(detail).toMatchObject({
      safe_modifier: '1.50',
      total_hours_low: '0.30',
      total_hours_high: '10.31',
      // 10.31 × 1.5 = 15.465, rounded half up.
      total_hours_safe: '15.47',
    });
  });

  it('sums many tenths exactly', async () => {
    const estimate = await w.createEstimate(w.projects.acme.id, 'Tenths');
    const section = await w.createSection(estimate.id, 'S');
    await t.db.insert(estimateItems).values(
      Array.from({ length: 30 }, (_, order) => ({
        sectionId: section.id,
        description: `i${order}`,
        hoursLow: '0.10',
        hoursHigh: '0.10',
        order,
      })),
    );
    const detail = (await w.as('staff').get(`/api/estimates/${estimate.id}/`)).json();
    expect(detail.total_hours_high).toBe('3.00');
    expect(detail.sections[0].total_hours_low).toBe('3.00');
  });

  it('reads in the same number of SQL queries whatever the number of items', async () => {
    const member = w.as('member');
    const small = await w.createEstimate(w.projects.acme.id, 'Small');
    await w.createItem((await w.createSection(small.id, 'S')).id, 'only');
    const large = await w.createEstimate(w.projects.acme.id, 'Large');
    const sectionIds: number[] = [];
    for (let s = 0; s < 10; s++) sectionIds.push((await w.createSection(large.id, `S${s}`)).id);
    await t.db.insert(estimateItems).values(
      sectionIds.flatMap((sectionId) =>
        Array.from({ length: 20 }, (_, order) => ({
          sectionId,
          description: `item ${order}`,
          hoursLow: '1.25',
          hoursHigh: '2.50',
          order,
        })),
      ),
    );
    const largeItems = await t.db
      .select({ id: estimateItems.id })
      .from(estimateItems)
      .where(inArray(estimateItems.sectionId, sectionIds));
    await t.db
      .insert(estimateItemComments)
      .values(
        largeItems
          .slice(0, 50)
          .map((i) => ({ itemId: i.id, content: 'c', userId: w.users.member.id })),
      );

    const queriesFor = async (id: number) => {
      const spy = vi.spyOn(pg.Pool.prototype, 'query');
      try {
        const res = await member.get(`/api/estimates/${id}/`);
        expect(res.statusCode).toBe(200);
        return { count: spy.mock.calls.length, body: res.json() as EstimateDetail };
      } finally {
        spy.mockRestore();
      }
    };
    const one = await queriesFor(small.id);
    const many = await queriesFor(large.id);
    expect(many.body.sections.flatMap((s) => s.items)).toHaveLength(200);
    expect(many.body.sections[0]?.items[0]?.comment_count).toBe(1);
    expect(many.body.total_hours_high).toBe('500.00');
    expect(many.count).toBe(one.count);
    // The token check, the estimate's stamp (scope checked), then one statement: the estimate,
    // its project and client, and its sections with their items as one JSON value (DESIGN §6
    // allows up to 3).
    expect(many.count).toBe(3);
    // Read again unchanged, the text kept for its stamp answers (decision 0039).
    const again = await queriesFor(large.id);
    expect(again.body).toEqual(many.body);
    expect(again.count).toBe(2);
  });
});
