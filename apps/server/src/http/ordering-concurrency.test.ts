import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { estimateItems } from '../db/schema/index';
import { createEstimateWorld, type EstimateWorld } from '../modules/estimates/test-fixtures';
import { createTestPlanWorld, type TestPlanWorld } from '../modules/test-plans/test-fixtures';
import { useTestApp } from '../test/test-world';

/** 100 moves at once in one list: every ordered area keeps positions unique and gap-free. */
const MOVES = 100;
const SIZE = 20;

const t = useTestApp();
let plans: TestPlanWorld;
let estimates: EstimateWorld;

beforeAll(async () => {
  plans = await createTestPlanWorld(t, 'race');
  estimates = await createEstimateWorld(t, 'race-est');
});

/** The i-th of MOVES moves: a mix of absolute targets and one-step directions. */
const moveBody = (i: number) =>
  i % 4 === 3 ? { direction: i % 8 === 3 ? 'up' : 'down' } : { to: (i * 7) % SIZE };

describe(`${MOVES} concurrent moves in one list`, () => {
  it('test steps: every move answered, positions 0..n-1, no step lost', async () => {
    const { flows } = await plans.planWith(SIZE);
    const flow = flows[0]!;
    const results = await Promise.all(
      Array.from({ length: MOVES }, (_, i) =>
        plans
          .as(i % 2 ? 'member' : 'staff')
          .post(`/api/test-steps/${flow.steps[(i * 3) % SIZE]}/move/`, moveBody(i)),
      ),
    );
    for (const res of results) expect(res.statusCode).toBe(200);
    const order = await plans.stepOrderOf(flow.id);
    expect([...order].sort((a, b) => a - b)).toEqual([...flow.steps].sort((a, b) => a - b));
  });

  it('test flows: the same for flows of one milestone', async () => {
    const { milestone, flows } = await plans.planWith(...Array.from({ length: SIZE }, () => 0));
    const ids = flows.map((f) => f.id);
    const results = await Promise.all(
      Array.from({ length: MOVES }, (_, i) =>
        plans.as('staff').post(`/api/test-flows/${ids[(i * 3) % SIZE]}/move/`, moveBody(i)),
      ),
    );
    for (const res of results) expect(res.statusCode).toBe(200);
    const order = await plans.flowOrderOf(milestone.id);
    expect([...order].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('estimate items: the same for items of one section', async () => {
    const estimate = await estimates.createEstimate(estimates.projects.acme.id, 'race');
    const section = await estimates.createSection(estimate.id, 'S');
    const items: number[] = [];
    for (let i = 0; i < SIZE; i++) items.push((await estimates.createItem(section.id, `${i}`)).id);
    const results = await Promise.all(
      Array.from({ length: MOVES }, (_, i) =>
        estimates
          .as('staff')
          .post(`/api/estimate-items/${items[(i * 3) % SIZE]}/move/`, moveBody(i)),
      ),
    );
    for (const res of results) expect(res.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(estimateItems)
      .where(eq(estimateItems.sectionId, section.id))
      .orderBy(asc(estimateItems.order));
    expect(rows.map((r) => r.order)).toEqual(rows.map((_, i) => i));
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
  });
});
