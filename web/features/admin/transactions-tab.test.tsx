// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTransaction, AdminTransactionsResponse } from '../../../contract/admin-payments.ts';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { TransactionsTab } from './transactions-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const row = (overrides: Partial<AdminTransaction>): AdminTransaction => ({
  id: 'p1',
  payment_provider_id: 'cs_test_1',
  user_name: 'Ada <b>Lovelace</b>',
  user_email: 'ada@example.com',
  user_id: 'u1',
  amount_usd: '20.00',
  credits_purchased: '22.0000',
  stripe_fee: '0.88',
  tax_amount: null,
  status: 'completed',
  created_at: '2026-03-01T10:00:00Z',
  completed_at: '2026-03-01T10:00:05Z',
  provider: 'stripe',
  package_name: 'Creator',
  unassigned: false,
  deleted_account: false,
  ...overrides,
});

const answer = (rows: AdminTransaction[], totalPages = 1): AdminTransactionsResponse => ({
  transactions: rows,
  stats: { total_revenue: '12500.00', total_transactions: 1234, total_fees: '363.20', total_taxes: '0.00' },
  pagination: { page: 1, limit: 20, total: 1234, total_pages: totalPages },
});

function show(handlers: Parameters<typeof routes>[0]) {
  const calls = stubFetch(routes(handlers));
  render(
    <QueryClientProvider client={testQueryClient()}>
      <TransactionsTab />
    </QueryClientProvider>,
  );
  return calls;
}

describe('TransactionsTab', () => {
  it('shows the statistics, the rows as text, and pages with the filters sent', async () => {
    const calls = show({ 'GET /api/admin/stripe-transactions': () => ok(answer([row({}), row({ id: 'p2', provider: 'test', unassigned: true, user_name: null, user_email: 'payer@example.com' })], 3)) });
    expect(await screen.findByText('$12500.00')).toBeTruthy();
    expect(screen.getByText('1.2K')).toBeTruthy();
    expect(screen.getByText('$363.20')).toBeTruthy();
    expect(screen.getByText('Ada <b>Lovelace</b>')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByRole('button', { name: /Retry tax/ })).toBeTruthy();
    expect(within(rows[2]!).queryByRole('button', { name: /Retry tax/ })).toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: 'Assign' })).toBeTruthy();
    expect(within(rows[2]!).getByText('Unassigned')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'refunded' } });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(calls.at(-1)!.url).toContain('start_date=2026-03-01'));
    expect(calls.at(-1)!.url).toContain('status=refunded');
    expect(calls.at(-1)!.url).toContain('page=1');
    const exports = calls.length;
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(calls.some((c, i) => i >= exports && c.url.includes('export=true'))).toBe(true));
    expect(calls.find((c) => c.url.includes('export=true'))!.url).toBe('/api/admin/stripe-transactions?status=refunded&start_date=2026-03-01&export=true');
    fireEvent.click(await screen.findByRole('button', { name: /Next/ }));
    await waitFor(() => expect(calls.at(-1)!.url).toContain('page=2'));
  });

  it('saves the CSV under the name the server gives, and says why when the export is refused instead of saving the error', async () => {
    let refuse = false;
    show({
      'GET /api/admin/stripe-transactions': (call) =>
        !call.url.includes('export=true') ? ok(answer([row({})]))
        : refuse ? fail(401, 'UNAUTHORIZED', 'Authentication required')
        : new Response('id,amount\r\np1,20.00\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="ampkit-transactions-all.csv"' } }),
    });
    await screen.findByText('$12500.00');
    const saved: Array<{ name: string; text: string }> = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, text: this.href });
    });
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toEqual([{ name: 'ampkit-transactions-all.csv', text: 'blob:csv' }]));
    expect(screen.queryByRole('alert')).toBeNull();

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to export the CSV: Authentication required');
    expect(saved).toHaveLength(1);
  });

  it('refuses an end date before the start date without asking the server', async () => {
    const calls = show({ 'GET /api/admin/stripe-transactions': () => ok(answer([row({})])) });
    await screen.findByText('$12500.00');
    const before = calls.length;
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText('The end date is before the start date')).toBeTruthy();
    expect(calls.slice(before).some((c) => c.url.includes('end_date=2026-03-01'))).toBe(false);
  });

  it("says 'Failed to retry tax calculation' when Retry tax fails", async () => {
    show({
      'GET /api/admin/stripe-transactions': () => ok(answer([row({})])),
      'POST /api/admin/stripe-transactions': () => fail(503, 'SERVICE_UNAVAILABLE', 'Stripe could not be asked'),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Retry tax/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to retry tax calculation');
  });

  it('shows the admin error when the list fails to load', async () => {
    show({ 'GET /api/admin/stripe-transactions': () => fail(403, 'FORBIDDEN', 'nope') });
    expect(await screen.findByText('Access denied. Admin privileges required.')).toBeTruthy();
    expect(screen.getByText('Admin Error')).toBeTruthy();
  });
});
