import { act, render as renderInPage, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { TOAST_DURATION } from '../ui/toast';
import { testClient } from '../../test/api-fakes';
import { CommentThread, type ThreadComment, type ThreadQuery } from './comment-thread';

/** Times are written on the reader's clock, which the signed-in user's query holds. */
const render = (ui: ReactElement) => {
  const client = testClient();
  return renderInPage(ui, {
    wrapper: ({ children }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  });
};

const comment = (id: number, overrides: Partial<ThreadComment> = {}): ThreadComment => ({
  id,
  author: `user${id}@example.test`,
  createdAt: new Date(2025, 10, 4, 13, 45).toISOString(),
  text: `Comment ${id}`,
  canDelete: true,
  ...overrides,
});

const loaded = (data: ThreadComment[]): ThreadQuery => ({
  isPending: false,
  isError: false,
  data,
  refetch: vi.fn(),
});

const setup = (
  comments: ThreadQuery,
  handlers: Partial<Record<'create' | 'remove', () => Promise<unknown>>> = {},
) => {
  const onCreate = vi.fn(handlers.create ?? (() => Promise.resolve()));
  const onDelete = vi.fn(handlers.remove ?? (() => Promise.resolve()));
  render(
    <CommentThread
      comments={comments}
      onCreate={onCreate}
      onDelete={onDelete}
      onRestore={vi.fn()}
      textField="message"
      placeholder="Write a comment…"
    />,
  );
  return { onCreate, onDelete, user: userEvent.setup() };
};

describe('CommentThread', () => {
  it('lists comments with author, time and text, and no delete button where not allowed', () => {
    setup(loaded([comment(1), comment(2, { author: null, canDelete: false })]));
    const items = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('user1@example.test11/04/2025 01:45 PM');
    expect(items[0]).toHaveTextContent('Comment 1');
    expect(within(items[0]!).getByRole('button', { name: 'Delete comment' })).toBeVisible();
    expect(items[1]).toHaveTextContent('Deleted user');
    expect(within(items[1]!).queryByRole('button')).toBeNull();
  });

  it('shows loading, empty and failed states, and retries on request', async () => {
    const { unmount } = render(
      <CommentThread
        comments={{ isPending: true, isError: false, data: undefined, refetch: vi.fn() }}
        onCreate={vi.fn()}
        onDelete={vi.fn()}
        onRestore={vi.fn()}
        textField="message"
        placeholder=""
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading comments');
    unmount();

    const failed = { isPending: false, isError: true, data: undefined, refetch: vi.fn() };
    const { user } = setup(failed);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('says so when there are no comments', () => {
    setup(loaded([]));
    expect(screen.getByText('No comments yet.')).toBeVisible();
  });

  it('posts the text as typed and clears the box', async () => {
    const { onCreate, user } = setup(loaded([]));
    const box = screen.getByRole('textbox', { name: 'New comment' });
    expect(screen.getByRole('button', { name: 'Comment' })).toBeDisabled();
    await user.type(box, 'Line one{Enter}line two');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(onCreate).toHaveBeenCalledWith('Line one\nline two');
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it("keeps the text and shows the server's message under the box on a 400", async () => {
    const { user } = setup(loaded([]), {
      create: () =>
        Promise.reject(
          new ApiError(400, { message: ['Ensure this field has no more than 5000 characters.'] }),
        ),
    });
    const box = screen.getByRole('textbox', { name: 'New comment' });
    await user.type(box, 'Too long');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ensure this field has no more than 5000 characters.',
    );
    expect(box).toHaveValue('Too long');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('deletes only after the confirmation', async () => {
    const { onDelete, user } = setup(loaded([comment(7)]));
    await user.click(screen.getByRole('button', { name: 'Delete comment' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete comment' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this comment?');
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(7);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

/** A thread whose list follows its deletes and restores, as the areas' caches make it do. */
const LiveThread = ({
  initial,
  onRestore,
}: {
  initial: ThreadComment[];
  onRestore(id: number): void;
}) => {
  const [data, setData] = useState(initial);
  return (
    <CommentThread
      comments={loaded(data)}
      onCreate={vi.fn()}
      onDelete={(id) => {
        setData((list) => list.filter((c) => c.id !== id));
        return Promise.resolve();
      }}
      onRestore={(id) => {
        onRestore(id);
        setData(initial);
        return Promise.resolve();
      }}
      textField="message"
      placeholder=""
    />
  );
};

// A drawer traps focus, so the toast's Undo is out of a keyboard's reach (decision 0040).
describe('CommentThread Undo in the thread', () => {
  const deleteFirst = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getAllByRole('button', { name: 'Delete comment' })[0]!);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(undo.closest('p')).toHaveTextContent('Comment deleted.');
    // The comment's Delete button went with it; focus goes to its Undo.
    await waitFor(() => expect(undo).toHaveFocus());
    return undo;
  };
  const comments = () =>
    within(screen.getByRole('list', { name: 'Comments' }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent);

  it('puts focus on Undo after a delete, and Enter restores the comment once', async () => {
    const onRestore = vi.fn();
    render(<LiveThread initial={[comment(7), comment(8)]} onRestore={onRestore} />);
    const user = userEvent.setup();
    await deleteFirst(user);
    expect(comments()).toEqual(['Comment 8']);
    await user.keyboard('{Enter}');
    expect(onRestore).toHaveBeenCalledExactlyOnceWith(7);
    expect(comments()).toEqual(['Comment 7', 'Comment 8']);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'New comment' })).toHaveFocus();
  });

  it("withdraws the offer with the toast's life; focus on it goes to the box", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const onRestore = vi.fn();
      render(<LiveThread initial={[comment(7)]} onRestore={onRestore} />);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const undo = await deleteFirst(user);
      act(() => vi.advanceTimersByTime(TOAST_DURATION - 500));
      expect(undo).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(600));
      expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
      expect(screen.getByRole('textbox', { name: 'New comment' })).toHaveFocus();
      expect(onRestore).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('CommentThread mentions', () => {
  const people = [
    { id: 1, name: 'Lee Park', email: 'lee@studio.test' },
    { id: 2, name: 'Dana Reyes', email: 'dana@acme.test' },
  ];
  const renderWithPeople = (comments: ThreadComment[] = []) => {
    const onCreate = vi.fn(() => Promise.resolve());
    render(
      <CommentThread
        comments={loaded(comments)}
        onCreate={onCreate}
        onDelete={vi.fn()}
        onRestore={vi.fn()}
        textField="content"
        placeholder="Ask."
        mentionables={people}
      />,
    );
    return { onCreate, user: userEvent.setup() };
  };

  it('typing @ lists the people, narrowed as one types; the keyboard picks one', async () => {
    const { onCreate, user } = renderWithPeople();
    const box = screen.getByRole('textbox', { name: 'New comment' });
    await user.type(box, 'Hi @');
    const list = screen.getByRole('listbox', { name: 'People to mention' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Lee Parklee@studio.test', 'Dana Reyesdana@acme.test']);
    await user.type(box, 'da');
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    expect(box).toHaveAttribute('aria-activedescendant', within(list).getByRole('option').id);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    // The box shows the name; what is sent names the address the server reads.
    expect(box).toHaveValue('Hi @Dana Reyes ');
    await user.type(box, 'can you check?');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith('Hi @dana@acme.test can you check?'));
  });

  it('shows a mention in a comment as the name of the person it names', () => {
    renderWithPeople([comment(1, { text: 'Thanks @dana@acme.test and @ghost@acme.test.' })]);
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('Thanks @Dana Reyes and @ghost@acme.test.');
    expect(within(item).getByText('@Dana Reyes')).toHaveAttribute('title', 'dana@acme.test');
  });

  it('matches the start of a name or an email, not any part of it', async () => {
    const { user } = renderWithPeople();
    const box = screen.getByRole('textbox', { name: 'New comment' });
    await user.type(box, '@re');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Dana Reyesdana@acme.test',
    ]);
    // Inside both emails ("studio.test", "acme.test"), at the start of neither.
    await user.clear(box);
    await user.type(box, '@st');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).not.toHaveAttribute('aria-expanded');
  });

  it('arrow keys move through the list and Escape closes it without picking', async () => {
    const { user } = renderWithPeople();
    const box = screen.getByRole('textbox', { name: 'New comment' });
    await user.type(box, '@');
    await user.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue('@');
  });
});
