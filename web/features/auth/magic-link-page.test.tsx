// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MagicStatus } from '../../../contract/auth.ts';
import { fail, ok, routes, stubFetch, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { renderPage } from '../../test-support/render.tsx';
import { MagicLinkPage } from './magic-link-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const user = { id: 'u1', email: 'new@example.com', name: 'New User', roles: [], created_at: '2026-01-01T00:00:00Z', last_login_at: null };

function server(status: Partial<MagicStatus>) {
  return stubFetch(
    routes({
      'GET /api/auth/profile': () => fail(401, 'UNAUTHENTICATED', 'Please sign in to continue.'),
      'GET /api/auth/magic-status': () =>
        ok({ is_used: false, is_expired: false, is_valid: true, user_name: null, email: 'new@example.com', ...status }),
      'POST /api/auth/verify-magic': () =>
        ok({ user, csrf_token: 'csrf', expires_at: '2026-02-01T00:00:00Z', is_new_user: status.user_name == null }),
    }),
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
