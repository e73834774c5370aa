import type Stripe from 'stripe';
import type { DbOrTx } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import type { PaymentsDeps } from '../deps.ts';
import { createReversals } from '../reversals.ts';
import type { CheckoutSettlement } from '../settle-checkout.ts';
import { chargeDisputeClosed } from './charge-dispute-closed.ts';
import { chargeDisputeCreated } from './charge-dispute-created.ts';
import { chargeRefunded } from './charge-refunded.ts';
import { checkoutSessionAsyncPaymentFailed } from './checkout-session-async-payment-failed.ts';
import { checkoutSessionCompleted } from './checkout-session-completed.ts';
import { checkoutSessionExpired } from './checkout-session-expired.ts';
import type { EventContext, EventHandler, EventObject } from './handler.ts';
import { once } from './once.ts';

/** The Stripe events the app acts on, each handled by one file of this folder; any other is acknowledged and ignored. */
type HandledEvent =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'
  | 'charge.refunded'
  | 'charge.dispute.created'
  | 'charge.dispute.closed';

const HANDLERS: { [K in HandledEvent]: EventHandler<K> } = {
  'checkout.session.completed': checkoutSessionCompleted,
  'checkout.session.async_payment_succeeded': checkoutSessionCompleted,
  'checkout.session.async_payment_failed': checkoutSessionAsyncPaymentFailed,
  'checkout.session.expired': checkoutSessionExpired,
  'charge.refunded': chargeRefunded,
  'charge.dispute.created': chargeDisputeCreated,
  'charge.dispute.closed': chargeDisputeClosed,
};

const handled = (event: Stripe.Event): event is Extract<Stripe.Event, { type: HandledEvent }> => Object.hasOwn(HANDLERS, event.type);

/** The Stripe webhook: verified, recorded once per event id, and handed to its event's handler. */
export function createStripeEvents(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'credits' | 'stripe' | 'log'>,
  parts: { settlement: Pick<CheckoutSettlement, 'settleCheckout'>; afterPaid: (sessionId: string) => Promise<void> },
) {
  const ctx: EventContext = { clock: deps.clock, credits: deps.credits, settlement: parts.settlement, reversals: createReversals(deps) };

  /** The handler of the event's own type, given that event's object. */
  function apply<K extends HandledEvent>(tx: DbOrTx, type: K, object: EventObject<K>): Promise<void> {
    const handler: EventHandler<K> = HANDLERS[type];
    return handler(ctx, tx, object);
  }

  async function handleEvent(event: Stripe.Event): Promise<{ duplicate: boolean }> {
    const result = await once(deps, event.id, event.type, async (tx) => {
      if (handled(event)) await apply(tx, event.type, event.data.object);
    });
    // A checkout that may just have been paid: its Stripe fee, when Stripe has it already.
    if (!result.duplicate && (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded')) {
      await parts.afterPaid(event.data.object.id);
    }
    return result;
  }

  return {
    handleEvent,

    /** Verifies and applies a Stripe webhook. Bad signatures answer 400 and change nothing. */
    async receiveWebhook(rawBody: Buffer, signature: string | undefined) {
      if (!deps.stripe) throw notFound('Stripe is not configured');
      let event: Stripe.Event;
      try {
        event = deps.stripe.verifyWebhook(rawBody, signature, deps.clock.now().getTime());
      } catch {
        throw badRequest('Webhook signature verification failed');
      }
      return handleEvent(event);
    },
  };
}
