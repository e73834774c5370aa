// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { browserNavigation } from './api.ts';
import { TopUpButton } from './top-up-button.tsx';
import { PAYMENT_PAGE_ERROR, useTopUp } from './use-top-up.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function TopUp() {
  return <TopUpButton onStart={useTopUp()} />;
}

function renderTopUp() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <TopUp />
    </QueryClientProvider>,
  );
}

const first = { uuid: 'p1', name: 'Starter', description: '', price_usd: '5', credits: '5', bonus_credits: '0', payment_link: 'https://buy.stripe.com/test_1', test_mode: false };

describe('Top Up Credits', () => {
  it('loads the packages and sends the whole page to the first one’s payment link, reading Loading... meanwhile', async () => {
    stubFetch(routes({ 'GET /api/credits/packages': () => ok({ packages: [first, { ...first, uuid: 'p2', payment_link: 'https://buy.stripe.com/test_2' }] }) }));
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    renderTopUp();
    fireEvent.click(screen.getByRole('button', { name: 'Top Up Credits' }));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://buy.stripe.com/test_1'));
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('alerts "Unable to load payment page. Please try again." when there is no package or the call fails', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(routes({ 'GET /api/credits/packages': () => ok({ packages: [] }) }));
    renderTopUp();
    fireEvent.click(screen.getByRole('button', { name: 'Top Up Credits' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(PAYMENT_PAGE_ERROR));
    expect(await screen.findByRole('button', { name: 'Top Up Credits' })).toBeTruthy();

    vi.unstubAllGlobals();
    vi.stubGlobal('alert', alert);
    stubFetch(routes({ 'GET /api/credits/packages': () => fail(500, 'INTERNAL', 'down') }));
    fireEvent.click(screen.getByRole('button', { name: 'Top Up Credits' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(2));
    expect(logged).toHaveBeenCalledTimes(2);
  });
});
