import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppQueryClient } from './app/provider';
import { createRouter } from './app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// Made here, not in a component's first render, which React schedules for a later task: the
// requests they start (the user, the route's chunk and data) go out as this script runs.
const queryClient = createAppQueryClient();
const router = createRouter(queryClient);
createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
