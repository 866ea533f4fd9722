import { describe, expect, it } from 'vitest';
import {
  summarize,
  testRunCreateRequestSchema,
  testRunResultUpdateRequestSchema,
  testRunSignOffRequestSchema,
} from './test-runs';

describe('test run requests', () => {
  it('takes a milestone and an optional trimmed name', () => {
    expect(testRunCreateRequestSchema.parse({ milestone: '7' })).toEqual({ milestone: 7 });
    expect(testRunCreateRequestSchema.parse({ milestone: 7, name: ' RC 1 ' }).name).toBe('RC 1');
    expect(testRunCreateRequestSchema.safeParse({ milestone: 7, name: ' ' }).success).toBe(false);
  });

  it('records one of the five results and a note that may be blank (null reads as blank)', () => {
    expect(testRunResultUpdateRequestSchema.parse({ result: 'blocked', note: null })).toEqual({
      result: 'blocked',
      note: '',
    });
    const bad = testRunResultUpdateRequestSchema.safeParse({ result: 'ok', note: '' });
    expect(bad.error?.issues[0]?.message).toBe('"ok" is not a valid choice.');
  });

  it('signs with a typed name; the note is optional here (the service requires it on failures)', () => {
    expect(testRunSignOffRequestSchema.parse({ signature_name: ' Dana Reyes ' })).toEqual({
      signature_name: 'Dana Reyes',
    });
    expect(testRunSignOffRequestSchema.safeParse({ note: 'x' }).success).toBe(false);
  });
});

describe('summarize', () => {
  it('counts results by kind', () => {
    const results = (['passed', 'failed', 'passed', 'untested'] as const).map((result) => ({
      result,
    }));
    expect(summarize(results)).toEqual({
      total: 4,
      passed: 2,
      failed: 1,
      blocked: 0,
      skipped: 0,
      untested: 1,
    });
    expect(summarize([]).total).toBe(0);
  });
});
