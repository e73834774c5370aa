import { CHECKOUT_TTL_HOURS, shownStatus, type CheckoutStatus } from '../../../contract/credits.ts';
import { fromUnits, normalize, toUnits } from '../../../contract/decimal.ts';
import type { PackageRow, PaymentRow } from './repository.ts';

/** The facts about a payment's status that every part of the module shares. */

export type PaymentStatus = CheckoutStatus['status'];

/** The `provider` of a payment row: a Stripe Checkout Session, or the built-in test checkout. */
export const STRIPE_PROVIDER = 'stripe';
export const TEST_PROVIDER = 'test';

/** How long a checkout stays payable when nothing else says (a test checkout; a session without expires_at). */
export const CHECKOUT_TTL_MS = CHECKOUT_TTL_HOURS * 3_600_000;

/** A status whose charge went through, so Stripe has a receipt for it. */
export const CHARGED: ReadonlySet<PaymentStatus> = new Set(['completed', 'refunded', 'disputed']);

/** Dollars with two places, as receipts show them. */
export const money = (value: string) => fromUnits(toUnits(value), 2);
export const moneyOrNull = (value: string | null) => (value === null ? null : money(value));

/** A later status never falls back to an earlier one, whatever order events arrive in. */
const RANK: Record<PaymentStatus, number> = { pending: 0, failed: 1, cancelled: 1, expired: 1, completed: 2, refunded: 3, disputed: 4 };
export const later = (current: PaymentStatus, next: PaymentStatus): PaymentStatus => (RANK[next] >= RANK[current] ? next : current);

/** The id of an expandable Stripe field, whether Stripe sent the id or the object. */
export const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** How a checkout went, as the return page and the test checkout answer it. */
export function statusView(payment: PaymentRow, pkg: PackageRow | undefined, now: Date): CheckoutStatus {
  const status = shownStatus(payment.status, payment.payableUntil, now);
  return {
    session_id: payment.providerId,
    status,
    payable_until: status === 'pending' ? (payment.payableUntil?.toISOString() ?? null) : null,
    credits_purchased: normalize(payment.creditsPurchased),
    amount_usd: normalize(payment.amountUsd),
    package_name: pkg?.name ?? null,
    test_mode: payment.provider === TEST_PROVIDER,
  };
}
