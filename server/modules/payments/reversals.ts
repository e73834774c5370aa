import { add, cmp, min, sub } from '../../../contract/decimal.ts';
import type Stripe from 'stripe';
import type { DbOrTx } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import type { PaymentsDeps } from './deps.ts';
import { idOf, later, type PaymentStatus } from './payment-status.ts';
import * as repo from './repository.ts';
import type { PaymentRow } from './repository.ts';

/**
 * A refund or dispute for a checkout not seen yet, or seen but not credited yet (an asynchronous payment
 * whose success event is still on its way: Stripe does not promise event order). Taking credits back
 * before they were granted would take them from the user's other purchases, and the late grant would then
 * credit a refunded payment. Stripe retries non-2xx answers, so ask it to.
 */
export function paymentNotYetKnown() {
  return conflict('The payment for this event is not known or not credited yet; retry later.');
}

/**
 * The stripe_events row that records a dispute closed as won (not an event id: Stripe's are evt_…). A dispute's
 * created and closed events come in any order; created, arriving after, finds it and takes nothing back.
 */
export const disputeWonMarker = (disputeId: string) => `dispute-won:${disputeId}`;

/** Taking back a payment's credits: what its refund and dispute events share. */
export function createReversals(deps: Pick<PaymentsDeps, 'clock' | 'credits' | 'log'>) {
  /** Takes back the credits of a refunded or disputed payment, down to what is available, once per key. */
  async function reverse(tx: DbOrTx, payment: PaymentRow, target: string, key: string, status: PaymentStatus, what: string) {
    const delta = sub(min(target, payment.creditsPurchased), payment.creditsReversed);
    let shortfall = '0';
    let taken = '0';
    if (cmp(delta, '0') > 0 && payment.userId) {
      const result = await deps.credits.takeBack(tx, {
        userId: payment.userId,
        type: 'refund',
        amount: delta,
        description: what,
        idempotencyKey: key,
      });
      if (!result.applied) return;
      taken = result.taken;
      shortfall = result.shortfall;
    }
    await repo.updatePayment(tx, payment.id, {
      status: later(payment.status, status),
      creditsReversed: add(payment.creditsReversed, cmp(delta, '0') > 0 ? delta : '0'),
      reversalShortfall: add(payment.reversalShortfall, shortfall),
      updatedAt: deps.clock.now(),
    });
    if (cmp(shortfall, '0') > 0) {
      deps.log.warn({ payment: payment.id, taken, shortfall }, 'credits already spent could not be taken back');
    }
  }

  return {
    reverse,

    /** The payment a dispute event names, locked; 409 (Stripe retries) while it is unknown or not credited yet. */
    async disputedPayment(tx: DbOrTx, dispute: Stripe.Dispute): Promise<PaymentRow> {
      const intent = idOf(dispute.payment_intent);
      const payment = intent ? await repo.lockPaymentByIntent(tx, intent) : undefined;
      if (!payment || !payment.completedAt) throw paymentNotYetKnown();
      return payment;
    },

    /** A dispute takes back what is left of the payment's credits, once per dispute (key `dispute:<id>`). */
    holdBack: (tx: DbOrTx, payment: PaymentRow, disputeId: string) =>
      reverse(tx, payment, payment.creditsPurchased, `dispute:${disputeId}`, 'disputed', 'Payment disputed: credits held back'),
  };
}

export type Reversals = ReturnType<typeof createReversals>;
