// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmailChangeStatus } from '../../../contract/auth.ts';
import { fail, ok, routes, stubFetch, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { renderPage } from '../../test-support/render.tsx';
import { ConfirmEmailPage } from './confirm-email-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const me = { id: 'u1', email: 'me@example.com', name: 'Me', roles: [], created_at: '2026-01-01T00:00:00Z', last_login_at: null };
const valid: EmailChangeStatus = { state: 'valid', account: 'ma•••@example.com', new_email: 'new@example.com', signed_in_as_owner: false };

/** The server as the link's page sees it: signed in as `me` or signed out, and the link's status. */
function server(status: EmailChangeStatus, signedIn: boolean) {
  return stubFetch(
    routes({
      'GET /api/auth/profile': () =>
        signedIn ? ok({ user: me, storage: null, credits: null, csrf_token: 'csrf', welcome: null }) : fail(401, 'UNAUTHENTICATED', 'Please sign in to continue.'),
      'GET /api/auth/email-change': () => ok(status),
      'POST /api/auth/confirm-email': () =>
        ok({ user: { ...me, email: 'new@example.com' }, sessions_ended: 2, message: 'Your email is now new@example.com.' }),
    }),
  );
}

const confirmCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/api/auth/confirm-email');
const open = () => renderPage(<ConfirmEmailPage />, `/auth/confirm-email?token=${TOKEN}`, '/auth/confirm-email');

describe('ConfirmEmailPage', () => {
  it('signed out: confirms nothing, names the account (masked) and asks to sign in to it', async () => {
    const calls = server(valid, false);
    open();
    await screen.findByRole('heading', { name: 'Sign in to confirm this change' });
    expect(screen.getByText('ma•••@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to that account' }).getAttribute('href')).toBe('/auth');
    expect(confirmCalls(calls)).toHaveLength(0);
  });

  it('signed in to another account: confirms nothing and says the link is for another account', async () => {
    const calls = server(valid, true);
    open();
    await screen.findByRole('heading', { name: 'This link is for another account' });
    expect(screen.getByText('me@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(confirmCalls(calls)).toHaveLength(0);
  });

  it('signed in to the asking account: confirms once and says every other session was signed out', async () => {
    const calls = server({ ...valid, signed_in_as_owner: true }, true);
    open();
    await screen.findByRole('heading', { name: 'Email confirmed' });
    expect(screen.getByText(/Every other session of your account was signed out/)).toBeTruthy();
    expect(confirmCalls(calls).map((c) => c.body)).toEqual([{ token: TOKEN }]);
  });

  it('a link replaced by a newer request says so and confirms nothing', async () => {
    const calls = server({ state: 'superseded', account: null, new_email: null, signed_in_as_owner: false }, true);
    open();
    await screen.findByRole('heading', { name: 'This link was replaced' });
    expect(screen.getByText(/A newer change of email was asked for/)).toBeTruthy();
    expect(confirmCalls(calls)).toHaveLength(0);
  });
});
