// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Spending } from '../../../contract/spending.ts';
import { fail, ok, routes, stubFetch, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { SpendingCard } from './spending-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const capped: Spending = {
  monthly_cap: '40.0000',
  low_balance_alert: null,
  spent_this_month: '32.5000',
  resets_at: '2026-12-01T00:00:00.000Z',
  low_balance: null,
};

function show() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <SpendingCard />
    </QueryClientProvider>,
  );
}

describe('SpendingCard', () => {
  it("shows this month's spending against the cap and its reset date, and the saved limits in the fields", async () => {
    stubFetch(routes({ 'GET /api/account/spending': () => ok(capped) }));
    show();
    expect(await screen.findByText(/of your 40\.00-credit cap spent or reserved this month\. It resets on December 1, 2026 \(UTC\)\./)).toBeTruthy();
    expect(screen.getByText('32.50')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Monthly cap used' }).getAttribute('aria-valuenow')).toBe('81');
    expect((screen.getByLabelText(/Monthly spending cap/) as HTMLInputElement).value).toBe('40');
    expect((screen.getByLabelText(/Low-balance alert/) as HTMLInputElement).value).toBe('');
  });

  it('refuses an amount that is not one before sending, then saves exactly the two fields (empty is null)', async () => {
    const puts: RecordedCall[] = [];
    stubFetch(
      routes({
        'GET /api/account/spending': () => ok(capped),
        'PUT /api/account/spending': (call) => {
          puts.push(call);
          return ok({ ...capped, monthly_cap: '12.5000', low_balance_alert: null });
        },
      }),
    );
    show();
    const cap = (await screen.findByLabelText(/Monthly spending cap/)) as HTMLInputElement;
    fireEvent.change(cap, { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText(/Enter an amount of credits, like 50 or 12\.5/)).toBeTruthy();
    expect(puts).toEqual([]);

    fireEvent.change(cap, { target: { value: ' 12.5 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Spending limits saved.')).toBeTruthy();
    expect(puts.map((p) => p.body)).toEqual([{ monthly_cap: '12.5', low_balance_alert: null }]);
    expect(cap.value).toBe('12.5');
  });

  it("shows the server's refusal", async () => {
    stubFetch(
      routes({
        'GET /api/account/spending': () => ok(capped),
        'PUT /api/account/spending': () => fail(400, 'VALIDATION_ERROR', 'Enter an amount of credits like 25 or 12.5 (at most 4 decimals), or null for none', { field: 'monthly_cap' }),
      }),
    );
    show();
    fireEvent.change(await screen.findByLabelText(/Low-balance alert/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect((await screen.findByRole('alert')).textContent).toContain('at most 4 decimals');
  });
});
