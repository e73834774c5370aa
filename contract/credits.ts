import { z } from 'zod';
import { creditsSchema } from './auth.ts';

/** A decimal amount on the wire: a string like "12.5000", never a float. */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'Must be a decimal number');

export const TRANSACTION_TYPES = ['purchase', 'bonus', 'usage', 'refund', 'adjustment'] as const;

export const creditTransactionSchema = z.object({
  uuid: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  amount: decimalString,
  balance_after: decimalString,
  created_at: z.string(),
  description: z.string(),
  generation_type: z.string().nullable(),
  /** The generation a usage line paid for: its receipt is GET /api/generations/{generation_id}/receipt. */
  generation_id: z.string().nullable(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

/** GET /api/credits/balance */
export const creditBalanceResponse = z.object({ balance: creditsSchema });
export type CreditBalanceResponse = z.infer<typeof creditBalanceResponse>;

/** GET /api/credits/transactions */
export const creditTransactionsQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const creditTransactionsResponse = z.object({ transactions: z.array(creditTransactionSchema) });
export type CreditTransactionsResponse = z.infer<typeof creditTransactionsResponse>;

export const creditPackageSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string(),
  price_usd: decimalString,
  credits: decimalString,
  bonus_credits: decimalString,
  payment_link: z.string(),
  test_mode: z.boolean(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;
/** GET /api/credits/packages */
export const creditPackagesResponse = z.object({ packages: z.array(creditPackageSchema) });
export type CreditPackagesResponse = z.infer<typeof creditPackagesResponse>;

export const costPredictionSchema = z.object({
  can_afford: z.boolean(),
  required_credits: decimalString,
  available_credits: decimalString,
  deficit: decimalString,
});
export type CostPrediction = z.infer<typeof costPredictionSchema>;

/** GET /api/credits/predict-cost (answers costPredictionSchema) */
export const predictCostQuery = z.strictObject({
  service_type: z.string().min(1).max(64),
  variant: z.string().min(1).max(64).default('standard'),
  requires_preprocessing: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

/**
 * A checkout's state: `pending` while it can still be paid (until `payable_until`, or, with none, until Stripe says
 * how an asynchronous payment went); `cancelled` by the buyer on the checkout page; `expired` unpaid after
 * CHECKOUT_TTL_HOURS (or Stripe's session expiry); `failed` when the payment itself failed.
 */
export const PAYMENT_STATUSES = ['completed', 'pending', 'failed', 'cancelled', 'expired', 'refunded', 'disputed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** An unpaid checkout can be paid this long after it opened, as a Stripe Checkout Session (its default expiry). */
export const CHECKOUT_TTL_HOURS = 24;
/**
 * Whether a pending checkout can still be paid at `now`: until its `payable_until`; with none, until Stripe settles
 * the asynchronous payment of a completed session. Past `payable_until` a pending checkout is expired, whether or not
 * the sweep has marked it yet (one rule for the billing list, the return page, the test checkout and deletion).
 */
export function stillPayable(status: PaymentStatus, payableUntil: Date | string | null, now: Date): boolean {
  return status === 'pending' && (payableUntil === null || new Date(payableUntil).getTime() > now.getTime());
}
/** The status to show: a pending checkout past its payable_until is expired. */
export const shownStatus = (status: PaymentStatus, payableUntil: Date | string | null, now: Date): PaymentStatus =>
  status === 'pending' && !stillPayable(status, payableUntil, now) ? 'expired' : status;
/** What the test checkout page says once its Cancel went through. */
export const CHECKOUT_CANCELLED_MESSAGE = 'Checkout cancelled, nothing was charged';
export const checkoutStatusSchema = z.object({
  session_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** A pending checkout: when it stops being payable (null: an asynchronous payment Stripe has yet to settle, or settled). */
  payable_until: z.string().nullable(),
  credits_purchased: decimalString,
  amount_usd: decimalString,
  package_name: z.string().nullable(),
  test_mode: z.boolean(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;
/** GET /api/payments/checkout-status (answers checkoutStatusSchema) */
export const checkoutStatusQuery = z.strictObject({ session_id: z.string().min(8).max(255).regex(/^[A-Za-z0-9_-]+$/) });

/** The package of /api/payments/test-checkout/:packageId and its open and confirm calls. */
export const testCheckoutParams = z.strictObject({ packageId: z.uuid() });

/** A test checkout's id, made when its page opens (like a Stripe Checkout Session id). */
export const testCheckoutIdSchema = z.string().regex(/^cs_test_[A-Za-z0-9_-]{1,100}$/, 'Not a test checkout id');
export const testCheckoutOpenedSchema = z.object({ checkout_id: testCheckoutIdSchema });
export type TestCheckoutOpened = z.infer<typeof testCheckoutOpenedSchema>;
export const testCheckoutConfirmRequest = z.strictObject({ checkout_id: testCheckoutIdSchema });
/** POST /api/payments/test-checkout/:packageId/cancel: the opened checkout to close unpaid (answers checkoutStatusSchema). */
export const testCheckoutCancelRequest = z.strictObject({ checkout_id: testCheckoutIdSchema });

/** POST /api/payments/stripe/webhook: what Stripe reads back (a replayed event is acknowledged, not applied again). */
export const stripeWebhookResponse = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** The 402 body's extra fields, read by the Insufficient Credits dialog. */
export interface InsufficientCredits {
  required_credits: string;
  available_credits: string;
  deficit: string;
}

/** Users pay this multiple of a provider's upscale estimate (spec 2 §9). */
export const UPSCALE_PRICE_MULTIPLIER = '2.5';

export interface PackageSeed {
  name: string;
  description: string;
  price_usd: string;
  credits: string;
  bonus_credits: string;
}

export const DEFAULT_PACKAGES: readonly PackageSeed[] = [
  { name: 'Starter', description: '5 credits to try every tool', price_usd: '5.00', credits: '5', bonus_credits: '0' },
  { name: 'Creator', description: '20 credits plus 2 bonus credits', price_usd: '20.00', credits: '20', bonus_credits: '2' },
  { name: 'Studio', description: '50 credits plus 10 bonus credits', price_usd: '50.00', credits: '50', bonus_credits: '10' },
];

/**
 * The header every paid POST takes (server/http/idempotency.ts): one key per user action, so a repeat of the action
 * answers the first answer and charges nothing more. Kept 24 hours, per user.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
