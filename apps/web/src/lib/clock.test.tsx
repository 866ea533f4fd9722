import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runtimeTimeZone } from '@portal/contract/time';
import type { User } from '@portal/contract/users';
import {
  fetchCall,
  json,
  memberUser,
  pendingFetch,
  testClient,
  withClient,
} from '../test/api-fakes';
import { userQueryKey } from './auth';
import { useAdoptBrowserTimeZone } from './clock';

const newcomer: User = { ...memberUser, time_zone: null };

afterEach(() => vi.unstubAllGlobals());

describe('useAdoptBrowserTimeZone (issue 25, one clock)', () => {
  it('gives an account without a zone the browser’s, once, and keeps the answer', async () => {
    const { fetch, answer } = pendingFetch();
    const client = testClient();
    const { rerender } = renderHook(({ user }) => useAdoptBrowserTimeZone(user, false), {
      wrapper: withClient(() => client),
      initialProps: { user: newcomer },
    });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetchCall(fetch)).toEqual({
      url: `/api/users/${newcomer.id}/`,
      method: 'PATCH',
      body: { time_zone: runtimeTimeZone() },
    });
    const saved = { ...newcomer, time_zone: runtimeTimeZone() };
    answer(0, json(200, saved));
    await waitFor(() => expect(client.getQueryData(userQueryKey)).toEqual(saved));
    rerender({ user: newcomer });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('leaves a chosen zone alone, and never sets one while staff impersonate', () => {
    const { fetch } = pendingFetch();
    const client = testClient();
    renderHook(() => useAdoptBrowserTimeZone(memberUser, false), {
      wrapper: withClient(() => client),
    });
    renderHook(() => useAdoptBrowserTimeZone(newcomer, true), {
      wrapper: withClient(() => client),
    });
    expect(fetch).not.toHaveBeenCalled();
  });
});
