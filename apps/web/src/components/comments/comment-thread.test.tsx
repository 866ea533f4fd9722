import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { CommentThread, type ThreadComment, type ThreadQuery } from './comment-thread';

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
