import * as repo from '../repository.ts';
import { disputeWonMarker } from '../reversals.ts';
import type { EventHandler } from './handler.ts';

/** A buyer disputed a charge: what is left of the payment's credits is held back, once per dispute. */
export const chargeDisputeCreated: EventHandler<'charge.dispute.created'> = async (ctx, tx, dispute) => {
  const payment = await ctx.reversals.disputedPayment(tx, dispute);
  // Closed as won before this event came (Stripe does not promise order): the money stayed, nothing is held back.
  if (await repo.eventRecorded(tx, disputeWonMarker(dispute.id))) return;
  await ctx.reversals.holdBack(tx, payment, dispute.id);
};
