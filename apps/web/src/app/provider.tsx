import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../components/ui/toast';
import { prefetchCurrentUser } from '../lib/auth';
import { createQueryClient } from '../lib/query-client';

/**
 * Everything mounted exactly once around the whole app. Providers only signed-in pages need
 * (tooltips) live in the lazily loaded signed-in layout, so /login does not download them.
 */
export const AppProvider = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    prefetchCurrentUser(client);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
};
