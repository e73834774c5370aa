/** Test helpers: render with a fresh query client and a memory router. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { InsufficientCreditsProvider } from '../features/credits/insufficient-credits-provider.tsx';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}

/** Renders routes in a memory router (StrictMode on, like the app). Returns the router to inspect its location. */
export function renderRoutes(routes: RouteObject[], path: string, client = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...result, router, client };
}

/** Renders one element at `path`, with a marker page for every other path it may navigate to. */
export function renderPage(element: ReactElement, path: string, pattern = path.split('?')[0]!) {
  return renderRoutes(
    [
      { path: pattern, element },
      { path: '*', Component: () => <p>Other page</p> },
    ],
    path,
  );
}

/** Renders a tool's element as the layout provides it: a fresh query client and the Insufficient Credits dialog. */
export function renderTool(element: ReactElement) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <InsufficientCreditsProvider>{element}</InsufficientCreditsProvider>
    </QueryClientProvider>,
  );
}
