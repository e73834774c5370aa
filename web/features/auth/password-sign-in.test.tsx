// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { renderRoutes } from '../../test-support/render.tsx';
import { GuestRoute } from './guards.tsx';
import { SignInPage } from './sign-in-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = { id: 'u1', email: 'pat@example.com', name: 'Pat', roles: [], created_at: '2026-01-01T00:00:00Z', last_login_at: null };

async function show(login: Parameters<typeof routes>[0][string]) {
  let signedIn = false;
  const profile = {
    user,
    storage: { used_bytes: 0, used_gb: 0, quota_gb: 10, percentage_used: 0, available_bytes: 10 * 2 ** 30 },
    credits: { balance: '5', available_credits: '5', lifetime_used: '0', lifetime_purchased: '0' },
    csrf_token: 'csrf-1',
    welcome: null,
  };
  const calls = stubFetch(
    routes({
      'POST /api/auth/login': async (call) => {
        const res = await login(call);
        signedIn = res.ok;
        return res;
      },
      'GET /api/auth/profile': () => (signedIn ? ok(profile) : fail(401, 'UNAUTHENTICATED', 'Please sign in')),
    }),
  );
  const view = renderRoutes(
    [
      { element: <GuestRoute to="/" />, children: [{ path: '/auth', Component: SignInPage }] },
      { path: '/', Component: () => <p>Home page</p> },
    ],
    '/auth',
  );
  // The guard checks the session first.
  fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a password instead' }));
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: ' pat@example.com ' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'the password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return { calls, ...view };
}

describe('password sign-in', () => {
  it('signs in with email and password, and the guard of /auth sends the user on, as after a link', async () => {
    const { calls } = await show(() => ok({ user, csrf_token: 'csrf-1', expires_at: '2027-01-01T00:00:00Z' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'pat@example.com', password: 'the password' });
  });

  it("shows the server's message, and leads back to the link form", async () => {
    await show(() => fail(401, 'INVALID_CREDENTIALS', 'Invalid email or password.'));
    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(screen.getByRole('button', { name: 'Send magic link' })).toBeTruthy();
  });
});
