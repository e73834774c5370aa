import { fromUnits, toUnits } from '../../../../contract/decimal.ts';
import { idOf } from '../payment-status.ts';
import * as repo from '../repository.ts';
import { paymentNotYetKnown } from '../reversals.ts';
import type { EventHandler } from './handler.ts';

/**
 * A charge was refunded, in full or in part: the payment's credits are taken back in proportion, once per refunded
 * amount (a second partial refund takes only what it adds).
 */
export const chargeRefunded: EventHandler<'charge.refunded'> = async (ctx, tx, charge) => {
  const intent = idOf(charge.payment_intent);
  const payment = intent ? await repo.lockPaymentByIntent(tx, intent) : undefined;
  if (!payment || !payment.completedAt) throw paymentNotYetKnown();
  // The charge is in hand: keep its receipt, so the billing list need not ask Stripe for it.
  if (!payment.receiptUrl && typeof charge.receipt_url === 'string') await repo.setReceiptUrl(tx, payment.id, charge.receipt_url);
  // The body is signed but still parsed JSON: a missing amount counts as a full refund, never as NaN.
  const amount = Number(charge.amount) || 0;
  const refunded = Number(charge.amount_refunded) || 0;
  const target =
    charge.refunded || amount === 0 || refunded >= amount
      ? payment.creditsPurchased
      : fromUnits((toUnits(payment.creditsPurchased) * BigInt(refunded)) / BigInt(amount));
  await ctx.reversals.reverse(tx, payment, target, `refund:${charge.id}:${refunded}`, 'refunded', 'Payment refunded: credits returned');
};
