import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  blankableTextField,
  booleanField,
  choiceField,
  dateField,
  idQueryField,
  integerField,
  isBlank,
  optionalUrlField,
  pkField,
  requestBody,
  textField,
} from './fields';

/** The parsed value, or the messages keyed by field as the server would answer them. */
const check = (schema: z.ZodType, value: unknown) => {
  const result = requestBody({ f: schema }).safeParse(value === undefined ? {} : { f: value });
  return result.success
    ? { ok: (result.data as { f: unknown }).f }
    : { errors: result.error.issues.map((i) => i.message) };
};

describe('DRF-style fields', () => {
  it('tells missing, null, wrong type and blank apart for text', () => {
    expect(check(textField(5), undefined)).toEqual({ errors: ['This field is required.'] });
    expect(check(textField(5), null)).toEqual({ errors: ['This field may not be null.'] });
    expect(check(textField(5), 7)).toEqual({ errors: ['Not a valid string.'] });
    expect(check(textField(5), '   ')).toEqual({ errors: ['This field may not be blank.'] });
    expect(check(textField(5), ' abc ')).toEqual({ ok: 'abc' });
    expect(check(textField(5), 'abcdef')).toEqual({
      errors: ['Ensure this field has no more than 5 characters.'],
    });
    expect(check(blankableTextField(5), null)).toEqual({ ok: '' });
    for (const field of [textField(5), blankableTextField(5)])
      expect(check(field, 'a\u0000b')).toEqual({ errors: ['Null characters are not allowed.'] });
  });

  it('counts zero-width characters as blank, as it counts whitespace', () => {
    const looksBlank = ['', '   ', '\t\n', '\u00a0', '\u200b', '\u200c', '\u200d', '\ufeff'];
    for (const value of [...looksBlank, '\u2060', '\u200b\u200d\ufeff\u2060', ' \u200b\t '])
      expect(isBlank(value), JSON.stringify(value)).toBe(true);
    for (const value of ['a', '\u200bx\u200b', '.', '👩‍👩‍👧', '\u00a0x'])
      expect(isBlank(value), JSON.stringify(value)).toBe(false);
  });

  it('refuses required text that only looks like some, and keeps blankable text as nothing', () => {
    for (const invisible of ['\u200b', '\u200b\u200d\ufeff\u2060', ' \u2060\n']) {
      expect(check(textField(5), invisible)).toEqual({ errors: ['This field may not be blank.'] });
      expect(check(blankableTextField(5), invisible)).toEqual({ ok: '' });
    }
    // Joiners inside visible text are part of it: a family emoji is three people, not blank.
    expect(check(textField(20), ' 👩‍👩‍👧 ')).toEqual({ ok: '👩‍👩‍👧' });
    expect(check(blankableTextField(20), 'a\u200bb')).toEqual({ ok: 'a\u200bb' });
  });

  it('reads integers from numbers or digit strings and checks bounds', () => {
    const percent = integerField({ min: 0, max: 100 });
    expect(check(percent, 42)).toEqual({ ok: 42 });
    expect(check(percent, '42')).toEqual({ ok: 42 });
    expect(check(percent, 101)).toEqual({
      errors: ['Ensure this value is less than or equal to 100.'],
    });
    expect(check(percent, -1)).toEqual({
      errors: ['Ensure this value is greater than or equal to 0.'],
    });
    for (const bad of [4.5, 'ten', true, [], {}])
      expect(check(percent, bad)).toEqual({ errors: ['A valid integer is required.'] });
  });

  it('accepts only booleans, known choices and real calendar dates', () => {
    expect(check(booleanField(), 'yes')).toEqual({ errors: ['Must be a valid boolean.'] });
    expect(check(choiceField(['open', 'complete']), 'closed')).toEqual({
      errors: ['"closed" is not a valid choice.'],
    });
    expect(check(dateField(), '2024-02-29')).toEqual({ ok: '2024-02-29' });
    expect(check(dateField(), '0001-01-01')).toEqual({ ok: '0001-01-01' });
    expect(check(dateField(), '9999-12-31')).toEqual({ ok: '9999-12-31' });
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '01/02/2024',
      '2024-1-1',
      20240101,
      '0000-01-01',
      '10000-01-01',
      '-0001-01-01',
    ])
      expect(check(dateField(), bad)).toEqual({
        errors: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      });
  });

  it('accepts http(s) URLs only, and reads blank as null', () => {
    const url = optionalUrlField();
    for (const good of [
      'https://example.com',
      'http://localhost:3000/x?y=1#z',
      'https://sub.example.co.uk/path',
      'http://10.0.0.1/',
      'https://bücher.de/',
    ])
      expect(check(url, good)).toEqual({ ok: good });
    expect(check(url, '')).toEqual({ ok: null });
    expect(check(url, null)).toEqual({ ok: null });
    for (const bad of [
      'example.com',
      'ftp://example.com',
      'javascript:alert(1)',
      'http://',
      'https://exa mple.com',
      'https://nodot',
      42,
    ])
      expect(check(url, bad)).toEqual({ errors: ['Enter a valid URL.'] });
  });

  it('reads references as ids and names the type of anything else', () => {
    expect(check(pkField(), 7)).toEqual({ ok: 7 });
    expect(check(pkField(), '7')).toEqual({ ok: 7 });
    expect(check(pkField(), 'seven')).toEqual({
      errors: ['Incorrect type. Expected pk value, received str.'],
    });
    expect(check(pkField(), 1.5)).toEqual({
      errors: ['Incorrect type. Expected pk value, received float.'],
    });
    expect(check(pkField(), [1])).toEqual({
      errors: ['Incorrect type. Expected pk value, received list.'],
    });
    expect(check(pkField(), 0)).toEqual({ errors: ['Invalid pk "0" - object does not exist.'] });
    expect(check(pkField(), 99_999_999_999)).toEqual({
      errors: ['Invalid pk "99999999999" - object does not exist.'],
    });
    expect(check(pkField(), undefined)).toEqual({ errors: ['This field is required.'] });
  });

  it('reads an id in a query string as canonical digits within PostgreSQL integer', () => {
    expect(check(idQueryField(), '1')).toEqual({ ok: 1 });
    expect(check(idQueryField(), '2147483647')).toEqual({ ok: 2_147_483_647 });
    for (const tooBig of ['2147483648', '9999999999'])
      expect(check(idQueryField(), tooBig)).toEqual({
        errors: ['Ensure this value is less than or equal to 2147483647.'],
      });
    for (const bad of ['0', '-1', '01', '1e3', ' 1', '0x10', '9223372036854775808', '1'.repeat(21)])
      expect(check(idQueryField(), bad)).toEqual({ errors: ['A valid integer is required.'] });
  });

  it('wants a JSON object as the body', () => {
    const result = requestBody({ f: textField(5) }).safeParse(['f']);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [[], 'Invalid data. Expected a dictionary.'],
    ]);
  });
});
