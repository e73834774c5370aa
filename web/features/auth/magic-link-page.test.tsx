// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MagicStatus } from '../../../contract/auth.ts';
import { fail, ok, routes, stubFetch, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { renderPage, renderRoutes } from '../../test-support/render.tsx';
import { GuestRoute, ProtectedRoute } from './guards.tsx';
import { MagicLinkPage } from './magic-link-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const user = { id: 'u1', email: 'new@example.com', name: 'New User', roles: [], created_at: '2026-01-01T00:00:00Z', last_login_at: null };

/** The sign-in server: signed out until the link is used, then signed in; `next` is what the link was requested for. */
function server(status: Partial<MagicStatus>, next: string | null = null) {
  let signedIn = false;
  return stubFetch(
    routes({
      'GET /api/auth/profile': () =>
        signedIn
          ? ok({ user, storage: null, credits: null, csrf_token: 'csrf', welcome: null })
          : fail(401, 'UNAUTHENTICATED', 'Please sign in to continue.'),
      'GET /api/auth/magic-status': () =>
        ok({ is_used: false, is_expired: false, is_valid: true, user_name: null, email: 'new@example.com', ...status }),
      'POST /api/auth/verify-magic': () => {
        signedIn = true;
        return ok({ user, csrf_token: 'csrf', expires_at: '2026-02-01T00:00:00Z', is_new_user: status.user_name == null, next });
      },
    }),
  );
}

/** The page behind the app's own guards: /auth/magic guest-only, the tool page signed-in only. */
function renderWithGuards(path: string) {
  return renderRoutes(
    [
      { element: <GuestRoute to="/tools" />, children: [{ path: '/auth/magic', element: <MagicLinkPage /> }] },
      { element: <ProtectedRoute />, children: [{ path: '/tools/image-variator', element: <p>Image variator</p> }] },
      { path: '/auth', element: <p>Sign-in page</p> },
      { path: '*', element: <p>Other page</p> },
    ],
    path,
  );
}

const verifyCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/api/auth/verify-magic');

describe('MagicLinkPage', () => {
  it("asks a new user's name ('Almost There!'), sends 'New User' when left empty, then goes to /tools", async () => {
    const calls = server({ user_name: null });
    const { router } = renderPage(<MagicLinkPage />, `/auth/magic?token=${TOKEN}`, '/auth/magic');

    await screen.findByRole('heading', { name: 'Almost There!' });
    expect(verifyCalls(calls)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { name: 'Welcome to Ampkit!' });
    expect(verifyCalls(calls).map((c) => c.body)).toEqual([{ token: TOKEN, name: 'New User' }]);
    await screen.findByText('Other page', {}, { timeout: 3000 });
    expect(router.state.location.pathname).toBe('/tools');
  });

  it('says what an empty name becomes: the one made from the address', async () => {
    server({ user_name: null, email: 'jane.doe@example.com' });
    renderPage(<MagicLinkPage />, `/auth/magic?token=${TOKEN}`, '/auth/magic');
    await screen.findByRole('heading', { name: 'Almost There!' });
    expect(screen.getByText('Leave it empty to be called Jane Doe. You can change it later in your dashboard.')).toBeTruthy();
    expect(screen.getByLabelText('Your name').getAttribute('placeholder')).toBe('Jane Doe');
  });

  it('goes on to the page the link was requested for, past the guards, even in a tab without router state', async () => {
    server({ user_name: 'Sam' }, '/tools/image-variator');
    const { router } = renderWithGuards(`/auth/magic?token=${TOKEN}`);
    await screen.findByText('Taking you back to the page you wanted…');
    await screen.findByText('Image variator', {}, { timeout: 3000 });
    expect(router.state.location.pathname).toBe('/tools/image-variator');
  });

  it.each(['//evil.example/tools', '/\\evil.example', 'https://evil.example/', '/auth?next=/x'])(
    'never follows %j from the answer: it goes to /tools',
    async (next) => {
      server({ user_name: 'Sam' }, next);
      const { router } = renderWithGuards(`/auth/magic?token=${TOKEN}`);
      await screen.findByText('Taking you to your tools…');
      await screen.findByText('Other page', {}, { timeout: 3000 });
      expect(router.state.location.pathname).toBe('/tools');
    },
  );

  it('verifies an existing user once, even under StrictMode', async () => {
    const calls = server({ user_name: 'Sam' });
    renderPage(<MagicLinkPage />, `/auth/magic?token=${TOKEN}`, '/auth/magic');
    await screen.findByRole('heading', { name: "You're signed in!" });
    expect(verifyCalls(calls)).toHaveLength(1);
    expect(verifyCalls(calls)[0]!.body).toEqual({ token: TOKEN });
  });

  it('shows the used state before the expired one, with a way back to /auth', async () => {
    server({ is_used: true, is_expired: true, is_valid: false });
    renderPage(<MagicLinkPage />, `/auth/magic?token=${TOKEN}`, '/auth/magic');
    await screen.findByRole('heading', { name: 'This link was already used' });
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth');
  });

  it('treats a missing token as invalid without calling the server', async () => {
    const calls = server({});
    renderPage(<MagicLinkPage />, '/auth/magic', '/auth/magic');
    await screen.findByRole('heading', { name: 'Invalid sign-in link' });
    expect(calls.filter((c) => c.url.startsWith('/api/auth/magic-status'))).toHaveLength(0);
  });

  it("shows the server's verification error", async () => {
    stubFetch(
      routes({
        'GET /api/auth/profile': () => fail(401, 'UNAUTHENTICATED'),
        'GET /api/auth/magic-status': () => ok({ is_used: false, is_expired: false, is_valid: true, user_name: 'Sam', email: 's@x.co' }),
        'POST /api/auth/verify-magic': () => fail(429, 'RATE_LIMITED', 'Too many sign-in attempts.'),
      }),
    );
    renderPage(<MagicLinkPage />, `/auth/magic?token=${TOKEN}`, '/auth/magic');
    expect((await screen.findByRole('alert')).textContent).toContain('Too many sign-in attempts.');
  });
});
