import { describe, expect, it } from 'vitest';
import {
  testFlowCreateRequestSchema,
  testStepCreateRequestSchema,
  testStepMoveRequestSchema,
  testStepUpdateRequestSchema,
} from './test-plans';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('test plan requests', () => {
  it('trims flow names and refuses blank ones on `name`', () => {
    expect(testFlowCreateRequestSchema.parse({ milestone: '3', name: ' Pay ' })).toEqual({
      milestone: 3,
      name: 'Pay',
    });
    expect(errorsOf(testFlowCreateRequestSchema.safeParse({ milestone: 3, name: '  ' }))).toEqual([
      'name',
    ]);
  });

  it('defaults a new step to VERIFY and accepts only INTERACT and VERIFY', () => {
    expect(testStepCreateRequestSchema.parse({ test_flow: 1, description: 'Look' })).toEqual({
      test_flow: 1,
      description: 'Look',
      type: 'VERIFY',
    });
    expect(errorsOf(testStepUpdateRequestSchema.partial().safeParse({ type: 'interact' }))).toEqual(
      ['type'],
    );
    expect(testStepUpdateRequestSchema.partial().parse({ type: 'INTERACT' })).toEqual({
      type: 'INTERACT',
    });
  });

  it('needs `to`, `direction` or `test_flow` to move a step', () => {
    expect(errorsOf(testStepMoveRequestSchema.safeParse({}))).toEqual(['to']);
    expect(testStepMoveRequestSchema.parse({ test_flow: 4 })).toEqual({ test_flow: 4 });
    expect(testStepMoveRequestSchema.parse({ to: '2', direction: 'up' })).toEqual({
      to: 2,
      direction: 'up',
    });
  });
});
