import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from '../components/ui/toast';
import { prefetchCurrentUser } from '../lib/auth';
import { createQueryClient } from '../lib/query-client';

/** The app's query client, asking for the signed-in user at once. */
export const createAppQueryClient = () => {
  const client = createQueryClient();
  prefetchCurrentUser(client);
  return client;
};

/**
 * Everything mounted exactly once around the whole app. Providers only signed-in pages need
 * (tooltips) live in the lazily loaded signed-in layout, so /login does not download them.
 */
export const AppProvider = ({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  /** The app's client, shared with the router; tests leave it to the provider. */
  queryClient?: QueryClient;
}) => {
  const [queryClient] = useState(() => given ?? createAppQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
};
