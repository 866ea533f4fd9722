import { describe, expect, it } from 'vitest';
import { estimateDetailSchema } from '@portal/contract/estimates';
import { useTestWorld } from '../../test/test-world';
import { NOT_FOUND } from '../clients/test-fixtures';
import { readEstimateDetail } from './service';
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
