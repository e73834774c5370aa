// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { renderRoutes } from '../../test-support/render.tsx';
import { TestCheckoutPage } from './test-checkout-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PKG = '11111111-1111-4111-8111-111111111111';
const starter = { uuid: PKG, name: 'Starter', description: '', price_usd: '5.0000', credits: '5.0000', bonus_credits: '0.0000', payment_link: `/checkout/test/${PKG}`, test_mode: true };
const status = (id: string, state = 'completed') => ({ session_id: id, status: state, payable_until: null, credits_purchased: '5.0000', amount_usd: '5.0000', package_name: 'Starter', test_mode: true });

function server() {
  let opened = 0;
  const calls = stubFetch(
    routes({
      [`GET /api/payments/test-checkout/${PKG}`]: () => ok(starter),
      [`POST /api/payments/test-checkout/${PKG}/open`]: () => ok({ checkout_id: `cs_test_opened${++opened}` }),
      [`POST /api/payments/test-checkout/${PKG}/confirm`]: (call) => ok(status((call.body as { checkout_id: string }).checkout_id)),
      [`POST /api/payments/test-checkout/${PKG}/cancel`]: (call) => ok(status((call.body as { checkout_id: string }).checkout_id, 'cancelled')),
    }),
  );
  return {
    calls,
    of: (suffix: string) => calls.filter((c) => c.method === 'POST' && c.url.endsWith(suffix)),
  };
}

function renderCheckout(path: string) {
  return renderRoutes(
    [
      { path: '/checkout/test/:packageId', Component: TestCheckoutPage },
      { path: '/payments/return', Component: () => <p>Return page</p> },
    ],
    path,
  );
}

describe('test checkout page', () => {
  it('opens one checkout (StrictMode too), puts its id in the address, and a double-click confirms that one id', async () => {
    const s = server();
    const { router } = renderCheckout(`/checkout/test/${PKG}`);
    await waitFor(() => expect(router.state.location.search).toBe('?checkout=cs_test_opened1'));
    expect(s.of('/open')).toHaveLength(1);

    const button = await screen.findByRole('button', { name: 'Confirm purchase' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByText('Return page');
    expect(router.state.location.search).toBe('?session_id=cs_test_opened1');
    const confirms = s.of('/confirm');
    expect(confirms.length).toBeGreaterThanOrEqual(1);
    for (const c of confirms) expect(c.body).toEqual({ checkout_id: 'cs_test_opened1' });
    expect(s.of('/open')).toHaveLength(1);
  });

  it('a reload of an opened checkout confirms the same id and opens none', async () => {
    const s = server();
    renderCheckout(`/checkout/test/${PKG}?checkout=cs_test_earlier`);
    const button = await screen.findByRole('button', { name: 'Confirm purchase' });
    fireEvent.click(button);
    await screen.findByText('Return page');
    expect(s.of('/open')).toHaveLength(0);
    expect(s.of('/confirm').map((c) => c.body)).toEqual([{ checkout_id: 'cs_test_earlier' }]);
  });

  it('Cancel closes the opened checkout and says nothing was charged (issue 26 item 1: it only went back, leaving it pending)', async () => {
    const s = server();
    renderCheckout(`/checkout/test/${PKG}?checkout=cs_test_earlier`);
    const button = await screen.findByRole('button', { name: 'Cancel' });
    fireEvent.click(button);
    expect(await screen.findByText('Checkout cancelled, nothing was charged')).toBeTruthy();
    expect(s.of('/cancel').map((c) => c.body)).toEqual([{ checkout_id: 'cs_test_earlier' }]);
    expect(s.of('/confirm')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to credits' })).toBeTruthy();
  });
});
