// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { DASHBOARD_TAB_STORAGE_KEY } from '../contract/constants.ts';
import { lookupPage, PAGE_PATHS, PAGE_REDIRECTS } from '../contract/pages.ts';
import { TOOL_CATALOGUE } from '../contract/tools.ts';
import { TRANSCRIPTION_MESSAGES } from '../contract/transcriptions.ts';
import { setCsrfToken } from './lib/api.ts';
import { fail, ok, routes as api, stubFetch } from './test-support/fetch-stub.ts';
import { renderRoutes } from './test-support/render.tsx';
import { routes } from './router.tsx';

const profile = (roles: string[] = []) => ({
  user: { id: 'u1', email: 'sam@example.com', name: 'Sam Lee', roles, created_at: '2026-01-01T00:00:00Z', last_login_at: null },
  storage: { used_bytes: 0, used_gb: 0, quota_gb: 5, percentage_used: 0, available_bytes: 5 * 1024 ** 3 },
  credits: { balance: '12.5', available_credits: '12.5', lifetime_used: '2.5', lifetime_purchased: '15' },
  csrf_token: 'csrf-1',
});

function server(signedIn: boolean, roles: string[] = [], tools = TOOL_CATALOGUE) {
  return stubFetch(
    api({
      'GET /api/auth/profile': () => (signedIn ? ok(profile(roles)) : fail(401, 'UNAUTHENTICATED', 'Please sign in to continue.')),
      'GET /api/tools/config': () => ok({ tools }),
      'POST /api/auth/logout': () => ok({ message: 'Signed out' }),
    }),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('route guards', () => {
  it('sends a visitor from /dashboard to /auth, remembering where they came from', async () => {
    server(false);
    const { router } = renderRoutes(routes, '/dashboard');
    await screen.findByRole('heading', { name: 'Sign in to Ampkit' });
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.state).toEqual({ from: expect.objectContaining({ pathname: '/dashboard' }) });
  });

  it('sends a signed-in user from /auth to /', async () => {
    server(true);
    const { router } = renderRoutes(routes, '/auth');
    await screen.findByRole('heading', { name: 'Welcome back, Sam' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a non-admin from /admin to / and lets an admin in', async () => {
    server(true);
    const first = renderRoutes(routes, '/admin');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/'));
    cleanup();
    vi.unstubAllGlobals();
    server(true, ['admin']);
    renderRoutes(routes, '/admin');
    await screen.findByRole('heading', { name: 'Admin' });
  });

  it('redirects /library and /transcription/:uuid', async () => {
    server(true);
    const { router } = renderRoutes(routes, '/transcription/abc');
    // The detail page of /transcriptions/abc (no such item here).
    await screen.findByRole('heading', { name: TRANSCRIPTION_MESSAGES.notFoundHeading });
    expect(router.state.location.pathname).toBe('/transcriptions/abc');
  });
});

describe('dashboard load errors', () => {
  it("shows 'Dashboard Error' with Retry when the session check fails, and recovers", async () => {
    let down = true;
    stubFetch(
      api({
        'GET /api/auth/profile': () => (down ? fail(503, 'SERVICE_UNAVAILABLE', 'Database unreachable') : ok(profile())),
        'GET /api/tools/config': () => ok({ tools: TOOL_CATALOGUE }),
      }),
    );
    renderRoutes(routes, '/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Dashboard Error');
    expect(alert.textContent).toContain('Database unreachable');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.getByText(/Hello, Sam Lee!/)).toBeTruthy();
  });
});

describe('signed-in shell', () => {
  it('shows the credit chip with 2 decimals, opening the credits tab, which is remembered', async () => {
    server(true);
    const { router } = renderRoutes(routes, '/tools');
    const chip = await screen.findByRole('link', { name: /12\.50\s+credits/ });
    expect(chip.getAttribute('href')).toBe('/dashboard?tab=credits');
    fireEvent.click(chip);
    const tab = await screen.findByRole('tab', { name: 'Credits' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Available Credits')).toBeTruthy();
    // The ?tab= of the address is remembered by an effect after the render that shows the tab.
    await waitFor(() => expect(localStorage.getItem(DASHBOARD_TAB_STORAGE_KEY)).toBe('credits'));
    fireEvent.click(screen.getByRole('tab', { name: 'Telegram' }));
    await screen.findByRole('heading', { name: 'Telegram Integration' });
    expect(localStorage.getItem(DASHBOARD_TAB_STORAGE_KEY)).toBe('telegram');
    expect(router.state.location.search).toBe('');
  });

  it('logs out from the dashboard to the landing page, sending the CSRF token', async () => {
    const calls = server(true);
    const { router } = renderRoutes(routes, '/dashboard');
    // The phone menu is a <details> element: a browser leaves its content out of the page while it is closed, jsdom
    // does not, so the Logout a person can click is the one outside a closed <details>.
    const logoutButtons = await screen.findAllByRole('button', { name: 'Logout' });
    const reachable = logoutButtons.filter((button) => !button.closest('details:not([open])'));
    expect(reachable).toHaveLength(1);
    fireEvent.click(reachable[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const logout = calls.find((c) => c.url === '/api/auth/logout');
    expect(logout?.headers['x-csrf-token']).toBe('csrf-1');
    vi.unstubAllGlobals();
    server(false);
    await screen.findByRole('heading', { name: "The creator's AI toolkit" });
  });

  it('shows a coming-soon message instead of opening a coming-soon tool', async () => {
    // The admin has set transcription back to coming-soon.
    server(true, [], TOOL_CATALOGUE.map((tool) => (tool.id === 'transcription' ? { ...tool, status: 'coming-soon' as const } : tool)));
    const { router } = renderRoutes(routes, '/tools');
    fireEvent.click(await screen.findByRole('button', { name: 'Audio Transcription (Coming Soon)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Audio Transcription is coming soon');
    expect(router.state.location.pathname).toBe('/tools');
  });
});

describe('the transcription tool page', () => {
  it('shows a visitor only a sign-in prompt with a button to /auth (not a redirect)', async () => {
    server(false);
    const { router } = renderRoutes(routes, '/tools/transcription');
    await screen.findByRole('heading', { name: 'Sign in to transcribe audio' });
    expect(router.state.location.pathname).toBe('/tools/transcription');
    expect(screen.getByRole('link', { name: 'Sign in to start' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('button', { name: 'Start Transcription' })).toBeNull();
  });
});

describe('the route table', () => {
  /** Every path the router declares, joined from its nested routes ('*' excluded). */
  function declaredPaths(list: RouteObject[], parent = ''): string[] {
    return list.flatMap((route) => {
      const here = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
      const own = route.path !== undefined && !route.index && route.path !== '*' ? [here] : route.index ? [parent || '/'] : [];
      return [...own, ...declaredPaths(route.children ?? [], here)];
    });
  }

  it('declares exactly the pages and redirects the server knows (contract/pages.ts), so no page answers 404 on reload', () => {
    const shape = (path: string) => path.replace(/:(\w+)/g, ':param');
    const known = new Set([...PAGE_PATHS, ...Object.keys(PAGE_REDIRECTS), '/file', '/content'].map(shape));
    const declared = declaredPaths(routes);
    // A concrete path the router names on its own (e.g. /tools/transcription) is one of the table's pages.
    const unknown = declared.filter((path) => !known.has(shape(path)) && lookupPage(path).kind !== 'page');
    expect(unknown).toEqual([]);
    const missing = [...known].filter((path) => !declared.map(shape).includes(path));
    expect(missing).toEqual([]);
  });

  it('answers every redirect of the table in the app too', async () => {
    server(false);
    const { router } = renderRoutes(routes, '/terms');
    await waitFor(() => expect(router.state.location.pathname).toBe('/legal/terms'));
  });
});
