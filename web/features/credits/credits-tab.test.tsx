// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
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
              { uuid: 't2', type: 'usage', amount: '-0.2500', balance_after: '12.5000', created_at: '2026-03-02T10:00:00Z', description: 'AI Image Morpher', generation_type: 'image_generation', generation_id: null },
              { uuid: 't1', type: 'purchase', amount: '7.7500', balance_after: '12.7500', created_at: '2026-03-01T10:00:00Z', description: 'Starter', generation_type: null, generation_id: null },
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

describe('a usage line’s receipt', () => {
  it('opens from the line and shows the tool, engine, price, time taken and a link to the result', async () => {
    const generation = '0b7c3f0e-9d5a-4a53-8d3c-1f2e3d4c5b6a';
    stubFetch(
      routes({
        'GET /api/account/spending': () => ok(noLimits),
        'GET /api/credits/balance': () => ok({ balance: session }),
        'GET /api/credits/transactions': () =>
          ok({
            transactions: [
              { uuid: 't2', type: 'usage', amount: '-0.3000', balance_after: '4.7000', created_at: '2026-11-02T10:00:00Z', description: 'Thumbnail Generator', generation_type: 'thumbnail', generation_id: generation },
              { uuid: 't1', type: 'bonus', amount: '5.0000', balance_after: '5.0000', created_at: '2026-11-01T10:00:00Z', description: 'Welcome bonus', generation_type: null, generation_id: null },
            ],
          }),
        [`GET /api/generations/${generation}/receipt`]: () =>
          ok({
            generation_id: generation,
            tool: 'thumbnail-generator',
            title: 'Thumbnail Generator',
            status: 'completed',
            engine: 'Gemini',
            model: 'gemini-3-pro-image',
            credits: '0.3000',
            preview: false,
            processing_time_ms: 12_400,
            created_at: '2026-11-02T09:59:47Z',
            completed_at: '2026-11-02T10:00:00Z',
            result_path: '/file/abc',
          }),
      }),
    );
    render(
      <MemoryRouter>
        <QueryClientProvider client={testQueryClient()}>
          <CreditsTab credits={session} storage={storage} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const rows = within(await screen.findByRole('list', { name: 'Recent transactions' })).getAllByRole('listitem');
    // Only the usage line has a receipt.
    expect(within(rows[1]!).queryByRole('button', { name: /Receipt/ })).toBeNull();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /^Receipt: Thumbnail Generator/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Receipt' });
    await within(dialog).findByText('Gemini (gemini-3-pro-image)');
    const figures = Object.fromEntries(within(dialog).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(figures).toMatchObject({ Tool: 'Thumbnail Generator', 'Price charged': '0.30 credits', 'Time taken': '12.4 s', Status: 'Completed' });
    expect(within(dialog).getByRole('link', { name: 'Open the result' }).getAttribute('href')).toBe('/file/abc');
  });
});
