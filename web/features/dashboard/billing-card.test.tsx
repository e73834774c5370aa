// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Purchase } from '../../../contract/account.ts';
import { ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { BillingCard } from './billing-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const purchase = (overrides: Partial<Purchase>): Purchase => ({
  id: 'p1',
  created_at: '2026-03-01T10:00:00Z',
  package_name: 'Creator',
  amount_usd: '20.00',
  currency: 'usd',
  credits: '22.0000',
  status: 'completed',
  payable_until: null,
  test: false,
  receipt_url: null,
  ...overrides,
});

function show(billing: { test_mode: boolean; purchases: Purchase[] }) {
  stubFetch(routes({ 'GET /api/account/billing': () => ok(billing) }));
  render(
    <QueryClientProvider client={testQueryClient()}>
      <BillingCard />
    </QueryClientProvider>,
  );
}

describe('BillingCard', () => {
  it("shows amount, credits, date and status, with Stripe's receipt opening in a new tab", async () => {
    const receipt = 'https://pay.stripe.com/receipts/payment/abc';
    show({ test_mode: false, purchases: [purchase({ receipt_url: receipt }), purchase({ id: 'p2', status: 'refunded', package_name: 'Studio', amount_usd: '50.00' })] });
    const rows = await screen.findAllByRole('listitem');
    expect(within(rows[0]!).getByText('$20.00')).toBeTruthy();
    expect(within(rows[0]!).getByText(/22\.00 credits/)).toBeTruthy();
    expect(within(rows[0]!).getByText('Paid')).toBeTruthy();
    const link = within(rows[0]!).getByRole('link', { name: /Receipt/ });
    expect(link.getAttribute('href')).toBe(receipt);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(rows[1]!).getByText('Refunded')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(screen.queryByText(/test mode/i)).toBeNull();
  });

  it('marks every test purchase and says payments are in test mode', async () => {
    show({ test_mode: true, purchases: [purchase({ test: true }), purchase({ id: 'p2', test: true, status: 'pending' })] });
    expect(await screen.findByText(/Payments are in test mode/)).toBeTruthy();
    expect(screen.getAllByText('Test — no money moved')).toHaveLength(2);
    expect(screen.getByText('Not paid')).toBeTruthy();
  });

  it('shows an open checkout with its deadline, one past it as expired at once, and a cancelled one as cancelled', async () => {
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const past = new Date(Date.now() - 1000).toISOString();
    show({
      test_mode: true,
      purchases: [
        purchase({ id: 'open', status: 'pending', payable_until: soon }),
        purchase({ id: 'stale', status: 'pending', payable_until: past }),
        purchase({ id: 'gone', status: 'cancelled' }),
      ],
    });
    const rows = await screen.findAllByRole('listitem');
    expect(within(rows[0]!).getByText('Not paid')).toBeTruthy();
    expect(within(rows[0]!).getByText(/can be paid until/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Expired')).toBeTruthy();
    expect(within(rows[1]!).queryByText(/can be paid until/)).toBeNull();
    expect(within(rows[2]!).getByText('Cancelled')).toBeTruthy();
  });

  it('says when there is nothing yet', async () => {
    show({ test_mode: false, purchases: [] });
    expect(await screen.findByText('No purchases yet.')).toBeTruthy();
  });
});
