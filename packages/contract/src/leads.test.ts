import { describe, expect, it } from 'vitest';
import {
  LEAD_STATUSES,
  leadImportOptionsSchema,
  leadCreateRequestSchema,
  leadListQuerySchema,
  leadPageCount,
  leadPublicRequestSchema,
  leadStatusBadge,
  phoneDigits,
} from './leads';

describe('lead statuses', () => {
  it('are the seven of the spec, each with its label and badge colour', () => {
    expect(LEAD_STATUSES.map((s) => [s, leadStatusBadge(s)])).toEqual([
      ['new', { label: 'New', color: 'blue' }],
      ['contacted', { label: 'Contacted', color: 'yellow' }],
      ['no-response', { label: 'No Response', color: 'orange' }],
      ['negotiation', { label: 'Negotiation', color: 'violet' }],
      ['closed', { label: 'Closed', color: 'green' }],
      ['won', { label: 'Won', color: 'green' }],
      ['spam', { label: 'Spam', color: 'red' }],
    ]);
  });

  it('shows an unknown status as-is in grey', () => {
    expect(leadStatusBadge('archived')).toEqual({ label: 'archived', color: 'grey' });
    expect(leadStatusBadge('')).toEqual({ label: '', color: 'grey' });
  });

  it('pages by 20, rounding up', () => {
    expect([0, 1, 20, 21, 45].map(leadPageCount)).toEqual([0, 1, 1, 2, 3]);
  });
});

describe('lead requests', () => {
  const contact = { first_name: ' Ada ', last_name: 'Lovelace', email: 'ada@example.test' };

  it('read only the contact fields, message and metadata from the website form', () => {
    const parsed = leadPublicRequestSchema.parse({
      ...contact,
      status: 'won',
      notes: 'x',
      metadata: { utm_source: 'mail' },
    });
    expect(parsed).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      metadata: { utm_source: 'mail' },
    });
  });

  it('let staff set status and notes, and read a null metadata as empty', () => {
    expect(
      leadCreateRequestSchema.parse({ ...contact, status: 'spam', notes: 'n', metadata: null }),
    ).toMatchObject({ status: 'spam', notes: 'n', metadata: {} });
    expect(leadCreateRequestSchema.safeParse({ ...contact, status: 'Spam' }).success).toBe(false);
  });

  it('treat an empty search or status filter as none', () => {
    expect(leadListQuerySchema.parse({ search: ' ', status: '' })).toEqual({});
    expect(leadListQuerySchema.parse({ search: ' smi ', status: 'won' })).toEqual({
      search: 'smi',
      status: 'won',
    });
  });
});

describe('the leads pipeline rules', () => {
  it('compares phones by their digits, from seven of them on', () => {
    expect(phoneDigits('+1 (415) 555-0142')).toBe('14155550142');
    expect(phoneDigits('555.0142 x')).toBe('5550142');
    expect(phoneDigits('0142 55')).toBeNull();
    expect(phoneDigits('')).toBeNull();
  });

  it('reads dry_run as a form sends it', () => {
    const read = (value: unknown) => leadImportOptionsSchema.safeParse({ dry_run: value });
    expect(read('true').data).toEqual({ dry_run: true });
    expect(read('False').data).toEqual({ dry_run: false });
    expect(read('1').data).toEqual({ dry_run: true });
    expect(read(false).data).toEqual({ dry_run: false });
    expect(read('maybe').error?.issues[0]?.message).toBe('Must be a valid boolean.');
    expect(read(['true', 'false']).error?.issues[0]?.message).toBe(
      'Give this field once: it was sent more than once.',
    );
    expect(read(['true']).success).toBe(false);
    expect(leadImportOptionsSchema.parse({})).toEqual({});
  });
});
