import { describe, expect, it } from 'vitest';
import { isFiltered, nextLeadParams, readLeadQuery } from './query-state';

const params = (text: string) => new URLSearchParams(text);

describe('readLeadQuery', () => {
  it('reads page, search and status', () => {
    expect(readLeadQuery(params('page=3&search=acme&status=won'))).toEqual({
      page: 3,
      search: 'acme',
      status: 'won',
    });
  });

  it('defaults to the first page of everything', () => {
    expect(readLeadQuery(params(''))).toEqual({ page: 1, search: '', status: '' });
  });

  it('reads hand-edited nonsense as the default', () => {
    expect(readLeadQuery(params('page=abc&status=lost'))).toMatchObject({ page: 1, status: '' });
    expect(readLeadQuery(params('page=0'))).toMatchObject({ page: 1 });
    expect(readLeadQuery(params('page=-2'))).toMatchObject({ page: 1 });
    expect(readLeadQuery(params('page=2.5'))).toMatchObject({ page: 1 });
  });

  it('trims the search', () => {
    expect(readLeadQuery(params('search=%20acme%20'))).toMatchObject({ search: 'acme' });
  });
});

describe('nextLeadParams', () => {
  const next = (text: string, change: Parameters<typeof nextLeadParams>[1]) =>
    nextLeadParams(params(text), change).toString();

  it('sets the page, leaving page 1 out of the URL', () => {
    expect(next('search=acme', { page: 2 })).toBe('search=acme&page=2');
    expect(next('search=acme&page=2', { page: 1 })).toBe('search=acme');
  });

  it('drops the page when the search changes', () => {
    expect(next('page=3&status=new', { search: 'acme' })).toBe('status=new&search=acme');
  });

  it('drops the page when the status changes', () => {
    expect(next('page=3&search=acme', { status: 'won' })).toBe('search=acme&status=won');
  });

  it('keeps the page when the search or status stays the same', () => {
    expect(next('page=3&search=acme&status=new', { search: ' acme ', status: 'new' })).toBe(
      'page=3&search=acme&status=new',
    );
  });

  it('leaves an empty search or the All status out of the URL', () => {
    expect(next('search=acme&status=won&page=2', { search: '', status: '' })).toBe('');
  });

  it('drops a status the app does not know when All is chosen', () => {
    expect(next('status=lost', { status: '' })).toBe('');
  });

  it('keeps parameters the list does not own', () => {
    expect(next('utm_source=mail&page=2', { search: 'x' })).toBe('utm_source=mail&search=x');
  });

  it('does not change the parameters it was given', () => {
    const before = params('page=2');
    nextLeadParams(before, { search: 'x' });
    expect(before.toString()).toBe('page=2');
  });
});

describe('isFiltered', () => {
  it('is true with a search or a status', () => {
    expect(isFiltered({ page: 4, search: '', status: '' })).toBe(false);
    expect(isFiltered({ page: 1, search: 'a', status: '' })).toBe(true);
    expect(isFiltered({ page: 1, search: '', status: 'spam' })).toBe(true);
  });
});
