// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountSession } from '../../../contract/account.ts';
import { ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { SessionsCard, sessionLabel } from './sessions-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = (id: string, browser: string, os: string, current = false): AccountSession => ({
  id,
  created_at: '2026-03-01T10:00:00Z',
  last_seen_at: '2026-03-02T12:30:00Z',
  expires_at: '2027-03-01T10:00:00Z',
  browser,
  os,
  current,
});

describe('sessionLabel', () => {
  it('names browser and system, leaving out what is unknown', () => {
    expect(sessionLabel({ browser: 'Chrome 126', os: 'macOS' })).toBe('Chrome 126 on macOS');
    expect(sessionLabel({ browser: 'Unknown', os: 'Linux' })).toBe('A browser on Linux');
    expect(sessionLabel({ browser: 'Firefox 127', os: 'Unknown' })).toBe('Firefox 127');
    expect(sessionLabel({ browser: 'Unknown', os: 'Unknown' })).toBe('Unknown browser');
  });
});

describe('SessionsCard', () => {
  it('marks this device, signs out another one, and signs out everywhere else', async () => {
    let list = [session('a', 'Chrome 126', 'macOS', true), session('b', 'Firefox 127', 'Linux'), session('c', 'Safari 17', 'iOS')];
    const calls = stubFetch(
      routes({
        'GET /api/account/sessions': () => ok({ sessions: list }),
        'DELETE /api/account/sessions/b': () => {
          list = list.filter((s) => s.id !== 'b');
          return ok({ ended: 1 });
        },
        'POST /api/account/sessions/end-others': () => {
          list = list.filter((s) => s.current);
          return ok({ ended: 1 });
        },
      }),
    );
    render(
      <QueryClientProvider client={testQueryClient()}>
        <SessionsCard />
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('This device')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();

    fireEvent.click(within(rows[1]!).getByRole('button', { name: /Sign out Firefox 127 on Linux/ }));
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out 1 other device.')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /api/account/sessions/b',
      'POST /api/account/sessions/end-others',
    ]);
  });
});
