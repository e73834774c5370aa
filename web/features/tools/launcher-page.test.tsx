// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Welcome } from '../../../contract/auth.ts';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { renderPage } from '../../test-support/render.tsx';
import { LauncherPage } from './launcher-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function signedIn(user: { name: string | null; email: string }, welcome: Welcome | null | undefined) {
  stubFetch(
    routes({
      'GET /api/auth/profile': () =>
        ok({
          user: { id: 'u1', roles: [], created_at: '2026-01-01T00:00:00Z', last_login_at: null, ...user },
          storage: { used_bytes: 0, used_gb: 0, quota_gb: 5, percentage_used: 0, available_bytes: 5 * 1024 ** 3 },
          credits: { balance: '5.0000', available_credits: '5.0000', lifetime_used: '0', lifetime_purchased: '0' },
          csrf_token: 'csrf',
          ...(welcome === undefined ? {} : { welcome }),
        }),
      'GET /api/tools/config': () => ok({ tools: [] }),
      'GET /api/pricing/tools': () => ok({ tool_pricing: {} }),
    }),
  );
  renderPage(<LauncherPage />, '/tools');
}

describe('LauncherPage greeting', () => {
  it('welcomes a newcomer (the session that created the account) by name and names the sign-up credits it got', async () => {
    signedIn({ name: 'Jane Doe', email: 'jane@example.com' }, { signup_bonus: '5.0000' });
    await screen.findByRole('heading', { name: 'Welcome, Jane' });
    expect(screen.getByText(/Your account comes with 5\.00 free sign-up credits to try any tool\./)).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it('reads the amount the account actually got, and says nothing of credits when sign-up gave none', async () => {
    signedIn({ name: 'Jane Doe', email: 'jane@example.com' }, { signup_bonus: '2.5' });
    expect(await screen.findByText(/comes with 2\.50 free sign-up credits/)).toBeTruthy();
    cleanup();
    signedIn({ name: 'Jane Doe', email: 'jane@example.com' }, { signup_bonus: '0' });
    await screen.findByRole('heading', { name: 'Welcome, Jane' });
    expect(screen.queryByText(/credits to try/)).toBeNull();
    expect(screen.getByText('Pick a tool and start creating. You only pay for what you generate.')).toBeTruthy();
  });

  it('welcomes back everyone else, an older server without the field included', async () => {
    signedIn({ name: 'Jane Doe', email: 'jane@example.com' }, null);
    await screen.findByRole('heading', { name: 'Welcome back, Jane' });
    cleanup();
    signedIn({ name: 'Jane Doe', email: 'jane@example.com' }, undefined);
    await screen.findByRole('heading', { name: 'Welcome back, Jane' });
  });

  it("greets an account still named 'New User' (or unnamed) by the name its address gives, never 'New'", async () => {
    signedIn({ name: 'New User', email: 'sam.rivera@example.com' }, null);
    await screen.findByRole('heading', { name: 'Welcome back, Sam' });
    cleanup();
    signedIn({ name: null, email: 'kim@example.com' }, { signup_bonus: '5' });
    await screen.findByRole('heading', { name: 'Welcome, Kim' });
  });

  it('keeps the visitor copy when signed out', async () => {
    stubFetch(routes({ 'GET /api/auth/profile': () => fail(401, 'UNAUTHENTICATED'), 'GET /api/tools/config': () => ok({ tools: [] }) }));
    renderPage(<LauncherPage />, '/tools');
    await screen.findByRole('heading', { name: 'AI tools for creators' });
  });
});
