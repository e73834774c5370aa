// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../api.ts';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { useAuth } from './use-auth.ts';

const profile = {
  user: { id: 'u1', email: 'sam@example.com', name: 'Sam Lee', roles: [], created_at: '2026-01-01T00:00:00Z', last_login_at: null },
  storage: { used_bytes: 0, used_gb: 0, quota_gb: 5, percentage_used: 0, available_bytes: 5 * 1024 ** 3 },
  credits: { balance: '12.5', available_credits: '12.5', lifetime_used: '2.5', lifetime_purchased: '15' },
  csrf_token: 'csrf-1',
};

function renderAuth() {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, ...renderHook(() => useAuth(), { wrapper }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('useAuth (spec 1 §4)', () => {
  it('leaves the user signed out, with the reason, when the first check fails with a server error', async () => {
    stubFetch(routes({ 'GET /api/auth/profile': () => fail(503, 'SERVICE_UNAVAILABLE', 'Database unreachable') }));
    const { result } = renderAuth();
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('signed-out'));
    expect(result.current.user).toBeNull();
    expect((result.current.error as Error).message).toBe('Database unreachable');
  });

  it('signs the user out when a re-check fails, clearing user, session, storage and credits', async () => {
    let down = false;
    stubFetch(routes({ 'GET /api/auth/profile': () => (down ? fail(500, 'INTERNAL', 'Boom') : ok(profile)) }));
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    down = true;
    act(() => void result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('signed-out'));
    expect([result.current.user, result.current.session, result.current.storage, result.current.credits]).toEqual([null, null, null, null]);
  });

  it('sets loading again while the session is reloaded, then signs back in', async () => {
    let answer: () => Response | Promise<Response> = () => fail(503, 'SERVICE_UNAVAILABLE', 'Down');
    stubFetch(routes({ 'GET /api/auth/profile': () => answer() }));
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.status).toBe('signed-out'));
    let release: () => void = () => {};
    answer = () => new Promise<Response>((resolve) => (release = () => resolve(ok(profile))));
    act(() => void result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('loading'));
    release();
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    expect(result.current.error).toBeNull();
  });

  it('treats a 401 as signed out with nothing to report', async () => {
    stubFetch(routes({ 'GET /api/auth/profile': () => fail(401, 'UNAUTHENTICATED', 'Please sign in to continue.') }));
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.status).toBe('signed-out'));
    expect(result.current.error).toBeNull();
  });
});
