import { describe, expect, it } from 'vitest';
import { nextActivityParams, readActivityFilters, withSignIns } from './filters';

describe('the studio Activity page’s filters', () => {
  it('reads the URL’s filters, leaving sign-ins out unless it asks for them', () => {
    expect(readActivityFilters(new URLSearchParams('client=3&actor=2'))).toEqual({
      client: 3,
      actor: 2,
      sign_ins: false,
    });
    expect(readActivityFilters(new URLSearchParams('sign_ins=true&project=abc'))).toEqual({
      sign_ins: true,
    });
  });

  it('shows sign-ins with one key and hides them by removing it', () => {
    const shown = withSignIns(new URLSearchParams('client=3'), true);
    expect(shown.toString()).toBe('client=3&sign_ins=true');
    expect(withSignIns(shown, false).toString()).toBe('client=3');
  });

  it('clears the project when the client changes, and keeps the rest', () => {
    const params = new URLSearchParams('client=3&project=7&sign_ins=true');
    expect(nextActivityParams(params, 'client', 4).toString()).toBe('client=4&sign_ins=true');
    expect(nextActivityParams(params, 'actor', null).toString()).toBe(
      'client=3&project=7&sign_ins=true',
    );
  });
});
