import type { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANVAS_CONFLICT_MESSAGE, type Canvas, type CanvasSummary } from '@portal/contract/canvas';
import { toast } from '../../../components/ui/toast';
import { fetchCall, json, testClient, withClient } from '../../../test/api-fakes';
import {
  canvasConflict,
  useCanvases,
  useCreateCanvas,
  useDeleteCanvas,
  useUpdateCanvas,
} from './canvases';
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

describe('useUpdateCanvas', () => {
  it('patches the diagram with the version it started from and keeps the answer', async () => {
    queryClient.setQueryData(canvasKeys.list(), [summary(canvas(1, 'Shop'))]);
    const saved = canvas(1, 'Shop', { data: '{"nodes":[]}', version: 2 });
    const fetch = vi.fn(async () => json(200, saved));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useUpdateCanvas(1), { wrapper });

    act(() => result.current.mutate({ data: '{"nodes":[]}', version: 1 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(fetchCall(fetch)).toEqual({
      url: '/api/canvas/1/',
      method: 'PATCH',
      body: { data: '{"nodes":[]}', version: 1 },
    });
    expect(queryClient.getQueryData(canvasKeys.detail(1))).toEqual(saved);
    expect(queryClient.getQueryData<CanvasSummary[]>(canvasKeys.list())?.[0]?.version).toBe(2);
  });

  it('hands a 409 to the caller as a conflict with the current version, without a toast', async () => {
    const before = canvas(1, 'Shop');
    queryClient.setQueryData(canvasKeys.detail(1), before);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { detail: CANVAS_CONFLICT_MESSAGE, version: 4 })),
    );
    const error = vi.spyOn(toast, 'error');
    const { result } = renderHook(() => useUpdateCanvas(1), { wrapper });

    act(() => result.current.mutate({ data: '', version: 1 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(canvasConflict(result.current.error)).toEqual({
      detail: CANVAS_CONFLICT_MESSAGE,
      version: 4,
    });
    expect(error).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(canvasKeys.detail(1))).toEqual(before);
  });

  it('tells other failures apart from a conflict', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { data: ['Not valid JSON'] })),
    );
    const { result } = renderHook(() => useUpdateCanvas(1), { wrapper });

    act(() => result.current.mutate({ data: '{', version: 1 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(canvasConflict(result.current.error)).toBeNull();
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
