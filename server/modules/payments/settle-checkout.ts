import { add, cmp, fromCents, normalize } from '../../../contract/decimal.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CheckoutSessionLike } from '../../providers/payments/stripe.ts';
import { soldBy } from './checkout-links.ts';
import type { PaymentsDeps, PaymentSucceeded } from './deps.ts';
import { CHECKOUT_TTL_MS, idOf, later, type PaymentStatus } from './payment-status.ts';
import * as repo from './repository.ts';
import type { PackageRow, PaymentRow } from './repository.ts';

type Session = CheckoutSessionLike;

/**
 * Until when a pending checkout can be paid: an open Stripe session until its expires_at; a completed one whose
 * asynchronous payment Stripe is still settling has no end we know of (null); else what was recorded before, or a
 * day after it opened.
 */
function payableUntilOf(session: Session, recorded: { payableUntil: Date | null; createdAt: Date }): Date | null {
  if (session.status === 'complete') return null;
  if (typeof session.expires_at === 'number' && session.expires_at > 0) return new Date(session.expires_at * 1000);
  return recorded.payableUntil ?? new Date(recorded.createdAt.getTime() + CHECKOUT_TTL_MS);
}

/** A credited payment as its `payment.succeeded` webhook tells it. */
function paidOf(payment: PaymentRow, userId: string, packageName: string | null): PaymentSucceeded {
  return {
    user_id: userId,
    checkout_id: payment.providerId,
    package: packageName,
    amount_usd: normalize(payment.amountUsd),
    currency: payment.currency,
    credits: normalize(payment.creditsPurchased),
  };
}

/** The ledger key of a checkout's purchase: its credits are granted once, by whoever gets there first. */
const purchaseKey = (sessionId: string) => `checkout:${sessionId}`;

/**
 * A checkout's record and its credits, the one code path of the webhook's checkout events, the return page and the
 * test checkout; and the grant of a payment an admin assigns, under the same key.
 */
export function createCheckoutSettlement(deps: Pick<PaymentsDeps, 'clock' | 'credits' | 'log' | 'onPaid'>) {
  const { clock } = deps;

  async function packageOf(tx: DbOrTx, session: Session): Promise<PackageRow | undefined> {
    const byMeta = session.metadata?.package_id;
    if (byMeta && /^[0-9a-f-]{36}$/i.test(byMeta)) {
      const pkg = await repo.findPackage(tx, byMeta);
      if (pkg) return pkg;
    }
    const linkId = idOf(session.payment_link);
    return linkId ? repo.findPackageByLink(tx, linkId) : undefined;
  }

  /**
   * Whose checkout this is: the account it was credited to before; else the client_reference_id the Payment Link
   * carried; else the verified account with the address the buyer gave Stripe. Null (with that address) when none
   * matches; 'deleted' when the payment already belongs to a deleted account.
   */
  async function buyerOf(tx: DbOrTx, session: Session, providerName: string): Promise<{ userId: string | null; email: string | null } | 'deleted'> {
    const known = await repo.lockPaymentByProviderId(tx, providerName, session.id);
    if (known?.anonymousId) return 'deleted';
    const email = session.customer_details?.email ?? session.customer_email ?? known?.customerEmail ?? null;
    if (known?.userId) return { userId: known.userId, email };
    const ref = session.client_reference_id;
    if (ref && (await repo.userExists(tx, ref))) return { userId: ref, email };
    if (ref) deps.log.warn({ session: session.id }, 'checkout with an unknown client_reference_id; matching it by address');
    const byEmail = email ? await repo.findVerifiedUserByEmail(tx, email) : undefined;
    return { userId: byEmail ?? null, email };
  }

  /**
   * Records a checkout and, once it is paid, credits it: exactly once per checkout session, whether the
   * webhook, a replay, the async-payment event or the return page gets here first.
   */
  async function settleCheckout(tx: DbOrTx, session: Session, providerName: string, failed = false): Promise<PaymentRow | null> {
    const buyer = await buyerOf(tx, session, providerName);
    if (buyer === 'deleted') return null;
    const userId = buyer?.userId ?? null;
    const pkg = await packageOf(tx, session);
    if (!pkg) {
      deps.log.error({ session: session.id }, 'checkout for an unknown credit package; not credited');
      return null;
    }
    const sold = soldBy(session, pkg);
    const credits = add(sold.credits, sold.bonusCredits);
    const now = clock.now();
    const payment = await repo.upsertPayment(tx, {
      provider: providerName,
      providerId: session.id,
      paymentIntentId: idOf(session.payment_intent),
      userId,
      // Kept only while no account is named, for the admin to assign the payment by it.
      customerEmail: userId ? null : (buyer?.email ?? null),
      packageId: pkg.id,
      amountUsd: session.amount_total === null ? normalize(pkg.priceUsd) : fromCents(session.amount_total),
      creditsPurchased: credits,
      taxAmount: session.total_details?.amount_tax != null ? fromCents(session.total_details.amount_tax) : null,
      currency: session.currency ?? 'usd',
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    const paid = !failed && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
    const next: PaymentStatus = failed ? 'failed' : paid ? 'completed' : 'pending';
    const status = later(payment.status, next);
    await repo.updatePayment(tx, payment.id, {
      status,
      payableUntil: status === 'pending' ? payableUntilOf(session, payment) : payment.payableUntil,
      paymentIntentId: payment.paymentIntentId ?? idOf(session.payment_intent),
      completedAt: paid ? (payment.completedAt ?? now) : payment.completedAt,
      updatedAt: now,
    });
    // Credits go with the first paid transition only: a payment completed (or refunded, disputed) before was credited
    // then, or (an assigned one) by the admin's assignment.
    const credited = payment.status === 'completed' || payment.status === 'refunded' || payment.status === 'disputed';
    if (!userId) {
      deps.log.warn({ session: session.id }, 'checkout names no account and its address matches no verified one; left for an admin to assign');
    } else if (paid && !credited) {
      const granted = await deps.credits.grant(tx, {
        userId,
        type: 'purchase',
        amount: sold.credits,
        description: `Purchased ${pkg.name} package`,
        idempotencyKey: purchaseKey(session.id),
      });
      if (cmp(sold.bonusCredits, '0') > 0) {
        await deps.credits.grant(tx, {
          userId,
          type: 'bonus',
          amount: sold.bonusCredits,
          description: `Bonus credits with the ${pkg.name} package`,
          idempotencyKey: `checkout-bonus:${session.id}`,
        });
      }
      // Told once: a repeat of the checkout's key (the webhook and the return page at once) granted nothing.
      if (granted) await deps.onPaid?.(tx, paidOf(payment, userId, pkg.name));
    }
    return { ...payment, status };
  }

  /** Grants an assigned payment's credits to its new owner, once (the checkout's own key). */
  async function grantAssigned(tx: DbOrTx, payment: PaymentRow, userId: string, amount: string): Promise<void> {
    const granted = await deps.credits.grant(tx, {
      userId,
      type: 'purchase',
      amount,
      description: 'Purchased credits (payment assigned by an admin)',
      idempotencyKey: purchaseKey(payment.providerId),
    });
    if (granted) await deps.onPaid?.(tx, { ...paidOf(payment, userId, null), credits: normalize(amount) });
  }

  return { settleCheckout, grantAssigned };
}

export type CheckoutSettlement = ReturnType<typeof createCheckoutSettlement>;
