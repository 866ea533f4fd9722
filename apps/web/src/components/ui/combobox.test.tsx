import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchCombobox } from './combobox';

type Person = { id: number; name: string };
const people: Person[] = [
  { id: 1, name: 'Ada Lovelace' },
  { id: 2, name: 'Alan Turing' },
  { id: 3, name: 'Grace Hopper' },
];
const searchPeople = (text: string) =>
  Promise.resolve(people.filter((p) => p.name.toLowerCase().includes(text.toLowerCase())));

const setup = (search = vi.fn(searchPeople)) => {
  const onSelect = vi.fn();
  render(
    <SearchCombobox<Person>
      label="Search for a user"
      search={search}
      getKey={(p) => p.id}
      renderItem={(p) => p.name}
      onSelect={onSelect}
    />,
  );
  return { search, onSelect, input: screen.getByRole('combobox', { name: 'Search for a user' }) };
};

afterEach(() => vi.useRealTimers());

describe('SearchCombobox', () => {
  it('searches 500 ms after the last keystroke, once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { search, input } = setup();
    fireEvent.change(input, { target: { value: 'a' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    fireEvent.change(input, { target: { value: 'al' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(search).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(search).toHaveBeenCalledExactlyOnceWith('al');
    expect(screen.getByRole('option', { name: 'Alan Turing' })).toBeInTheDocument();
  });

  it('searches at once with the Search button and selects a result by click', async () => {
    const user = userEvent.setup();
    const { search, onSelect, input } = setup();
    await user.type(input, 'grace');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(search).toHaveBeenCalledWith('grace');
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    expect(onSelect).toHaveBeenCalledWith(people[2]);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('moves through results with the arrow keys and picks one with Enter', async () => {
    const user = userEvent.setup();
    const { onSelect, input } = setup();
    await user.type(input, 'a{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Alan Turing' }).id,
    );
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(people[1]);
  });

  it('says so when nothing matches or the search fails', async () => {
    const user = userEvent.setup();
    const search = vi.fn((text: string) =>
      text === 'boom' ? Promise.reject(new Error('down')) : searchPeople(text),
    );
    const { input } = setup(search);
    await user.type(input, 'zzz{Enter}');
    expect(await screen.findByText('No results')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'boom{Enter}');
    expect(await screen.findByText('The search failed. Please try again.')).toBeInTheDocument();
  });

  it('ignores an answer that arrives after a newer search', async () => {
    const user = userEvent.setup();
    let resolveSlow: (value: Person[]) => void = () => undefined;
    const search = vi.fn((text: string) =>
      text === 'slow'
        ? new Promise<Person[]>((resolve) => (resolveSlow = resolve))
        : searchPeople(text),
    );
    const { input } = setup(search);
    await user.type(input, 'slow{Enter}');
    await user.clear(input);
    await user.type(input, 'ada{Enter}');
    expect(await screen.findByRole('option', { name: 'Ada Lovelace' })).toBeInTheDocument();
    await act(async () => resolveSlow([people[2] as Person]));
    expect(screen.queryByRole('option', { name: 'Grace Hopper' })).not.toBeInTheDocument();
  });
});
