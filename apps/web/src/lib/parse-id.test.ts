import { describe, expect, it } from 'vitest';
import { MAX_ID, parseId } from './parse-id';

describe('parseId', () => {
  it('reads a positive integer written in plain digits', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('42')).toBe(42);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });

  it('refuses anything else', () => {
    for (const value of [
      undefined,
      null,
      '',
      '0',
      '-1',
      '1.5',
      '1e3',
      '0x10',
      ' 12',
      '12 ',
      'abc',
      '007',
    ])
      expect(parseId(value)).toBeNull();
  });

  it("refuses ids beyond the server's integer keys", () => {
    expect(parseId(String(MAX_ID + 1))).toBeNull();
    expect(parseId('99999999999999999999')).toBeNull();
  });
});
