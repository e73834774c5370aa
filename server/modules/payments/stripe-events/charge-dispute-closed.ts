import { cmp, max0, sub } from '../../../../contract/decimal.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { idOf } from '../payment-status.ts';
import * as repo from '../repository.ts';
import type { PaymentRow } from '../repository.ts';
import { disputeWonMarker } from '../reversals.ts';
import type { EventContext, EventHandler } from './handler.ts';

/**
 * A dispute was decided. Won (or an inquiry closed without becoming a chargeback, warning_closed, which took no money
 * either): the credits it held back are given back. Lost: they stay taken back; taken now, under created's own key
 * (so once), when this closure came before the dispute's created event.
 */
export const chargeDisputeClosed: EventHandler<'charge.dispute.closed'> = async (ctx, tx, dispute) => {
  const payment = await ctx.reversals.disputedPayment(tx, dispute);
  if (dispute.status === 'won' || dispute.status === 'warning_closed') {
    await repo.recordEvent(tx, disputeWonMarker(dispute.id), 'dispute.won', ctx.clock.now());
    await disputeWon(ctx, tx, payment, dispute.id, idOf(dispute.charge));
  } else {
    await ctx.reversals.holdBack(tx, payment, dispute.id);
  }
};

/**
 * A dispute the merchant won: the money came back, so the credits its reversal took (the ledger row of
 * `dispute:<id>`) are given back, once (key `dispute-won:<id>`), and the payment is completed again. When a refund
 * of the charge came before the dispute, only the dispute's part is undone and the payment stays refunded.
 * Credits the dispute could not take (already spent) were never taken, so nothing is given for them.
 */
async function disputeWon(ctx: EventContext, tx: DbOrTx, payment: PaymentRow, disputeId: string, chargeId: string | null) {
  // Not disputed here (won before its created event, which then takes nothing), or already restored.
  if (payment.status !== 'disputed') return;
  const takenRow = await repo.ledgerAmount(tx, `dispute:${disputeId}`);
  const taken = takenRow ? sub('0', takenRow) : '0';
  if (payment.userId && cmp(taken, '0') > 0) {
    const applied = await ctx.credits.grant(tx, {
      userId: payment.userId,
      type: 'adjustment',
      amount: taken,
      description: 'Dispute won: credits returned',
      idempotencyKey: `dispute-won:${disputeId}`,
    });
    if (!applied) return;
  }
  const refundedBefore = chargeId ? await repo.chargeWasRefunded(tx, chargeId) : false;
  await repo.updatePayment(
    tx,
    payment.id,
    refundedBefore
      ? { status: 'refunded', creditsReversed: max0(sub(payment.creditsReversed, taken)), updatedAt: ctx.clock.now() }
      : { status: 'completed', creditsReversed: '0', reversalShortfall: '0', updatedAt: ctx.clock.now() },
  );
}
