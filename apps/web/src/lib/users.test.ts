import { describe, expect, it } from 'vitest';
import { displayName, initials } from './users';

const user = (first_name: string, last_name: string) => ({
  email: 'ada@example.com',
  first_name,
  last_name,
});

describe('displayName', () => {
  it('joins first and last name', () => {
    expect(displayName(user('Ada', 'Lovelace'))).toBe('Ada Lovelace');
    expect(displayName(user('Ada', ''))).toBe('Ada');
    expect(displayName(user('', 'Lovelace'))).toBe('Lovelace');
  });
  it('falls back to the email when both names are empty or blank', () => {
    expect(displayName(user('', ''))).toBe('ada@example.com');
    expect(displayName(user(' ', ''))).toBe('ada@example.com');
  });
});

describe('initials', () => {
  it('uses the names, else the email', () => {
    expect(initials(user('ada', 'lovelace'))).toBe('AL');
    expect(initials(user('', ''))).toBe('A');
  });
});
