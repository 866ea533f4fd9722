import type { EstimateDetail, EstimateItem, EstimateSection } from '@portal/contract/estimates';

// An estimate as the API answers it, built from section and item ids, for the web tests of
// the estimate's state and moves. Every section belongs to estimate 5.

export const estimateItem = (id: number, section: number, order: number): EstimateItem => ({
  id,
  section,
  description: `Item ${id}`,
  hours_low: '1.00',
  hours_high: '2.00',
  notes: '',
  questions: '',
  comment_count: 0,
  order,
});

/** Section `id` at `order`, holding the items `itemIds` in that order. */
export const estimateSection = (id: number, order: number, itemIds: number[]): EstimateSection => ({
  id,
  estimate: 5,
  name: `Section ${id}`,
  order,
  items: itemIds.map((itemId, index) => estimateItem(itemId, id, index)),
  total_hours_low: '0.00',
  total_hours_high: '0.00',
});

export const estimateDetail = (...sections: EstimateSection[]): EstimateDetail => ({
  id: 5,
  project: { id: 1, name: 'Site', slug: 'site', client: { id: 1, name: 'Acme', slug: 'acme' } },
  name: 'Estimate',
  description: 'Text',
  scope_of_work: '',
  deliverables: '',
  not_included: '',
  safe_modifier: '1.00',
  sections,
  total_hours_low: '0.00',
  total_hours_high: '0.00',
  total_hours_safe: '0.00',
  hourly_rate: null,
  currency: '',
  price: null,
});
