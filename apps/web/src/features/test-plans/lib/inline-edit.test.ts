import { describe, expect, it } from 'vitest';
import { inlineEditAction, inlineEditResult } from './inline-edit';

const key = (key: string, shiftKey = false, isComposing = false) => ({
  key,
  shiftKey,
  isComposing,
});

describe('inlineEditAction', () => {
  it('saves on Enter and cancels on Escape, in both editors', () => {
    for (const multiline of [false, true]) {
      expect(inlineEditAction(key('Enter'), { multiline })).toBe('save');
      expect(inlineEditAction(key('Escape'), { multiline })).toBe('cancel');
      expect(inlineEditAction(key('a'), { multiline })).toBeNull();
    }
  });

  it("leaves Shift+Enter to a step's textarea, as a new line", () => {
    expect(inlineEditAction(key('Enter', true), { multiline: true })).toBeNull();
    // A name has one line: Shift+Enter saves it like Enter.
    expect(inlineEditAction(key('Enter', true), { multiline: false })).toBe('save');
  });

  it('ignores keys that belong to an input method composition', () => {
    expect(inlineEditAction(key('Enter', false, true), { multiline: false })).toBeNull();
    expect(inlineEditAction(key('Escape', false, true), { multiline: true })).toBeNull();
  });
});

describe('inlineEditResult', () => {
  it('saves changed text, trimmed', () => {
    expect(inlineEditResult('  Log in  ', 'Sign in')).toEqual({ kind: 'save', value: 'Log in' });
    expect(inlineEditResult('Line one\nLine two', '')).toEqual({
      kind: 'save',
      value: 'Line one\nLine two',
    });
  });

  it('saves nothing for empty or unchanged text', () => {
    expect(inlineEditResult('   ', 'Sign in')).toEqual({ kind: 'discard' });
    expect(inlineEditResult('', '')).toEqual({ kind: 'discard' });
    expect(inlineEditResult('Sign in ', 'Sign in')).toEqual({ kind: 'discard' });
  });
});
