import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './lib/query-client.ts';
import { profileQueryOptions } from './lib/session/profile.ts';
import { notificationsQueryOptions } from './features/notifications/notification-banner.tsx';
import { createAppRouter } from './router.tsx';
import './styles.css';

// The session check and the banners start now, while the first page's code is still loading, rather than after it
// renders (a banner arriving late would push the page down).
void queryClient.prefetchQuery(profileQueryOptions());
void queryClient.prefetchQuery(notificationsQueryOptions);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </QueryClientProvider>
  </StrictMode>,
);
