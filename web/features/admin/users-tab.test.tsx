// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserLedgerResponse, AdminUserRow, AdminUsersResponse } from '../../../contract/admin-users.ts';
import { fail, ok, routes, stubFetch, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { UsersTab } from './users-tab.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ID = '3f1c2b9e-0000-4000-8000-000000000001';

const row = (overrides: Partial<AdminUserRow>): AdminUserRow => ({
  id: ID,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  created_at: '2026-03-01T10:00:00Z',
  current_balance: '25.0000',
  total_spent: '3.5000',
  total_generations: 1234,
  roles: ['admin'],
  login_status: 'Hours ago',
  last_login_at: '2026-03-02T10:00:00Z',
  ...overrides,
});

const list = (users: AdminUserRow[], total = users.length): AdminUsersResponse => ({
  users,
  stats: {
    total_users: 12_345,
    active_last_24h: 321,
    new_last_7d: 45,
    total_credits_in_system: '1500000.0000',
    total_spent_by_all_users: '2500.5000',
    users_with_logins: 11_000,
    admin_users: 2,
    users_with_generations: 9_000,
  },
  pagination: { page: 1, limit: 50, total, total_pages: Math.ceil(total / 50) },
});

const ledger = (balance = '3.0000'): AdminUserLedgerResponse => ({
  user: { id: 'u2', email: 'bob@example.com', name: null, balance, available_credits: balance },
  entries: [{ id: 'l1', type: 'bonus', amount: '5.0000', balance_after: '5.0000', description: 'Welcome bonus', created_at: '2026-03-01T10:00:00Z', actor_email: null }],
});

function show(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  const users = [row({}), row({ id: 'u2', name: null, email: 'bob@example.com', roles: [], current_balance: '3.0000', login_status: 'Never logged in', last_login_at: null })];
  const calls = stubFetch(routes({ 'GET /api/admin/users': () => ok(list(users)), ...extra }));
  render(
    <QueryClientProvider client={testQueryClient()}>
      <UsersTab />
    </QueryClientProvider>,
  );
  return calls;
}

describe('UsersTab', () => {
  it('shows the stats in K and M, and each row with its balance colour, "No roles" and the login status', async () => {
    show();
    const table = await screen.findByRole('table');
    expect(screen.getByText('12K')).toBeTruthy();
    expect(screen.getByText('1.5M')).toBeTruthy();
    const [, ada, bob] = within(table).getAllByRole('row');
    expect(within(ada!).getByText('ada@example.com')).toBeTruthy();
    expect(within(ada!).getByText('25.00').className).toContain('text-emerald-700');
    expect(within(ada!).getByText('1.2K')).toBeTruthy();
    expect(within(ada!).getByText('admin')).toBeTruthy();
    expect(within(ada!).getByText('Hours ago')).toBeTruthy();
    expect(within(bob!).getByText('No roles')).toBeTruthy();
    expect(within(bob!).getByText('3.00').className).toContain('text-amber-700');
    expect(within(bob!).getByText('Never logged in')).toBeTruthy();
  });

  it('searches by email after the typing stops, from the first page', async () => {
    const calls = show();
    await screen.findByRole('table');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByLabelText('Search by email'), { target: { value: '50%' } });
    expect(calls.filter((c) => c.url.includes('search='))).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(350);
    await waitFor(() => expect(calls.some((c) => c.url.includes('search=50%25'))).toBe(true));
    expect(calls.at(-1)!.url).toContain('page=1');
  });

  it('shows the admin error when the list fails to load', async () => {
    stubFetch(routes({ 'GET /api/admin/users': () => fail(500, 'INTERNAL', 'boom') }));
    render(
      <QueryClientProvider client={testQueryClient()}>
        <UsersTab />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Admin Error');
    expect(alert.textContent).toContain('Server error occurred while fetching admin data');
  });

  it('checks the adjustment form before sending, then grants with an Idempotency-Key and refreshes', async () => {
    let balance = '3.0000';
    const calls = show({
      'GET /api/admin/users/u2/ledger': () => ok(ledger(balance)),
      'POST /api/admin/users/u2/credits': (call) => {
        balance = '13.0000';
        const body = call.body as { amount: string };
        return ok({ balance, available_credits: balance, replayed: false, entry: { id: 'l2', type: 'adjustment', amount: `${body.amount}.0000`, balance_after: balance, description: 'x', created_at: '2026-03-03T10:00:00Z', actor_email: 'boss@example.com' } });
      },
      'GET /api/admin/audit': () => ok({ entries: [] }),
    });
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getByRole('button', { name: 'Credits of bob@example.com' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Welcome bonus');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant credits' }));
    expect(await within(dialog).findByText('Enter a positive amount with at most 4 decimals')).toBeTruthy();
    expect(within(dialog).getByText('The reason needs at least 3 characters')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '1.23456' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Goodwill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant credits' }));
    expect(await within(dialog).findByText('Enter a positive amount with at most 4 decimals')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant credits' }));
    expect(await within(dialog).findByText('Granted 10.00 credits. New balance: 13.00.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ direction: 'grant', amount: '10', reason: 'Goodwill' });
    expect(post.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/ledger')).length).toBeGreaterThan(1));
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/admin/users?')).length).toBeGreaterThan(1));
  });

  it("says why the server refused a deduction", async () => {
    show({
      'GET /api/admin/users/u2/ledger': () => ok(ledger()),
      'POST /api/admin/users/u2/credits': () => fail(409, 'CONFLICT', 'Cannot deduct 5.00 credits: the user has 3.00 available, and a balance never goes below zero.'),
    });
    fireEvent.click(within(await screen.findByRole('table')).getByRole('button', { name: 'Credits of bob@example.com' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Deduct' }));
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Chargeback' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deduct credits' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Failed to adjust credits: Cannot deduct 5.00 credits: the user has 3.00 available, and a balance never goes below zero.');
  });
});
