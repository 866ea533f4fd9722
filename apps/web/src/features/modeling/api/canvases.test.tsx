import type { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANVAS_CONFLICT_MESSAGE, type Canvas, type CanvasSummary } from '@portal/contract/canvas';
import { fetchCall, json, testClient, withClient } from '../../../test/api-fakes';
import { canvasConflict, useCanvases, useCreateCanvas, useDeleteCanvas } from './canvases';
import { ApiError } from '../../../lib/api';
import { canvasKeys } from './keys';

const canvas = (id: number, name: string, extra: Partial<Canvas> = {}): Canvas => ({
  id,
  name,
  client_id: 3,
  client_name: 'Acme',
  data: '',
  version: 1,
  created_at: '2025-01-02T10:00:00.000Z',
  updated_at: '2025-01-02T10:00:00.000Z',
  ...extra,
});
const summary = ({ data: _data, ...rest }: Canvas): CanvasSummary => rest;

const page = (results: unknown[], next: string | null = null) => ({
  count: results.length,
  next,
  previous: null,
  results,
});

let queryClient: QueryClient;
const wrapper = withClient(() => queryClient);
const listNames = () =>
  queryClient.getQueryData<CanvasSummary[]>(canvasKeys.list())?.map((row) => row.name);

beforeEach(() => {
  queryClient = testClient();
});
afterEach(() => vi.unstubAllGlobals());

describe('useCanvases', () => {
  it('follows every page of the list', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.includes('page=1')
        ? json(200, page([summary(canvas(1, 'Shop'))], '/api/canvas/?page=2'))
        : json(200, page([summary(canvas(2, 'Blog'))])),
    );
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useCanvases(), { wrapper });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.map((row) => row.name)).toEqual(['Shop', 'Blog']);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetchCall(fetch).url).toMatch(/^\/api\/canvas\/\?page=1&page_size=100$/);
  });
});

describe('useCreateCanvas', () => {
  it('posts the name, the client and an empty diagram, and lists the new canvas', async () => {
    queryClient.setQueryData(canvasKeys.list(), [summary(canvas(1, 'Shop'))]);
    const fetch = vi.fn(async () => json(201, canvas(9, 'Billing')));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useCreateCanvas(), { wrapper });

    act(() => result.current.mutate({ name: 'Billing', client_id: 3 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(fetchCall(fetch)).toEqual({
      url: '/api/canvas/',
      method: 'POST',
      body: { name: 'Billing', client_id: 3, data: '' },
    });
    expect(result.current.data?.id).toBe(9);
    expect(listNames()).toEqual(['Billing', 'Shop']);
    expect(queryClient.getQueryData(canvasKeys.detail(9))).toEqual(canvas(9, 'Billing'));
  });
});

describe('canvasConflict', () => {
  it('reads a 409 as a conflict with the current version, and nothing else as one', () => {
    expect(
      canvasConflict(new ApiError(409, { detail: CANVAS_CONFLICT_MESSAGE, version: 4 })),
    ).toEqual({ detail: CANVAS_CONFLICT_MESSAGE, version: 4 });
    expect(canvasConflict(new ApiError(400, { data: ['Not valid JSON'] }))).toBeNull();
    expect(canvasConflict(new Error('offline'))).toBeNull();
  });
});

describe('useDeleteCanvas', () => {
  it('deletes and drops the canvas from the list and its detail', async () => {
    queryClient.setQueryData(canvasKeys.list(), [
      summary(canvas(1, 'Shop')),
      summary(canvas(2, 'Blog')),
    ]);
    queryClient.setQueryData(canvasKeys.detail(1), canvas(1, 'Shop'));
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useDeleteCanvas(), { wrapper });

    act(() => result.current.mutate(1));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(fetchCall(fetch)).toEqual({ url: '/api/canvas/1/', method: 'DELETE', body: undefined });
    expect(listNames()).toEqual(['Blog']);
    expect(queryClient.getQueryData(canvasKeys.detail(1))).toBeUndefined();
  });

  it('keeps the list as it was when the delete fails', async () => {
    queryClient.setQueryData(canvasKeys.list(), [summary(canvas(1, 'Shop'))]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(403, { detail: 'Forbidden' })),
    );
    const { result } = renderHook(() => useDeleteCanvas(), { wrapper });

    act(() => result.current.mutate(1));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(listNames()).toEqual(['Shop']);
  });
});
