import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { User } from '@portal/contract/users';
import { DEFAULT_STUDIO } from '../lib/studio';

// What tests of the web's API use: a QueryClient that does not retry, the provider around
// the hook, a fetch answered by hand and JSON answers.

/** A client as the app's, but a failed query fails at once. */
export const testClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** `renderHook`'s wrapper: the provider of the test's current client. */
export const withClient =
  (client: () => QueryClient) =>
  ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client()}>{children}</QueryClientProvider>
  );

/** A JSON answer, as the API gives it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** `GET /api/studio/`'s answer for a studio called `name` (what titles end with). */
export const studioAnswer = (name: string) => json(200, { ...DEFAULT_STUDIO, name });

/** A fetch whose answers the test gives one by one. */
export const pendingFetch = () => {
  const answers: ((response: Response) => void)[] = [];
  const fetch = vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve)));
  vi.stubGlobal('fetch', fetch);
  return { fetch, answer: (index: number, response: Response) => answers[index]?.(response) };
};

/** The `index`th request a fetch mock was called with: its URL, method and JSON body. */
export const fetchCall = (fetch: ReturnType<typeof vi.fn>, index = 0) => {
  const [url, init] = fetch.mock.calls[index] as unknown as [string, RequestInit];
  return {
    url,
    method: init.method,
    body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  };
};

/** A client's user (Dana at Acme) and a staff user (Lee), as `/api/auth/me/` answers them. */
export const memberUser: User = {
  id: 2,
  email: 'dana@acme.example',
  first_name: 'Dana',
  last_name: 'Reyes',
  phone: '',
  image: null,
  is_superuser: false,
  time_zone: 'UTC',
};
