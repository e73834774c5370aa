// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReferrerStats } from '../../../contract/admin-statistics.ts';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { ReferrersTab } from './referrers-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stats = (days: number | null): AdminReferrerStats => ({
  days,
  generated_at: '2026-03-31T10:00:00.000Z',
  referrers: [
    { domain: 'Direct/None', visit_count: 12_400, unique_users: 800, unique_sessions: 9000, purchases: 41, revenue_usd: '1230.00' },
    { domain: '<b>evil.example</b>', visit_count: days === null ? 900 : 90, unique_users: 0, unique_sessions: 75, purchases: 0, revenue_usd: '0.00' },
  ],
});

function show(handler = (days: string | null) => ok(stats(days === null ? null : Number(days)))) {
  const calls = stubFetch(routes({ 'GET /api/admin/referrer-stats': (call) => handler(new URL(call.url, 'http://x').searchParams.get('days')) }));
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ReferrersTab />
    </QueryClientProvider>,
  );
  return calls;
}

describe('ReferrersTab', () => {
  it('shows every visit kept by default: domain, visits, users, sessions, purchases and revenue, as text', async () => {
    const calls = show();
    const table = await screen.findByRole('table', { name: 'Visits per referrer' });
    expect(calls[0]!.url).not.toContain('days=');
    const [, direct, other] = within(table).getAllByRole('row');
    expect(within(direct!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Direct/None', '12K', '800', '9K', '41', '$1,230.00']);
    expect(within(other!).getByText('<b>evil.example</b>')).toBeTruthy();
    expect(other!.querySelector('b')).toBeNull();
    expect(screen.getByText(/Every visit kept/)).toBeTruthy();
  });

  it('asks for a range when one is chosen', async () => {
    const calls = show();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('radio', { name: '30 days' }));
    expect(await screen.findByText('90')).toBeTruthy();
    expect(calls.at(-1)!.url).toContain('days=30');
    expect(screen.getByText(/Last 30 days/)).toBeTruthy();
  });

  it('shows the admin error on a failed load', async () => {
    show(() => fail(403, 'FORBIDDEN', 'nope'));
    expect((await screen.findByRole('alert')).textContent).toContain('Access denied. Admin privileges required.');
  });
});
