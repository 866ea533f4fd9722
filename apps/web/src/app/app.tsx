import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import type { createRouter } from './router';

/**
 * The app around a query client and a router made before the first render (main.tsx): the
 * router shares the query client, so a route can start its screen's request (0037), and both
 * start — the current user, the route's chunk and its data — as the entry is evaluated rather
 * than once React has got round to rendering (decision 0055).
 */
export const App = ({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createRouter>;
}) => (
  <AppProvider queryClient={queryClient}>
    <RouterProvider router={router} />
  </AppProvider>
);
