import type Stripe from 'stripe';
import type { DbOrTx } from '../../../db/client.ts';
import { STRIPE_PROVIDER } from '../payment-status.ts';
import type { EventContext } from './handler.ts';

/**
 * A Checkout Session finished (`checkout.session.completed`): recorded, and credited when paid. A session paid by a
 * slower method completes unpaid and is credited by `checkout.session.async_payment_succeeded`, which this same
 * handler settles.
 */
export async function checkoutSessionCompleted(ctx: EventContext, tx: DbOrTx, session: Stripe.Checkout.Session): Promise<void> {
  await ctx.settlement.settleCheckout(tx, session, STRIPE_PROVIDER);
}
