import { BILLING_LIST_LIMIT, type Billing, type Purchase } from '../../../contract/account.ts';
import { shownStatus, type CheckoutStatus } from '../../../contract/credits.ts';
import { normalize } from '../../../contract/decimal.ts';
import { notFound } from '../../lib/errors.ts';
import type { CheckoutSessionLike } from '../../providers/payments/stripe.ts';
import type { CheckoutLinks } from './checkout-links.ts';
import type { PaymentsDeps } from './deps.ts';
import { CHARGED, STRIPE_PROVIDER, TEST_PROVIDER, money, statusView } from './payment-status.ts';
import * as repo from './repository.ts';
import type { PaymentRow } from './repository.ts';
import type { CheckoutSettlement } from './settle-checkout.ts';

/** Receipts asked of Stripe per billing view: a long history without them fills in over a few views, not one slow one. */
const RECEIPTS_PER_VIEW = 5;

/** What a buyer reads about their payments: the billing list with its receipts, and how a checkout went. */
export function createBillingReads(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'stripe' | 'log'>,
  parts: { links: Pick<CheckoutLinks, 'testMode'>; settlement: Pick<CheckoutSettlement, 'settleCheckout'> },
) {
  const { db, clock } = deps;

  /**
   * Stripe's receipt page for a charged payment, asked once and kept. A failure leaves it for the next view: the
   * list still answers, only without that link.
   */
  async function receiptOf(payment: PaymentRow): Promise<string | null> {
    if (!deps.stripe || !payment.paymentIntentId) return null;
    try {
      const url = await deps.stripe.receiptUrl(payment.paymentIntentId);
      if (url) await repo.setReceiptUrl(db, payment.id, url);
      return url;
    } catch (err) {
      deps.log.warn({ err, payment: payment.id }, 'could not read the receipt of a payment from Stripe');
      return null;
    }
  }

  return {
    /** The user's purchases, newest first, each with its receipt when Stripe has one (asked lazily, then kept). */
    async billing(userId: string): Promise<Billing> {
      const rows = await repo.purchasesOfUser(db, userId, BILLING_LIST_LIMIT);
      const now = clock.now();
      let asked = 0;
      const purchases: Purchase[] = [];
      for (const row of rows) {
        let receipt = row.receiptUrl;
        const wanted = row.provider === STRIPE_PROVIDER && !receipt && CHARGED.has(row.status) && asked < RECEIPTS_PER_VIEW;
        if (wanted) {
          asked++;
          receipt = await receiptOf(row);
        }
        const status = shownStatus(row.status, row.payableUntil, now);
        purchases.push({
          id: row.id,
          created_at: row.createdAt.toISOString(),
          package_name: row.packageName,
          // Money in cents, as the receipt shows it; credits keep the ledger's four places.
          amount_usd: money(row.amountUsd),
          currency: row.currency,
          credits: normalize(row.creditsPurchased),
          status,
          payable_until: status === 'pending' ? (row.payableUntil?.toISOString() ?? null) : null,
          test: row.provider === TEST_PROVIDER,
          receipt_url: receipt,
        });
      }
      return { test_mode: parts.links.testMode, purchases };
    },

    /**
     * The return page's question: how did this checkout go? If the webhook has not arrived yet, asks Stripe
     * and settles through the same code.
     */
    async checkoutStatus(userId: string, sessionId: string): Promise<CheckoutStatus> {
      let payment = await repo.findPaymentForUser(db, sessionId, userId);
      if ((!payment || payment.status === 'pending') && deps.stripe && sessionId.startsWith('cs_')) {
        let session: CheckoutSessionLike;
        try {
          session = await deps.stripe.retrieveCheckoutSession(sessionId);
        } catch {
          if (payment) return statusView(payment, await repo.findPackage(db, payment.packageId ?? ''), clock.now());
          throw notFound('Checkout not found');
        }
        if (session.client_reference_id !== userId) throw notFound('Checkout not found');
        await db.transaction((tx) => parts.settlement.settleCheckout(tx, session, STRIPE_PROVIDER));
        payment = await repo.findPaymentForUser(db, sessionId, userId);
      }
      if (!payment) throw notFound('Checkout not found');
      return statusView(payment, payment.packageId ? await repo.findPackage(db, payment.packageId) : undefined, clock.now());
    },
  };
}
