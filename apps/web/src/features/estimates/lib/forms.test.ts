import { describe, expect, it } from 'vitest';
import {
  estimateFormDefaults,
  estimateFormSchema,
  estimateRequest,
  itemFormDefaults,
  itemFormSchema,
  itemRequest,
  sectionFormSchema,
} from './forms';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => String(issue.path[0])) ?? []);

describe('the estimate form', () => {
  it('starts with a safe modifier of 1 and the given project', () => {
    expect(estimateFormDefaults(null, 7)).toEqual({
      project: '7',
      name: '',
      description: '',
      scope_of_work: '',
      deliverables: '',
      not_included: '',
      safe_modifier: '1.00',
    });
    expect(estimateFormDefaults(null).project).toBe('');
  });

  it('requires project, name, description and safe_modifier only', () => {
    const empty = { ...estimateFormDefaults(null), safe_modifier: ' ' };
    expect(errorsOf(estimateFormSchema.safeParse(empty)).sort()).toEqual([
      'description',
      'name',
      'project',
      'safe_modifier',
    ]);
    const filled = { ...estimateFormDefaults(null, 3), name: 'Site', description: 'Build it' };
    expect(errorsOf(estimateFormSchema.safeParse(filled))).toEqual([]);
  });

  it('leaves bounds to the server', () => {
    const values = {
      ...estimateFormDefaults(null, 3),
      name: 'Site',
      description: 'x',
      safe_modifier: '-2',
    };
    expect(estimateFormSchema.safeParse(values).success).toBe(true);
  });

  it('sends the project as an id and the rest as entered', () => {
    expect(
      estimateRequest({
        project: '3',
        name: ' Site ',
        description: 'Line 1\nLine 2',
        scope_of_work: '',
        deliverables: 'Designs',
        not_included: '',
        safe_modifier: ' 1.5 ',
      }),
    ).toEqual({
      project: 3,
      name: 'Site',
      description: 'Line 1\nLine 2',
      scope_of_work: '',
      deliverables: 'Designs',
      not_included: '',
      safe_modifier: '1.5',
    });
  });
});

describe('the section form', () => {
  it('requires a name', () => {
    expect(sectionFormSchema.safeParse({ name: '  ' }).success).toBe(false);
    expect(sectionFormSchema.safeParse({ name: 'Design' }).success).toBe(true);
  });
});

describe('the item form', () => {
  it('requires a description and both hours', () => {
    expect(errorsOf(itemFormSchema.safeParse(itemFormDefaults(null))).sort()).toEqual([
      'description',
      'hours_high',
      'hours_low',
    ]);
  });

  // Reads like the estimate form's bounds test: the same rule (bounds are the server's) over
  // another form's fields, so each form's tests stay whole.
  it('lets the server judge the hours (low above high, negative, 3 decimals)', () => {
    const values = {
      ...itemFormDefaults(null),
      description: 'x',
      hours_low: '5',
      hours_high: '-1.005',
    };
    expect(itemFormSchema.safeParse(values).success).toBe(true);
  });

  it('sends hours trimmed, as strings', () => {
    expect(
      itemRequest({
        description: 'Home',
        hours_low: ' 2 ',
        hours_high: '4.5',
        notes: '',
        questions: 'Why?',
      }),
    ).toEqual({
      description: 'Home',
      hours_low: '2',
      hours_high: '4.5',
      notes: '',
      questions: 'Why?',
    });
  });
});
