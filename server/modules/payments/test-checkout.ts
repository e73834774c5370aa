import { stillPayable, type CheckoutStatus, type CreditPackage, type TestCheckoutOpened } from '../../../contract/credits.ts';
import { add, normalize, toUnits } from '../../../contract/decimal.ts';
import type { DbOrTx } from '../../db/client.ts';
import { randomToken } from '../../lib/crypto.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { CheckoutSessionLike } from '../../providers/payments/stripe.ts';
import type { CheckoutLinks } from './checkout-links.ts';
import type { PaymentsDeps } from './deps.ts';
import { CHARGED, CHECKOUT_TTL_MS, TEST_PROVIDER, statusView } from './payment-status.ts';
import * as repo from './repository.ts';
import type { PaymentRow } from './repository.ts';
import type { CheckoutSettlement } from './settle-checkout.ts';
import { once } from './stripe-events/once.ts';

/** A confirm of a test checkout that was cancelled or has expired: nothing is charged. */
function checkoutClosed(status: 'cancelled' | 'expired', payableUntil: Date | null) {
  return conflict(
    status === 'cancelled'
      ? 'This checkout was cancelled and nothing was charged. Open the package again to buy it.'
      : `This checkout expired${payableUntil ? ` at ${payableUntil.toISOString().slice(0, 16).replace('T', ' ')} UTC` : ''} and nothing was charged. Open the package again to buy it.`,
    { status },
  );
}

/**
 * The built-in test checkout (no Stripe configured): a page that opens a checkout, then confirms or cancels it. A
 * confirm settles through the webhook's own code path, so test mode credits exactly as Stripe mode does.
 */
export function createTestCheckout(
  deps: Pick<PaymentsDeps, 'db' | 'clock'>,
  parts: { links: Pick<CheckoutLinks, 'testMode' | 'packageView'>; settlement: Pick<CheckoutSettlement, 'settleCheckout'> },
) {
  const { db, clock } = deps;
  const { testMode, packageView } = parts.links;

  return {
    /** The test checkout page's package. */
    async testPackage(packageId: string, user: { id: string; email: string }): Promise<CreditPackage> {
      if (!testMode) throw notFound('The test checkout is off: payments go through Stripe');
      const pkg = await repo.findPackage(db, packageId);
      if (!pkg || !pkg.isActive) throw notFound('Credit package not found');
      return packageView(pkg, user);
    },

    /**
     * Opens a test checkout: a pending payment with its own id, as Stripe makes a Checkout Session when its page
     * opens. The page confirms this id, so a second click or a reload settles the same checkout.
     */
    async openTestCheckout(packageId: string, user: { id: string }): Promise<TestCheckoutOpened> {
      if (!testMode) throw notFound('The test checkout is off: payments go through Stripe');
      const pkg = await repo.findPackage(db, packageId);
      if (!pkg || !pkg.isActive) throw notFound('Credit package not found');
      const now = clock.now();
      const id = `cs_test_${randomToken(18)}`;
      await repo.insertPayment(db, {
        provider: TEST_PROVIDER,
        providerId: id,
        userId: user.id,
        packageId: pkg.id,
        amountUsd: normalize(pkg.priceUsd),
        creditsPurchased: add(pkg.credits, pkg.bonusCredits),
        currency: 'usd',
        status: 'pending',
        payableUntil: new Date(now.getTime() + CHECKOUT_TTL_MS),
        createdAt: now,
        updatedAt: now,
      });
      return { checkout_id: id };
    },

    /**
     * Confirms an opened test checkout by settling its checkout event through the webhook's code path. The event id
     * is the checkout's, so a repeat (sequential or concurrent) is a replay: credited once, answered alike.
     * Another user's checkout answers 404, like an unknown one.
     */
    async confirmTestCheckout(packageId: string, checkoutId: string, user: { id: string; email: string }): Promise<CheckoutStatus> {
      if (!testMode) throw notFound('Checkout not found');
      const opened = await repo.findPaymentForUser(db, checkoutId, user.id);
      if (!opened || opened.provider !== TEST_PROVIDER || opened.packageId !== packageId) throw notFound('Checkout not found');
      const pkg = await repo.findPackage(db, packageId);
      if (!pkg) throw notFound('Checkout not found');
      if (opened.status === 'pending') {
        // Still payable, checked on the locked row in the same transaction as the credit: a Cancel (or the expiry)
        // that came first wins, and a Cancel that comes after finds it paid.
        const payable = async (tx: DbOrTx) => {
          const row = await repo.lockPaymentByProviderId(tx, TEST_PROVIDER, checkoutId);
          if (row && row.status === 'pending' && !stillPayable(row.status, row.payableUntil, clock.now())) throw checkoutClosed('expired', row.payableUntil);
          if (row?.status === 'cancelled' || row?.status === 'expired') throw checkoutClosed(row.status, row.payableUntil);
        };
        const session: CheckoutSessionLike = {
          id: checkoutId,
          mode: 'payment',
          client_reference_id: user.id,
          customer_email: user.email,
          payment_status: 'paid',
          amount_total: Number(toUnits(opened.amountUsd) / 100n),
          currency: 'usd',
          payment_intent: `pi_test_${checkoutId.slice('cs_test_'.length)}`,
          metadata: { package_id: pkg.id },
          total_details: { amount_tax: 0 },
        };
        // The same once-per-event record as a webhook, under the checkout's own event id.
        await once(deps, `evt_${checkoutId}`, 'checkout.session.completed', async (tx) => {
          await payable(tx);
          return parts.settlement.settleCheckout(tx, session, TEST_PROVIDER);
        });
      } else if (opened.status === 'cancelled' || opened.status === 'expired') {
        throw checkoutClosed(opened.status, opened.payableUntil);
      }
      const payment = await repo.findPaymentForUser(db, checkoutId, user.id);
      return statusView(payment!, pkg, clock.now());
    },

    /**
     * Cancel on the test checkout page: the opened checkout is closed unpaid (cancelled), so it no longer holds up
     * anything (account deletion). Once only, on the locked row: a cancelled or expired one answers as it stands; a
     * paid one answers 409, its credits stay.
     */
    async cancelTestCheckout(packageId: string, checkoutId: string, user: { id: string }): Promise<CheckoutStatus> {
      if (!testMode) throw notFound('Checkout not found');
      const row = await db.transaction(async (tx) => {
        const payment = await repo.lockPaymentByProviderId(tx, TEST_PROVIDER, checkoutId);
        if (!payment || payment.userId !== user.id || payment.packageId !== packageId) throw notFound('Checkout not found');
        if (CHARGED.has(payment.status)) throw conflict('This checkout was already paid; its credits are on your balance.', { status: payment.status });
        if (payment.status !== 'pending') return payment;
        const now = clock.now();
        const closed = stillPayable(payment.status, payment.payableUntil, now) ? 'cancelled' : 'expired';
        await repo.updatePayment(tx, payment.id, { status: closed, updatedAt: now });
        return { ...payment, status: closed } satisfies PaymentRow;
      });
      return statusView(row, await repo.findPackage(db, packageId), clock.now());
    },
  };
}
