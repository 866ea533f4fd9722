import { describe, expect, it } from 'vitest';
import type { EstimateVersion } from '@portal/contract/estimate-versions';
import type { Estimate } from '@portal/contract/estimates';
import { useDemoApp } from '../../test/demo-sign-in';

const { signIn } = useDemoApp();

describe('demo versions', () => {
  it('show Dana one approved version and one waiting for her decision', async () => {
    const get = await signIn('dana@acme.example');
    const estimates: Estimate[] = (await get('/api/estimates/')).json().results;
    const id = (name: string) => estimates.find((e) => e.name === name)!.id;

    const waiting: EstimateVersion[] = (
      await get(`/api/estimate-versions/?estimate=${id('Website Redesign')}`)
    ).json().results;
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ number: 1, status: 'sent', sent_by: { name: 'Lee Park' } });
    expect(waiting[0]!.snapshot.total_hours_safe).toBe('272.40');
    // Priced at €110 an hour: 272.40 × 110.
    expect(waiting[0]!.snapshot.price?.safe).toBe('29964.0000');

    const approved: EstimateVersion[] = (
      await get(`/api/estimate-versions/?estimate=${id('Mobile App — Discovery')}`)
    ).json().results;
    expect(approved[0]).toMatchObject({
      status: 'approved',
      signature_name: 'Dana Reyes',
      decided_by: { email: 'dana@acme.example' },
    });
    expect(new Date(approved[0]!.decided_at!) > new Date(approved[0]!.sent_at)).toBe(true);
  });
});
