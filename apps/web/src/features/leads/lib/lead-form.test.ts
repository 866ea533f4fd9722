import { describe, expect, it } from 'vitest';
import type { Lead } from '@portal/contract/leads';
import { leadFormDefaults, leadFormSchema, leadFormSchemaFor } from './lead-form';

const valid = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '+1 555 0100',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  title: '',
  status: 'new',
};

const errorsOf = (values: Record<string, unknown>) => {
  const parsed = leadFormSchema.safeParse(values);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('leadFormSchema', () => {
  it('accepts a complete lead and trims it', () => {
    expect(leadFormSchema.parse({ ...valid, first_name: ' Ada ' })).toMatchObject({
      first_name: 'Ada',
      status: 'new',
    });
  });

  it('requires everything but the title (spec §5)', () => {
    const errors = errorsOf({
      ...valid,
      first_name: '',
      last_name: ' ',
      phone: '',
      email: '',
      company: '',
    });
    expect(Object.keys(errors).sort()).toEqual([
      'company',
      'email',
      'first_name',
      'last_name',
      'phone',
    ]);
    expect(errors.phone).toBe('This field may not be blank.');
  });

  it('lets a lead that came in without a phone or company stay without (issue 26)', () => {
    const imported = leadFormSchemaFor({ phone: '', company: '' });
    expect(imported.safeParse({ ...valid, phone: '', company: ' ' }).success).toBe(true);
    // One that has them keeps them.
    const known = leadFormSchemaFor({ phone: '+1 555 0100', company: '' });
    const parsed = known.safeParse({ ...valid, phone: '', company: '' });
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['phone']);
  });

  it('lets the title stay blank', () => {
    expect(errorsOf({ ...valid, title: '' })).toEqual({});
  });

  it('checks the email address', () => {
    expect(errorsOf({ ...valid, email: 'not-an-email' })).toEqual({
      email: 'Enter a valid email address.',
    });
  });

  it('refuses a status the server does not know, quoting it', () => {
    expect(errorsOf({ ...valid, status: 'lost' })).toEqual({
      status: '"lost" is not a valid choice.',
    });
  });
});

describe('leadFormDefaults', () => {
  it('starts a new lead with status new', () => {
    expect(leadFormDefaults(null)).toEqual({
      first_name: '',
      last_name: '',
      phone: '',
      email: '',
      company: '',
      title: '',
      status: 'new',
    });
  });

  it("fills the form with the lead's fields", () => {
    const lead: Lead = {
      id: 7,
      ...valid,
      title: 'CTO',
      status: 'contacted',
      notes: 'n',
      message: 'm',
      metadata: {},
      created_at: '2025-03-07T09:00:00Z',
      converted_client: null,
      converted_project: null,
    };
    expect(leadFormDefaults(lead)).toEqual({ ...valid, title: 'CTO', status: 'contacted' });
  });
});
