import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { Home } from '@portal/contract/home';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { TOKEN_KEY } from '../../../lib/tokens';
import { homeKeys, homeQuery, prefetchHome } from './home-query';

const home: Home = {
  role: 'staff',
  sections: [{ key: 'new_leads', count: 0, entries: [] }],
  projects: [],
};

let fetched: string[];
const answer = (body: unknown) => {
  fetched = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify(body), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
};

beforeEach(() => localStorage.setItem(TOKEN_KEY, 't'));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('prefetchHome (the home route starts its query, decision 0055)', () => {
  it("starts the screen's own query, which the screen then does not send again", async () => {
    answer(home);
    const queryClient = createQueryClient();
    prefetchHome(queryClient);
    expect(fetched).toEqual(['/api/home/']);
    // In flight: a second start (a second render of the route) joins it.
    prefetchHome(queryClient);
    expect(fetched).toHaveLength(1);
    await vi.waitFor(() => expect(queryClient.getQueryData(homeKeys.home())).toEqual(home));
    // The screen mounting with the same query finds the answer and asks nothing.
    const screen = new QueryObserver(queryClient, homeQuery());
    const unsubscribe = screen.subscribe(() => undefined);
    expect(screen.getCurrentResult().data).toEqual(home);
    expect(fetched).toHaveLength(1);
    unsubscribe();
  });

  it('asks again each time the route is entered: Home is refreshed whenever she comes back', async () => {
    answer(home);
    const queryClient = createQueryClient();
    prefetchHome(queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryData(homeKeys.home())).toEqual(home));
    prefetchHome(queryClient);
    expect(fetched).toEqual(['/api/home/', '/api/home/']);
  });

  it("fails the query on an answer the contract's schema refuses, and asks nothing signed out", async () => {
    answer({ role: 'nobody' });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchHome(queryClient);
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(homeKeys.home())?.status).toBe('error'),
    );
    localStorage.clear();
    fetched = [];
    prefetchHome(queryClient);
    expect(fetched).toEqual([]);
  });
});
