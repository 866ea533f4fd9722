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
  it('accepts only positive integer ids', () => {
    expect(idSchema.parse('42')).toBe(42);
    for (const bad of ['abc', '1.5', '-1', '0', '99999999999'])
      expect(idSchema.safeParse(bad).success).toBe(false);
  });

  it('parses page numbers and the "last" page', () => {
    expect(pageQuerySchema.parse({ page: '3', page_size: '50' })).toEqual({
      page: 3,
      page_size: 50,
    });
    expect(pageQuerySchema.parse({ page: 'last' })).toEqual({ page: 'last' });
    expect(pageQuerySchema.safeParse({ page_size: '1000' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});
