import { describe, expect, it } from 'vitest';
import type { EstimateVersion } from '@portal/contract/estimate-versions';
import { formatPrice, type EstimateDetail } from '@portal/contract/estimates';
import { useTestWorld } from '../../test/test-world';
import { DENIED } from '../clients/test-fixtures';
import { createEstimateWorld } from './test-fixtures';

const { w } = useTestWorld(createEstimateWorld, 'price');

/** An estimate of 1.25–2.50 hours with a safe modifier of 1.20 (safe hours 3.00). */
const priced = async (extra: Record<string, unknown>) => {
  const estimate = await w.createEstimate(w.projects.acme.id, 'price Shop', {
    safe_modifier: '1.20',
    ...extra,
  });
  const section = await w.createSection(estimate.id, 'Build');
  await w.createItem(section.id, 'Pages', { low: '1.25', high: '2.50' });
  return (await w.as('staff').get(`/api/estimates/${estimate.id}/`)).json<EstimateDetail>();
};

describe('estimate price', () => {
  it('an estimate without a rate is in hours only', async () => {
    const estimate = await priced({});
    expect(estimate).toMatchObject({ hourly_rate: null, currency: '', price: null });
  });

  it('a rate and a currency price the totals exactly; members read the price', async () => {
    const estimate = await priced({ hourly_rate: '95.50', currency: ' eur ' });
    expect(estimate).toMatchObject({
      hourly_rate: '95.50',
      currency: 'EUR',
      price: { low: '119.3750', high: '238.7500', safe: '286.5000' },
    });
    const member = (await w.as('member').get(`/api/estimates/${estimate.id}/`)).json();
    expect(member.price).toEqual(estimate.price);
    // Rounded to the currency's minor unit only for display.
    expect(formatPrice('119.3750', 'EUR')).toBe('€119.38');
    expect(formatPrice('119.5000', 'JPY')).toBe('¥120');
    expect(formatPrice('1.2345', 'BHD')).toBe('BHD\u00a01.235');
  });

  it('refuses a rate without a currency, a bad currency and a rate that is not positive', async () => {
    const staff = w.as('staff');
    const body = { project: w.projects.acme.id, name: 'x', description: 'y' };
    expect((await staff.post('/api/estimates/', { ...body, hourly_rate: 10 })).json()).toEqual({
      currency: ['A currency is required with an hourly rate.'],
    });
    expect(
      (await staff.post('/api/estimates/', { ...body, hourly_rate: 10, currency: 'EURO' })).json(),
    ).toEqual({ currency: ['Enter a valid ISO 4217 currency code, e.g. EUR.'] });
    expect(
      (await staff.post('/api/estimates/', { ...body, hourly_rate: 0, currency: 'EUR' })).json(),
    ).toEqual({ hourly_rate: ['Ensure this value is greater than 0.'] });
    expect(
      (
        await staff.post('/api/estimates/', { ...body, hourly_rate: 'abc', currency: 'EUR' })
      ).json(),
    ).toEqual({ hourly_rate: ['A valid number is required.'] });

    const estimate = await priced({ hourly_rate: '100', currency: 'USD' });
    const url = `/api/estimates/${estimate.id}/`;
    const blanked = await staff.patch(url, { currency: '' });
    expect(blanked.statusCode).toBe(400);
    expect(blanked.json()).toEqual({ currency: ['A currency is required with an hourly rate.'] });
    // Clearing the rate (null or blank) goes back to hours only; the currency may stay.
    const cleared = await staff.patch(url, { hourly_rate: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ hourly_rate: null, currency: 'USD', price: null });
    expect((await w.as('member').patch(url, { hourly_rate: 5 })).json()).toEqual(DENIED);
  });

  it('a version freezes the price as it was sent', async () => {
    const estimate = await priced({ hourly_rate: '80', currency: 'GBP' });
    const sent = await w.as('staff').post(`/api/estimates/${estimate.id}/send/`, {});
    const version = sent.json<EstimateVersion>();
    expect(version.snapshot.price).toEqual({ low: '100.0000', high: '200.0000', safe: '240.0000' });
    await w.as('staff').patch(`/api/estimates/${estimate.id}/`, { hourly_rate: '120' });
    const again = (await w.as('member').get(`/api/estimate-versions/${version.id}/`)).json();
    expect(again.snapshot.hourly_rate).toBe('80.00');
    expect(again.snapshot.price).toEqual(version.snapshot.price);
  });
});
