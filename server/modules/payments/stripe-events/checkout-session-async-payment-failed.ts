import { STRIPE_PROVIDER } from '../payment-status.ts';
import type { EventHandler } from './handler.ts';

/** The slower payment method of a completed session failed: the checkout is recorded failed, nothing credited. */
export const checkoutSessionAsyncPaymentFailed: EventHandler<'checkout.session.async_payment_failed'> = async (ctx, tx, session) => {
  await ctx.settlement.settleCheckout(tx, session, STRIPE_PROVIDER, true);
};
