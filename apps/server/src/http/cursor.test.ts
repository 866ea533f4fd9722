import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor';

const base64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

describe('DRF cursors', () => {
  it('reads the cursors DRF writes (its own schema examples) and writes them back alike', () => {
    expect(decodeCursor('cD00ODY=')).toEqual({ offset: 0, reverse: false, position: '486' });
    expect(decodeCursor('cj0xJnA9NDg3')).toEqual({ offset: 0, reverse: true, position: '487' });
    expect(encodeCursor({ offset: 0, reverse: false, position: '486' })).toBe('cD00ODY=');
    expect(encodeCursor({ offset: 0, reverse: true, position: '487' })).toBe('cj0xJnA9NDg3');
    expect(encodeCursor({ offset: 3, reverse: false, position: null })).toBe(base64('o=3'));
  });

  it('round-trips any position, JSON and all', () => {
    const cursor = { offset: 0, reverse: true, position: '["2026-01-02T03:04:05.123456Z",7]' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it('takes an empty cursor for the first page, as Python decodes it', () => {
    expect(decodeCursor('')).toEqual({ offset: 0, reverse: false, position: null });
    // Characters outside the alphabet are dropped before decoding, as `b64decode` drops them.
    expect(decodeCursor('cD00\nODY=')).toEqual({ offset: 0, reverse: false, position: '486' });
  });

  it('caps the offset at DRF’s cutoff and reads r as a number', () => {
    expect(decodeCursor(base64('o=5000')).offset).toBe(1000);
    expect(decodeCursor(base64('o=12&r=2')).reverse).toBe(true);
    expect(decodeCursor(base64('r=0')).reverse).toBe(false);
  });

  it.each([
    ['bad padding', 'abc'],
    ['not ASCII inside', base64('p=\u00e9')],
    ['a negative offset', base64('o=-1')],
    ['an offset that is no number', base64('o=ten')],
    ['r that is no number', base64('r=yes')],
    ['absurdly long', 'A'.repeat(5000)],
  ])('refuses %s with 404 "Invalid cursor"', (_what, encoded) => {
    expect(() => decodeCursor(encoded)).toThrow(
      expect.objectContaining({ statusCode: 404, body: { detail: 'Invalid cursor' } }),
    );
  });
});
