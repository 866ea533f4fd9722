import { renderHook } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { useCommentThread } from './use-comment-thread';

type Note = { id: number; body: string };

const toThread = (note: Note) => ({
  id: note.id,
  author: null,
  createdAt: '2025-04-11T13:45:00Z',
  text: note.body,
  canDelete: false,
});

describe('useCommentThread', () => {
  it('maps the comments once per list and hands the calls on', () => {
    const query = {
      isPending: false,
      isError: false,
      data: [{ id: 1, body: 'Hello' }],
      refetch: vi.fn(),
    } as unknown as UseQueryResult<readonly Note[]>;
    const calls = {
      create: { mutateAsync: vi.fn() },
      remove: { mutateAsync: vi.fn() },
      restore: { mutateAsync: vi.fn() },
    };
    const { result, rerender } = renderHook(() => useCommentThread(query, calls, toThread));
    const first = result.current.comments.data;
    expect(first).toEqual([toThread({ id: 1, body: 'Hello' })]);
    expect(result.current.onCreate).toBe(calls.create.mutateAsync);
    expect(result.current.onDelete).toBe(calls.remove.mutateAsync);
    expect(result.current.onRestore).toBe(calls.restore.mutateAsync);
    rerender();
    expect(result.current.comments.data).toBe(first);
  });
});
