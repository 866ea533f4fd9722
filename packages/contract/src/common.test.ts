import { describe, expect, it } from 'vitest';
import { idSchema, pageQuerySchema, slugify } from './common';

describe('slugify (spec §3)', () => {
  it.each([
    ['Acme Corp', 'acme-corp'],
    ['  Leading and trailing  ', 'leading-and-trailing'],
    ['Hello, World!', 'hello-world'],
    ['snake_case and-kebab', 'snake-case-and-kebab'],
    ['many   spaces\t\tand___underscores---hyphens', 'many-spaces-and-underscores-hyphens'],
    ['--edge--', 'edge'],
    ['Café Ünïcode', 'caf-ncode'],
    ['100% Done', '100-done'],
    ['!!!', ''],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});

describe('shared request schemas', () => {
  it('accepts only canonical decimal ids', () => {
    expect(idSchema.parse('42')).toBe(42);
    expect(idSchema.parse('2147483647')).toBe(2147483647);
    for (const bad of [
      'abc',
      '1.5',
      '-1',
      '0',
      '99999999999',
      '2147483648',
      '0x10',
      '1e1',
      '01',
      ' 1',
      '1 ',
      '+1',
      '',
    ])
      expect(idSchema.safeParse(bad).success).toBe(false);
  });

  it('parses page numbers and the "last" page', () => {
    expect(pageQuerySchema.parse({ page: '3', page_size: '50' })).toEqual({
      page: 3,
      page_size: 50,
    });
    expect(pageQuerySchema.parse({ page: 'last' })).toEqual({ page: 'last', page_size: undefined });
    // As DRF's paginator: too big a page size is capped, a bad one falls back to the default,
    // a bad page is null (answered 404 "Invalid page.").
    expect(pageQuerySchema.parse({ page_size: '1000' })).toEqual({ page_size: 100 });
    for (const size of ['0', '-5', 'ten', '1.5', ''])
      expect(pageQuerySchema.parse({ page_size: size })).toEqual({ page_size: undefined });
    for (const page of ['0', '-1', 'abc', '1.5', 'first'])
      expect(pageQuerySchema.parse({ page })).toEqual({ page: null, page_size: undefined });
  });
});
