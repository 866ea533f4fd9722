import { beforeAll, describe, expect, it } from 'vitest';
import type { Estimate } from '@portal/contract/estimates';
import type { Paginated } from '@portal/contract/common';
import type { Lead } from '@portal/contract/leads';
import type { Project } from '@portal/contract/projects';
import { useTestWorld } from '../test/test-world';
import { insertProject } from '../modules/clients/test-fixtures';
import { createEstimateWorld } from '../modules/estimates/test-fixtures';

/** `?ordering=` on the lists people sort (issue 19): projects, estimates and leads. */
const { t, w } = useTestWorld(createEstimateWorld, 'sort');

beforeAll(async () => {
  // A second Globex project, so client order and name order differ; and hours to total.
  await insertProject(t, { clientId: w.globex.id, name: 'sort Aardvark', slug: 'sort-aardvark' });
  await w.as('staff').patch(`/api/projects/${w.projects.acme.slug}/`, { status: 'complete' });
  await w.createItem(w.sections.globex.id, 'Backend', { low: 10, high: 40 });
  for (const [first, company, status] of [
    ['Ann', 'Zeta', 'won'],
    ['Bob', 'alpha', 'new'],
    ['Cy', 'Mid', 'contacted'],
  ] as const)
    await w.as('staff').post('/api/leads/', {
      first_name: first,
      last_name: 'Lead',
      email: `${first}@lead.test`,
      phone: '555',
      company,
      status,
    });
  await w.as('staff').post(`/api/estimates/${w.estimates.acme.id}/send/`, {});
});

const names = async <T>(url: string, pick: (row: T) => string) => {
  const res = await w.as('staff').get(url);
  expect(res.statusCode).toBe(200);
  const body = res.json<Paginated<T> | T[]>();
  return (Array.isArray(body) ? body : body.results).map(pick);
};

describe('ordering', () => {
  it('projects: by name by default, by client, status or target date when asked', async () => {
    const name = (p: Project) => p.name;
    expect(await names('/api/projects/', name)).toEqual([
      'sort Aardvark',
      'sort Acme Site',
      'sort Globex App',
    ]);
    expect(await names('/api/projects/all/?ordering=client', name)).toEqual([
      'sort Acme Site',
      'sort Aardvark',
      'sort Globex App',
    ]);
    expect(await names('/api/projects/?ordering=-client,-name', name)).toEqual([
      'sort Globex App',
      'sort Aardvark',
      'sort Acme Site',
    ]);
    expect((await names('/api/projects/?ordering=status', name))[0]).toBe('sort Acme Site');
  });

  it('estimates: total hours and latest status in each row, sortable by them and project', async () => {
    const res = await w.as('member').get('/api/estimates/');
    expect(res.json<Paginated<Estimate>>().results).toEqual([
      expect.objectContaining({
        name: 'sort Acme estimate',
        total_hours_high: '2.00',
        status: 'sent',
      }),
    ]);
    const name = (e: Estimate) => e.name;
    expect(await names('/api/estimates/?ordering=-total', name)).toEqual([
      'sort Globex estimate',
      'sort Acme estimate',
    ]);
    expect(await names('/api/estimates/?ordering=status', name)).toEqual([
      'sort Globex estimate',
      'sort Acme estimate',
    ]);
    expect(await names('/api/estimates/?ordering=-project', name)).toEqual([
      'sort Globex estimate',
      'sort Acme estimate',
    ]);
  });

  it('leads: newest first by default; by company (any case) or status when asked', async () => {
    const first = (l: Lead) => l.first_name;
    expect(await names('/api/leads/', first)).toEqual(['Cy', 'Bob', 'Ann']);
    expect(await names('/api/leads/?ordering=company', first)).toEqual(['Bob', 'Cy', 'Ann']);
    expect(await names('/api/leads/?ordering=-status', first)).toEqual(['Ann', 'Bob', 'Cy']);
    expect(await names('/api/leads/?ordering=created_at&search=lead', first)).toEqual([
      'Ann',
      'Bob',
      'Cy',
    ]);
  });

  it('an unknown field is a 400 naming ordering, for every sortable list', async () => {
    for (const url of [
      '/api/projects/?ordering=secret',
      '/api/projects/all/?ordering=-vision',
      '/api/estimates/?ordering=description',
      '/api/leads/?ordering=created_at,email',
    ]) {
      const res = await w.as('staff').get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json()), url).toEqual(['ordering']);
    }
  });
});
