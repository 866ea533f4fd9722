import { describe, expect, it } from 'vitest';
import { leadName } from './format';

describe('leadName', () => {
  it('joins first and last name', () => {
    expect(leadName({ first_name: 'Ada', last_name: 'Lovelace', email: 'a@x.test' })).toBe(
      'Ada Lovelace',
    );
  });

  it('falls back to the email when both are blank', () => {
    expect(leadName({ first_name: ' ', last_name: '', email: 'a@x.test' })).toBe('a@x.test');
  });
});
