import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { PRERENDERED_ATTRIBUTE, VISITOR_ATTRIBUTE } from '../contract/pages.ts';
import { queryClient } from './lib/query-client.ts';
import { profileQueryKey, profileQueryOptions } from './lib/session/profile.ts';
import { notificationsQueryOptions } from './features/notifications/notification-banner.tsx';
import { createAppRouter } from './router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The server marks a page sent to a request with no session cookie at all (and sends a public one already drawn,
// scripts/prerender.tsx): that visitor is signed out for sure, so the app starts there instead of behind a session
// check (for a prerendered page it draws the same page over the one on screen). Otherwise the session check starts
// now, while the first page's code is still loading.
if (root.hasAttribute(VISITOR_ATTRIBUTE)) queryClient.setQueryData(profileQueryKey, null);
else void queryClient.prefetchQuery(profileQueryOptions());
// The banners too (one arriving late would push the page down).
void queryClient.prefetchQuery(notificationsQueryOptions);

const router = createAppRouter();
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);
// A prerendered page is hydrated: React adopts the page already on screen (the same tree, every answer still
// pending) instead of drawing it again, in short slices, so a slow phone stays responsive.
const render = () => {
  if (root.hasAttribute(PRERENDERED_ATTRIBUTE)) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
};

// Keep a prerendered page on screen until the router has the page's code, rather than showing a spinner in between.
if (router.state.initialized || !root.hasAttribute(PRERENDERED_ATTRIBUTE)) render();
else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    render();
  });
}
