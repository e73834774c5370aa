import { STRIPE_PROVIDER } from '../payment-status.ts';
import * as repo from '../repository.ts';
import type { EventHandler } from './handler.ts';

/**
 * A checkout we recorded as pending (opened, never paid) that Stripe closed: it expired. One we never saw leaves
 * nothing to record.
 */
export const checkoutSessionExpired: EventHandler<'checkout.session.expired'> = async (ctx, tx, session) => {
  const payment = await repo.lockPaymentByProviderId(tx, STRIPE_PROVIDER, session.id);
  if (payment?.status === 'pending') await repo.updatePayment(tx, payment.id, { status: 'expired', updatedAt: ctx.clock.now() });
};
