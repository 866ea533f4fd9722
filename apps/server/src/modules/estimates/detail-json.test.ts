import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { estimateDetailSchema, type EstimateItemComment } from '@portal/contract/estimates';
import { clientUsers } from '../../db/schema/index';
import { useTestWorld } from '../../test/test-world';
import { NOT_FOUND } from '../clients/test-fixtures';
import { createEstimateDetailReader, readEstimateDetail } from './service';
import { createEstimateWorld } from './test-fixtures';

/**
 * `GET /api/estimates/{id}/` sends PostgreSQL's JSON text untouched (decision 0024). The zod
 * validation the route no longer runs happens here: the answer must parse against the response
 * schema, strictly (no extra keys), and equal what the object path builds (`readEstimateDetail`,
 * which versions snapshot), totals and prices included.
 */
const { t, w } = useTestWorld(createEstimateWorld, 'json');

const strictDetail = estimateDetailSchema.strict();

describe('the estimate detail as PostgreSQL writes it', () => {
  it('parses against the response schema and equals the object path, for staff and members', async () => {
    const staff = w.as('staff');
    const estimate = await w.createEstimate(w.projects.acme.id, 'Priced "quoted" \\ estimate', {
      hourly_rate: '120.50',
      currency: 'EUR',
      safe_modifier: '1.35',
      scope_of_work: 'Line one\nLine two — ünïcode ✓',
    });
    const design = await w.createSection(estimate.id, 'Design');
    const build = await w.createSection(estimate.id, 'Build');
    await w.createSection(estimate.id, 'Empty');
    const wireframes = await w.createItem(design.id, 'Wireframes', { low: '1.25', high: '2.5' });
    await w.createItem(design.id, 'Tab\there', { low: 0, high: '0.01' });
    await w.createItem(build.id, 'API', { low: '10', high: '19.99' });
    for (const content of ['one', 'two'])
      await staff.post('/api/estimate-item-comments/', { item: wireframes.id, content });

    const expected = await readEstimateDetail(t.db, estimate.id);
    expect(expected?.sections).toHaveLength(3);
    for (const role of ['staff', 'member'] as const) {
      const res = await w.as(role).get(`/api/estimates/${estimate.id}/`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body: unknown = res.json();
      expect(strictDetail.parse(body)).toEqual(expected);
      expect(body).toEqual(expected);
    }
    expect(expected).toMatchObject({
      total_hours_low: '11.25',
      total_hours_high: '22.50',
      total_hours_safe: '30.38',
      price: { low: '1355.6250', high: '2711.2500', safe: '3660.7900' },
    });
    expect(expected?.sections[0]?.items[0]?.comment_count).toBe(2);
  });

  it('answers an estimate without sections, and without a price', async () => {
    const estimate = await w.createEstimate(w.projects.acme.id, 'Bare');
    const res = await w.as('member').get(`/api/estimates/${estimate.id}/`);
    expect(res.statusCode).toBe(200);
    expect(strictDetail.parse(res.json())).toEqual(await readEstimateDetail(t.db, estimate.id));
    expect(res.json()).toMatchObject({ sections: [], total_hours_low: '0.00', price: null });
  });

  it('still hides another client’s estimate from a member (404)', async () => {
    const res = await w.as('member').get(`/api/estimates/${w.estimates.globex.id}/`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });
});

/**
 * The detail's text is kept per estimate stamp (decision 0039). Each step reads the detail first
 * (so the text is kept), changes one thing the detail shows, then expects the answer to equal
 * the object path read afresh: a change the triggers missed would answer the kept, older text.
 */
describe('the kept detail text', () => {
  const staffDetail = async (id: number) => {
    const res = await w.as('staff').get(`/api/estimates/${id}/`);
    expect(res.statusCode).toBe(200);
    return res.json() as unknown;
  };
  /** Reads the detail (keeping it), runs `change`, then expects the fresh detail. */
  const expectFollows = async (id: number, change: () => Promise<{ statusCode: number }>) => {
    const before = await staffDetail(id);
    const res = await change();
    expect(res.statusCode).toBeLessThan(300);
    const expected = await readEstimateDetail(t.db, id);
    expect(expected).not.toEqual(before);
    expect(await staffDetail(id)).toEqual(expected);
  };

  it('follows every change of what the detail shows', async () => {
    const staff = w.as('staff');
    const estimate = await w.createEstimate(w.projects.acme.id, 'Followed');
    const section = await w.createSection(estimate.id, 'Design');
    const item = await w.createItem(section.id, 'Wireframes');
    const other = await w.createItem(section.id, 'Prototype');
    const id = estimate.id;

    await expectFollows(id, () => staff.patch(`/api/estimates/${id}/`, { name: 'Renamed' }));
    await expectFollows(id, () =>
      staff.patch(`/api/estimates/${id}/`, { hourly_rate: '90.00', currency: 'EUR' }),
    );
    await expectFollows(id, () =>
      staff.post('/api/estimate-sections/', { estimate: id, name: 'Build' }),
    );
    await expectFollows(id, () =>
      staff.patch(`/api/estimate-sections/${section.id}/`, { name: 'Design and UX' }),
    );
    await expectFollows(id, () =>
      staff.post('/api/estimate-items/', {
        section: section.id,
        description: 'Copy',
        hours_low: 1,
        hours_high: 3,
      }),
    );
    await expectFollows(id, () =>
      staff.patch(`/api/estimate-items/${item.id}/`, { hours_high: '8.5' }),
    );
    await expectFollows(id, () => staff.post(`/api/estimate-items/${other.id}/move/`, { to: 0 }));
    let comment: EstimateItemComment | undefined;
    await expectFollows(id, async () => {
      const res = await w
        .as('member')
        .post('/api/estimate-item-comments/', { item: item.id, content: 'Why 8.5?' });
      comment = res.json() as EstimateItemComment;
      return res;
    });
    await expectFollows(id, () =>
      w.as('member').delete(`/api/estimate-item-comments/${comment?.id}/`),
    );
    await expectFollows(id, () => staff.delete(`/api/estimate-items/${other.id}/`));
    await expectFollows(id, () =>
      staff.patch(`/api/projects/${w.projects.acme.slug}/`, { name: `${w.projects.acme.name} II` }),
    );
    await expectFollows(id, () =>
      staff.patch(`/api/clients/${w.acme.slug}/`, { name: 'Acme Renamed' }),
    );
    await expectFollows(id, () => staff.delete(`/api/estimate-sections/${section.id}/`));
  });

  it('checks the scope on every read, kept text or not', async () => {
    const id = w.estimates.acme.id;
    expect((await w.as('member').get(`/api/estimates/${id}/`)).statusCode).toBe(200);
    const membership = and(
      eq(clientUsers.clientId, w.acme.id),
      eq(clientUsers.userId, w.users.member.id),
    );
    await t.db.delete(clientUsers).where(membership);
    try {
      expect((await w.as('member').get(`/api/estimates/${id}/`)).statusCode).toBe(404);
    } finally {
      await t.db.insert(clientUsers).values({ clientId: w.acme.id, userId: w.users.member.id });
    }
    expect((await staffDetail(id)) as object).toMatchObject({ id });
  });

  it('answers another process’s change: each reader checks the stamp in PostgreSQL', async () => {
    // A second reader is what a second worker or instance holds: its own kept texts.
    const elsewhere = createEstimateDetailReader(t.db);
    const id = w.estimates.acme.id;
    const staffScope = { kind: 'staff', userId: w.users.staff.id } as const;
    const first = await elsewhere.json(staffScope, id);
    await w
      .as('staff')
      .patch(`/api/estimate-items/${w.items.acme.id}/`, { description: 'Sketches' });
    const second = await elsewhere.json(staffScope, id);
    expect(second?.text).not.toEqual(first?.text);
    expect(JSON.parse(second?.text ?? 'null')).toEqual(await readEstimateDetail(t.db, id));
    expect(second?.text).toContain('"Sketches"');
    await w.as('staff').delete(`/api/estimates/${id}/`);
    expect(await elsewhere.json(staffScope, id)).toBeNull();
  });
});
