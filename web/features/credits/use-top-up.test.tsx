// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { browserNavigation } from './api.ts';
import { TopUpCredits } from './top-up-button.tsx';
import { PAYMENT_PAGE_ERROR } from './use-top-up.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderTopUp() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <TopUpCredits />
    </QueryClientProvider>,
  );
}

const pkg = (uuid: string, name: string, price: string, credits: string, bonus: string, testMode = false) => ({
  uuid,
  name,
  description: '',
  price_usd: price,
  credits,
  bonus_credits: bonus,
  payment_link: `https://buy.stripe.com/${uuid}`,
  test_mode: testMode,
});
const PACKAGES = [pkg('p1', 'Starter', '5', '5', '0'), pkg('p2', 'Creator', '20', '20', '2'), pkg('p3', 'Studio', '50', '50', '10')];

describe('Top Up Credits', () => {
  it('reads Loading... while the packages load, then offers every package, and Buy goes to the chosen one’s payment link', async () => {
    let release: (r: Response) => void = () => {};
    stubFetch(routes({ 'GET /api/credits/packages': () => new Promise<Response>((r) => (release = r)) }));
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    renderTopUp();
    fireEvent.click(screen.getByRole('button', { name: 'Top Up Credits' }));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    release(ok({ packages: PACKAGES }));
    const dialog = await screen.findByRole('dialog', { name: 'Top Up Credits' });
    const rows = within(dialog).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Starter.*5\.00 credits.*\$5\.00/),
      expect.stringMatching(/Creator.*20\.00 credits.*\+2\.00 bonus.*\$20\.00/),
      expect.stringMatching(/Studio.*50\.00 credits.*\+10\.00 bonus.*\$50\.00/),
    ]);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Top Up Credits' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy Creator for $20.00' }));
    expect(assign).toHaveBeenCalledWith('https://buy.stripe.com/p2');
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('marks test-mode packages, and Cancel closes the picker without buying', async () => {
    stubFetch(routes({ 'GET /api/credits/packages': () => ok({ packages: [pkg('t1', 'Starter', '5', '5', '0', true)] }) }));
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    renderTopUp();
    fireEvent.click(screen.getByRole('button', { name: 'Top Up Credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Top Up Credits' });
    expect(within(dialog).getByRole('listitem').textContent).toContain('Test mode');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(assign).not.toHaveBeenCalled();
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
    expect(screen.queryByRole('dialog')).toBeNull();

    vi.unstubAllGlobals();
    vi.stubGlobal('alert', alert);
    stubFetch(routes({ 'GET /api/credits/packages': () => fail(500, 'INTERNAL', 'down') }));
    fireEvent.click(screen.getByRole('button', { name: 'Top Up Credits' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(2));
    expect(logged).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
