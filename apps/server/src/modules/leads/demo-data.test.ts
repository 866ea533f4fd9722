import { beforeAll, describe, expect, it } from 'vitest';
import { LEAD_STATUSES, type Lead, type LeadComment } from '@portal/contract/leads';
import { useDemoApp } from '../../test/demo-sign-in';

const { signIn } = useDemoApp();
let get: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  get = await signIn('lee@studio.example');
});

describe('demo leads', () => {
  it('fill a few pages across every status, some from the website, some discussed', async () => {
    const all = (await get('/api/leads/?page_size=100')).json() as {
      count: number;
      results: Lead[];
    };
    expect(all.count).toBeGreaterThanOrEqual(30);
    expect(all.count).toBeLessThanOrEqual(60);
    expect(new Set(all.results.map((l) => l.status))).toEqual(new Set(LEAD_STATUSES));
    const fromWebsite = all.results.filter((l) => l.message && l.metadata.utm_source);
    expect(fromWebsite.length).toBeGreaterThanOrEqual(10);
    // Newest first, none in the future.
    const times = all.results.map((l) => Date.parse(l.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());

    const comments = (await get('/api/lead-comments/?page_size=100')).json() as {
      results: LeadComment[];
    };
    expect(new Set(comments.results.map((c) => c.lead)).size).toBeGreaterThanOrEqual(8);
    expect(comments.results.every((c) => c.created_by?.email.endsWith('.example'))).toBe(true);
    expect(Math.max(...comments.results.map((c) => Date.parse(c.created_at)))).toBeLessThanOrEqual(
      Date.now(),
    );
  });

  it('hold a duplicate pair, as the drawer shows it', async () => {
    const harts = (await get('/api/leads/?search=amelia hart')).json() as { results: Lead[] };
    expect(harts.results).toHaveLength(2);
    const [newer, older] = harts.results as [Lead, Lead];
    const duplicates = (await get(`/api/leads/${newer.id}/duplicates/`)).json();
    expect(duplicates).toEqual([expect.objectContaining({ id: older.id, reason: 'email' })]);
  });

  it('can be searched like real ones', async () => {
    const smiths = (await get('/api/leads/?search=smith')).json() as { results: Lead[] };
    expect(smiths.results.map((l) => l.last_name).sort()).toEqual(
      expect.arrayContaining(['Smith', 'Smith', 'Smithson']),
    );
  });
});
