import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { EstimateDetail, EstimateItem, EstimateSection } from '@portal/contract/estimates';
import { estimateItemComments, estimateItems } from '../../db/schema/index';
import type { TestContext } from '../../test/test-app';
import { created, createProjectWorld } from '../clients/test-fixtures';

/**
 * The permission-matrix world of clients (Acme with `member`, Globex with `outsider`, staff)
 * with a project each and, through the API as staff, an estimate on each with one section
 * holding one item.
 */
export const createEstimateWorld = async (t: TestContext, prefix: string) => {
  const w = await createProjectWorld(t, prefix);
  const staff = w.as('staff');
  const { acme: acmeProject, globex: globexProject } = w.projects;
  const createEstimate = (project: number, name: string, extra: Record<string, unknown> = {}) =>
    created<EstimateDetail>(
      staff.post('/api/estimates/', {
        project,
        name,
        description: `${name} description`,
        ...extra,
      }),
    );
  const createSection = (estimate: number, name: string) =>
    created<EstimateSection>(staff.post('/api/estimate-sections/', { estimate, name }));
  const createItem = (
    section: number,
    description: string,
    hours: { low: number | string; high: number | string } = { low: 1, high: 2 },
  ) =>
    created<EstimateItem>(
      staff.post('/api/estimate-items/', {
        section,
        description,
        hours_low: hours.low,
        hours_high: hours.high,
      }),
    );

  const acmeEstimate = await createEstimate(acmeProject.id, `${prefix} Acme estimate`);
  const globexEstimate = await createEstimate(globexProject.id, `${prefix} Globex estimate`);
  const acmeSection = await createSection(acmeEstimate.id, 'Design');
  const globexSection = await createSection(globexEstimate.id, 'Secret');
  const acmeItem = await createItem(acmeSection.id, 'Wireframes');
  const globexItem = await createItem(globexSection.id, 'Secret item');

  return {
    ...w,
    projects: { acme: acmeProject, globex: globexProject },
    estimates: { acme: acmeEstimate, globex: globexEstimate },
    sections: { acme: acmeSection, globex: globexSection },
    items: { acme: acmeItem, globex: globexItem },
    createEstimate,
    createSection,
    createItem,
  };
};
export type EstimateWorld = Awaited<ReturnType<typeof createEstimateWorld>>;

/** Checks that an item is gone from the database with its comments (its parent was deleted). */
export const expectItemGone = async (t: TestContext, itemId: number) => {
  expect(await t.db.select().from(estimateItems).where(eq(estimateItems.id, itemId))).toEqual([]);
  expect(
    await t.db.select().from(estimateItemComments).where(eq(estimateItemComments.itemId, itemId)),
  ).toEqual([]);
};
