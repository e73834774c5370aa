// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { CreditsTab } from './credits-tab.tsx';

const session = { balance: '5.0000', available_credits: '5.0000', lifetime_used: '0.0000', lifetime_purchased: '0.0000' };
const noLimits = { monthly_cap: null, low_balance_alert: null, spent_this_month: '0.0000', resets_at: '2026-12-01T00:00:00.000Z', low_balance: null };
const storage = { used_bytes: 0, used_gb: 0.5, quota_gb: 5, percentage_used: 10, available_bytes: 4.5 * 1024 ** 3 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <CreditsTab credits={session} storage={storage} />
    </QueryClientProvider>,
  );
}

describe('CreditsTab', () => {
  it('shows the server’s figures with their balance colour and the transactions, signed', async () => {
    stubFetch(
      routes({
        'GET /api/account/spending': () => ok(noLimits),
        'GET /api/credits/balance': () => ok({ balance: { balance: '12.5000', available_credits: '12.5000', lifetime_used: '0.2500', lifetime_purchased: '7.7500' } }),
        'GET /api/credits/transactions': () =>
          ok({
            transactions: [
              { uuid: 't2', type: 'usage', amount: '-0.2500', balance_after: '12.5000', created_at: '2026-03-02T10:00:00Z', description: 'AI Image Morpher', generation_type: 'image_generation' },
              { uuid: 't1', type: 'purchase', amount: '7.7500', balance_after: '12.7500', created_at: '2026-03-01T10:00:00Z', description: 'Starter', generation_type: null },
            ],
          }),
      }),
    );
    show();
    const available = screen.getByRole('region', { name: 'Available Credits' });
    await within(available).findByText('12.50');
    expect(within(available).getByText('12.50').className).toContain('text-emerald-700');
    expect(within(screen.getByRole('region', { name: 'Total Purchased' })).getByText('7.75')).toBeTruthy();
    const rows = within(await screen.findByRole('list', { name: 'Recent transactions' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringMatching(/AI Image Morpher.*Usage.*-0\.25$/), expect.stringMatching(/Starter.*Purchase.*\+7\.75$/)]);
    // An addition's green is the AA shade (emerald-600 read 3.7:1 on white).
    expect(within(rows[1]!).getByText('+7.75').className).toContain('text-emerald-700');
  });

  it('says "Failed to load credit information" when the answer cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(
      routes({
        'GET /api/credits/balance': () => ok({ balance: { balance: 5 } }),
        'GET /api/credits/transactions': () => ok({ transactions: 'none' }),
        'GET /api/account/spending': () => ok(noLimits),
      }),
    );
    show();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Failed to load credit information'),
      expect.stringContaining('Failed to load credit information'),
    ]);
  });
});
