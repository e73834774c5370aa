import type Stripe from 'stripe';
import type { DbOrTx } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { CreditsService } from '../../credits/service.ts';
import type { CheckoutSettlement } from '../settle-checkout.ts';
import type { Reversals } from '../reversals.ts';

/** What an event's handler may use: the module's shared steps, never another handler. */
export interface EventContext {
  clock: Clock;
  credits: Pick<CreditsService, 'grant'>;
  settlement: Pick<CheckoutSettlement, 'settleCheckout'>;
  reversals: Reversals;
}

/** The object a Stripe event of type K carries (a Checkout Session, a Charge, a Dispute). */
export type EventObject<K extends Stripe.Event.Type> = Extract<Stripe.Event, { type: K }>['data']['object'];

/** One Stripe event's work, inside the transaction that records the event id (so it runs once per event). */
export type EventHandler<K extends Stripe.Event.Type> = (ctx: EventContext, tx: DbOrTx, object: EventObject<K>) => Promise<void>;
