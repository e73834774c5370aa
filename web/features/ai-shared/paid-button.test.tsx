// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InsufficientCreditsContext, type InsufficientCreditsApi } from '../../lib/insufficient-credits.ts';
import { creditKeys } from '../../lib/query-keys.ts';
import { authKeys, type AuthSnapshot } from '../../lib/session/profile.ts';
import type { Spending } from '../../../contract/spending.ts';
import { ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { shortfallOf } from './credit-shortfall.tsx';
import { PaidButton } from './paid-button.tsx';

const session = (available: string): AuthSnapshot => ({
  user: { id: 'u1', email: 'sam@example.com', name: 'Sam Lee', roles: [], created_at: '2026-01-01T00:00:00Z', last_login_at: null },
  session: { csrf_token: 'csrf-1', expires_at: '2027-01-01T00:00:00Z' },
  storage: null,
  credits: { balance: available, available_credits: available, lifetime_used: '0', lifetime_purchased: '0' },
});

/** The button as a tool shows it, with the header's balance already read (null: not known yet), and the user's spending limits. */
function renderButton(available: string | null, cost: string | null, spending?: Spending) {
  stubFetch(routes(spending ? { 'GET /api/account/spending': () => ok(spending) } : {}));
  const client = testQueryClient();
  if (available !== null) client.setQueryData(authKeys.profile, session(available));
  if (spending) client.setQueryData(creditKeys.spending, spending);
  const onClick = vi.fn();
  // The credits area owns the dialog; here a stand-in records what it was opened with.
  const dialog: InsufficientCreditsApi = { open: vi.fn(), handleError: vi.fn(() => false), close: vi.fn() };
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <InsufficientCreditsContext value={dialog}>
          <PaidButton label="Morph Image" icon={null} onClick={onClick} generating={false} disabled={false} cost={cost} validation={null} sticky={false} />
        </InsufficientCreditsContext>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onClick, dialog };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('shortfallOf', () => {
  it('is the figures only when the cost is more than what is available', () => {
    expect(shortfallOf('0.25', '0')).toEqual({ required_credits: '0.25', available_credits: '0', deficit: '0.2500' });
    expect(shortfallOf('0.005', '0.0040')).toMatchObject({ deficit: '0.0010' });
    expect(shortfallOf('0.25', '0.25')).toBeNull();
    expect(shortfallOf('0', '0')).toBeNull();
    expect(shortfallOf(null, '0')).toBeNull();
    expect(shortfallOf('0.25', null)).toBeNull();
  });
});

describe('PaidButton before the click', () => {
  it('says Not enough credits at 0 credits, with the figures and a Top up that opens the dialog', async () => {
    const { onClick, dialog } = renderButton('0.0000', '0.25');
    const button = await screen.findByRole('button', { name: /^Not enough credits to Morph Image/ });
    expect(button.textContent).toContain('0.25 credits');
    expect(button.hasAttribute('disabled')).toBe(false);
    const note = screen.getByTestId('credit-shortfall');
    expect(note.textContent).toContain('Needs 0.25 credits; you have 0.00.');
    expect(button.getAttribute('aria-describedby')).toBe(note.id);

    fireEvent.click(screen.getByRole('button', { name: 'Top up credits' }));
    expect(dialog.open).toHaveBeenCalledWith({ required_credits: '0.25', available_credits: '0.0000', deficit: '0.2500' });
    // The button itself tops up too: the paid call is never made for a cost the balance cannot cover.
    fireEvent.click(button);
    expect(dialog.open).toHaveBeenCalledTimes(2);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('stays ready for a free preview at 0 credits', () => {
    const { onClick } = renderButton('0.0000', '0.0000');
    fireEvent.click(screen.getByRole('button', { name: /Morph Image.*Free/ }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('credit-shortfall')).toBeNull();
  });

  it('stays ready when the balance covers the cost, and while the balance is unknown', () => {
    renderButton('5.0000', '0.25');
    expect(screen.getByRole('button', { name: /^Morph Image.*0\.25 credits/ })).toBeTruthy();
    cleanup();
    renderButton(null, '0.25');
    expect(screen.getByRole('button', { name: /^Morph Image.*0\.25 credits/ })).toBeTruthy();
  });
});

describe('PaidButton and the monthly spending cap', () => {
  const limits = (monthly_cap: string | null, spent_this_month: string): Spending => ({
    monthly_cap,
    low_balance_alert: null,
    spent_this_month,
    resets_at: '2026-12-01T00:00:00.000Z',
    low_balance: null,
  });

  it('is disabled when the cost would pass the cap, and says what it needs, what is spent, when it resets and where to change it', async () => {
    const { onClick, dialog } = renderButton('5.0000', '0.30', limits('0.5000', '0.2500'));
    const note = await screen.findByTestId('spending-cap');
    expect(note.textContent).toContain(
      'This needs 0.30 credits, which would pass your monthly spending cap of 0.50 credits: 0.25 are spent or reserved this month. The cap resets on December 1, 2026 (UTC).',
    );
    expect(screen.getByRole('link', { name: 'Change the cap' }).getAttribute('href')).toBe('/dashboard?tab=credits');
    const button = screen.getByRole('button', { name: /^Morph Image/ });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe(note.id);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    // Buying credits would not lift a cap: no shortfall is offered, even at a low balance.
    expect(dialog.open).not.toHaveBeenCalled();
  });

  it('stays ready when the cost fits what is left of the cap, without a cap, and for a free preview', () => {
    // Exactly what is left of the cap: 0.25 spent and 0.25 more make the 0.50 cap, not more.
    renderButton('5.0000', '0.25', limits('0.5000', '0.2500'));
    expect(screen.getByRole('button', { name: /^Morph Image.*0\.25 credits/ })).toBeTruthy();
    expect(screen.queryByTestId('spending-cap')).toBeNull();
    expect(screen.getByRole('button', { name: /^Morph Image/ }).hasAttribute('disabled')).toBe(false);
    cleanup();
    renderButton('5.0000', '0.25', limits(null, '40.0000'));
    expect(screen.queryByTestId('spending-cap')).toBeNull();
    cleanup();
    renderButton('5.0000', '0.0000', limits('0.0000', '0.0000'));
    expect(screen.queryByTestId('spending-cap')).toBeNull();
    expect(screen.getByRole('button', { name: /Morph Image.*Free/ }).hasAttribute('disabled')).toBe(false);
  });
});

describe('the sticky copy', () => {
  it('marks the body while it is shown, so the running-generations panel can sit above it', () => {
    // The button scrolled out of view, the end of the tool not yet on screen.
    class OutOfView {
      constructor(private readonly report: (entries: Array<{ isIntersecting: boolean }>) => void) {}
      observe() {
        this.report([{ isIntersecting: false }]);
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', OutOfView);
    stubFetch(routes({}));
    const client = testQueryClient();
    client.setQueryData(authKeys.profile, session('5.0000'));
    const dialog: InsufficientCreditsApi = { open: vi.fn(), handleError: vi.fn(() => false), close: vi.fn() };
    const view = render(
      <QueryClientProvider client={client}>
        <InsufficientCreditsContext value={dialog}>
          <PaidButton label="Morph Image" icon={null} onClick={vi.fn()} generating={false} disabled={false} cost="0.25" validation={null} />
        </InsufficientCreditsContext>
      </QueryClientProvider>,
    );
    expect(screen.getAllByRole('button', { name: /^Morph Image/ })).toHaveLength(2);
    expect(document.body.dataset.stickyAction).toBe('1');
    view.unmount();
    expect(document.body.dataset.stickyAction).toBeUndefined();
  });
});
