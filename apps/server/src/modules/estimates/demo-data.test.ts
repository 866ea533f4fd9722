import { describe, expect, it } from 'vitest';
import type { Estimate, EstimateDetail } from '@portal/contract/estimates';
import { useDemoApp } from '../../test/demo-sign-in';

const { signIn } = useDemoApp();

describe('demo estimates', () => {
  it('show the demo client user Acme’s estimates with sections, items, totals and comments', async () => {
    const get = await signIn('dana@acme.example');
    const list: Estimate[] = (await get('/api/estimates/')).json().results;
    expect(list.map((e) => [e.name, e.project.slug, e.project.client.slug])).toEqual([
      ['Mobile App — Discovery', 'acme-mobile-app', 'acme'],
      ['Website Redesign', 'acme-website-redesign', 'acme'],
    ]);
    const detail: EstimateDetail = (await get(`/api/estimates/${list[1]!.id}/`)).json();
    expect(detail.sections.map((s) => s.name)).toEqual([
      'Discovery',
      'Design',
      'Development',
      'Launch',
    ]);
    expect(detail.sections.map((s) => s.items.map((i) => i.order))).toEqual([
      [0, 1, 2],
      [0, 1, 2],
      [0, 1, 2, 3],
      [0, 1],
    ]);
    expect(detail.description).toContain('\n');
    expect(detail).toMatchObject({
      safe_modifier: '1.20',
      total_hours_low: '157.00',
      total_hours_high: '227.00',
      total_hours_safe: '272.40',
    });
    const commented = detail.sections.flatMap((s) => s.items).filter((i) => i.comment_count > 0);
    expect(commented.map((i) => i.comment_count)).toEqual([2, 1, 1]);
    const comments = (await get(`/api/estimate-item-comments/?estimate_item=${commented[0]!.id}`))
      .json()
      .results.map((c: { user: { email: string } }) => c.user.email);
    expect(comments).toEqual(['dana@acme.example', 'lee@studio.example']);
  });
});
