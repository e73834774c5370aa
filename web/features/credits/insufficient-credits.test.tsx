// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { browserNavigation } from './api.ts';
import { InsufficientCreditsDialog } from './insufficient-credits-dialog.tsx';
import { insufficientCreditsFrom, insufficientCreditsFromPrediction } from '../../lib/insufficient-credits.ts';

const pkg = (uuid: string, name: string, price: string, credits: string, bonus: string) => ({
  uuid,
  name,
  description: `${name} pack`,
  price_usd: price,
  credits,
  bonus_credits: bonus,
  payment_link: `/checkout/test/${uuid}`,
  test_mode: true,
});
const PACKAGES = [pkg('p1', 'Starter', '5.0000', '5.0000', '0.0000'), pkg('p2', 'Creator', '20.0000', '20.0000', '2.0000')];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show(details = { required_credits: '7.5000', available_credits: '1.2500', deficit: '6.2500' }) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <InsufficientCreditsDialog details={details} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('insufficientCreditsFrom', () => {
  it('reads required, available and deficit from a 402', () => {
    const error = new ApiError(402, 'INSUFFICIENT_CREDITS', 'Not enough credits', { required_credits: '0.25', available_credits: '0.1', deficit: '0.15' });
    expect(insufficientCreditsFrom(error)).toEqual({ required_credits: '0.2500', available_credits: '0.1000', deficit: '0.1500' });
  });

  it('works out a missing deficit and ignores other errors', () => {
    const error = new ApiError(402, 'INSUFFICIENT_CREDITS', 'x', { required_credits: '3', available_credits: '1' });
    expect(insufficientCreditsFrom(error)?.deficit).toBe('2.0000');
    expect(insufficientCreditsFrom(new ApiError(400, 'VALIDATION_ERROR', 'x'))).toBeNull();
    expect(insufficientCreditsFrom(new Error('boom'))).toBeNull();
  });

  it('reads an unaffordable cost prediction, and nothing from an affordable one', () => {
    const p = { can_afford: false, required_credits: '1.0000', available_credits: '0.5000', deficit: '0.5000' };
    expect(insufficientCreditsFromPrediction(p)).toEqual({ required_credits: '1.0000', available_credits: '0.5000', deficit: '0.5000' });
    expect(insufficientCreditsFromPrediction({ ...p, can_afford: true })).toBeNull();
  });
});

describe('InsufficientCreditsDialog', () => {
  it('shows required, available and deficit with 2 decimals, and the packages with price, credits and bonus', async () => {
    stubFetch(routes({ 'GET /api/credits/packages': () => ok({ packages: PACKAGES }) }));
    show();
    const figures = screen.getByRole('dialog', { name: 'Insufficient Credits' });
    expect(within(figures).getByText('Required').nextElementSibling?.textContent).toBe('7.50');
    expect(within(figures).getByText('Available').nextElementSibling?.textContent).toBe('1.25');
    expect(within(figures).getByText('Deficit').nextElementSibling?.textContent).toBe('6.25');

    const list = await screen.findByRole('list', { name: 'Credit packages' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('$5.00');
    expect(rows[0]!.textContent).not.toContain('Covers this');
    expect(rows[1]!.textContent).toContain('20.00 credits');
    expect(rows[1]!.textContent).toContain('+2.00 bonus');
    // 22 credits cover a deficit of 6.25; 5 do not.
    expect(rows[1]!.textContent).toContain('Covers this');
  });

  it('sends the page to the chosen package’s payment link', async () => {
    stubFetch(routes({ 'GET /api/credits/packages': () => ok({ packages: PACKAGES }) }));
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Creator for $20.00' }));
    expect(assign).toHaveBeenCalledWith('/checkout/test/p2');
  });

  it('says "Failed to load credit packages" with Try again, which loads them again', async () => {
    let calls = 0;
    stubFetch(routes({ 'GET /api/credits/packages': () => (++calls === 1 ? fail(500, 'INTERNAL', 'boom') : ok({ packages: PACKAGES })) }));
    show();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load credit packages');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Buy Starter for $5.00' })).toBeTruthy();
    expect(calls).toBe(2);
  });
});
