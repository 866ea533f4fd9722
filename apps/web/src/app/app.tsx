import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider, createAppQueryClient } from './provider';
import { createRouter } from './router';

export const App = () => {
  const [queryClient] = useState(createAppQueryClient);
  // The router shares the query client, so a route can start its screen's request (0037).
  const [router] = useState(() => createRouter(queryClient));
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
};
