import { describe, expect, it } from 'vitest';
import type { EstimateDetail, EstimateItem } from '@portal/contract/estimates';
import { diffEstimates, isEmptyDiff } from './diff';

const item = (id: number, section: number, description: string, low: string, high: string) =>
  ({
    id,
    section,
    description,
    hours_low: low,
    hours_high: high,
    notes: '',
    questions: '',
    comment_count: 0,
    order: 0,
  }) satisfies EstimateItem;

const estimate = (patch: Partial<EstimateDetail> = {}): EstimateDetail => ({
  id: 1,
  project: { id: 1, name: 'Site', slug: 'site', client: { id: 1, name: 'Acme', slug: 'acme' } },
  name: 'Redesign',
  description: 'All of it',
  scope_of_work: '',
  deliverables: '',
  not_included: '',
  safe_modifier: '1.00',
  sections: [
    {
      id: 10,
      estimate: 1,
      name: 'Design',
      order: 0,
      items: [
        item(100, 10, 'Wireframes', '1.00', '2.00'),
        item(101, 10, 'Mockups', '3.00', '4.00'),
      ],
      total_hours_low: '4.00',
      total_hours_high: '6.00',
    },
  ],
  total_hours_low: '4.00',
  total_hours_high: '6.00',
  total_hours_safe: '6.00',
  hourly_rate: null,
  currency: '',
  price: null,
  ...patch,
});

describe('diffEstimates', () => {
  it('finds nothing between equal estimates', () => {
    expect(isEmptyDiff(diffEstimates(estimate(), estimate()))).toBe(true);
  });

  it('names added, removed and changed items and sections, the modifier and the totals', () => {
    const before = estimate();
    const after = estimate({
      safe_modifier: '1.20',
      sections: [
        {
          ...before.sections[0]!,
          items: [
            item(100, 10, 'Wireframes', '1.00', '5.00'),
            item(102, 10, 'Logo', '2.00', '2.00'),
          ],
        },
        {
          id: 11,
          estimate: 1,
          name: 'Build',
          order: 1,
          items: [],
          total_hours_low: '0.00',
          total_hours_high: '0.00',
        },
      ],
      total_hours_high: '7.00',
      total_hours_safe: '8.40',
    });
    const diff = diffEstimates(before, after);
    expect(diff.sectionsAdded).toEqual(['Build']);
    expect(diff.sectionsRemoved).toEqual([]);
    expect(diff.itemsAdded).toEqual([{ section: 'Design', description: 'Logo' }]);
    expect(diff.itemsRemoved).toEqual([{ section: 'Design', description: 'Mockups' }]);
    expect(diff.itemsChanged).toEqual([
      {
        section: 'Design',
        description: 'Wireframes',
        changes: [{ field: 'High hours', before: '2.00', after: '5.00' }],
      },
    ]);
    expect(diff.estimateChanges).toEqual([
      { field: 'Contingency (× hours)', before: '1.00', after: '1.20' },
    ]);
    expect(diff.totals).toEqual([
      { field: 'Total hours (high)', before: '6.00', after: '7.00' },
      { field: 'Hours with contingency', before: '6.00', after: '8.40' },
    ]);
  });

  it('reports a removed section and an item moved into another section', () => {
    const before = estimate({
      sections: [
        ...estimate().sections,
        {
          id: 11,
          estimate: 1,
          name: 'Old',
          order: 1,
          items: [],
          total_hours_low: '0.00',
          total_hours_high: '0.00',
        },
      ],
    });
    const moved = estimate().sections[0]!;
    const after = estimate({
      sections: [
        { ...moved, items: [moved.items[0]!] },
        {
          id: 12,
          estimate: 1,
          name: 'New',
          order: 1,
          items: [moved.items[1]!],
          total_hours_low: '3.00',
          total_hours_high: '4.00',
        },
      ],
    });
    const diff = diffEstimates(before, after);
    expect(diff.sectionsRemoved).toEqual(['Old']);
    expect(diff.sectionsAdded).toEqual(['New']);
    expect(diff.itemsChanged).toEqual([
      {
        section: 'New',
        description: 'Mockups',
        changes: [{ field: 'Section', before: 'Design', after: 'New' }],
      },
    ]);
  });
});
