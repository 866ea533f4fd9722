import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DragHandle, SortableList, type SortableMove } from './sortable-list';

type Item = { id: number; name: string };
const items: Item[] = [
  { id: 1, name: 'Alpha' },
  { id: 2, name: 'Beta' },
  { id: 3, name: 'Gamma' },
];

const List = ({
  onMove,
  disabled,
  initial = items,
}: {
  onMove(move: SortableMove<Item>): void;
  disabled?: boolean;
  initial?: Item[];
}) => {
  const [list, setList] = useState(initial);
  return (
    <>
      <SortableList
        aria-label="Things"
        items={list}
        getId={(item) => item.id}
        getLabel={(item) => item.name}
        disabled={disabled}
        onMove={onMove}
        renderItem={(item) => (
          <div>
            <DragHandle label={`Reorder ${item.name}`} />
            <span>{item.name}</span>
          </div>
        )}
      />
      <button type="button" onClick={() => setList([...initial].reverse())}>
        Replace
      </button>
    </>
  );
};

const shown = () =>
  within(screen.getByRole('list', { name: 'Things' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

beforeEach(() => {
  // jsdom lays nothing out: give each row a 40 px box, 50 px apart, so dnd-kit can measure.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const row = this.closest('li');
    const index = row?.parentElement ? Array.from(row.parentElement.children).indexOf(row) : 0;
    return DOMRect.fromRect({ x: 0, y: index * 50, width: 300, height: 40 });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('SortableList', () => {
  it('reorders with the keyboard alone and shows the new order at once', async () => {
    const onMove = vi.fn();
    const user = userEvent.setup();
    render(<List onMove={onMove} />);
    expect(shown()).toEqual(['Alpha', 'Beta', 'Gamma']);

    screen.getByRole('button', { name: 'Reorder Alpha' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');

    await waitFor(() =>
      expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 1, from: 0, to: 1 })),
    );
    expect(shown()).toEqual(['Beta', 'Alpha', 'Gamma']);
  });

  it("lets the caller's items win as soon as they change", async () => {
    const user = userEvent.setup();
    render(<List onMove={vi.fn()} />);
    screen.getByRole('button', { name: 'Reorder Alpha' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(shown()).toEqual(['Beta', 'Alpha', 'Gamma']));

    // e.g. the server answered a different order, or a failed move was rolled back
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    expect(shown()).toEqual(['Gamma', 'Beta', 'Alpha']);
  });

  it('is a plain list without handles when reordering is not allowed', () => {
    render(<List onMove={vi.fn()} disabled />);
    expect(shown()).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(screen.queryByRole('button', { name: /^Reorder/ })).not.toBeInTheDocument();
  });

  it('names each handle and tells keyboard users how to drag', () => {
    render(<List onMove={vi.fn()} />);
    const handle = screen.getByRole('button', { name: 'Reorder Beta' });
    expect(handle).toHaveAccessibleDescription(/press Space or Enter/);
  });
});
