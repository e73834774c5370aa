import { z } from 'zod';
import { decimalString, PAYMENT_STATUSES } from './credits.ts';
import { adminPaginationSchema } from './admin.ts';

/**
 * The Stripe Transactions tab (spec 3 §2, §3, §7) and, beyond the spec, the credit packages editor of System Settings.
 *
 * Money is in dollars with two places ("20.00"), credits with four ("22.0000"); both decimal strings.
 * Dates are calendar days in UTC (YYYY-MM-DD), both ends inclusive, on the payment's created_at.
 */

export const TRANSACTIONS_PAGE_SIZE = 20;
export const TRANSACTIONS_MAX_LIMIT = 100;

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Not a calendar date');

/** The filters the list, the stats and the CSV export share. */
const transactionFilters = {
  start_date: calendarDay.optional(),
  end_date: calendarDay.optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
};

const endNotBeforeStart = (q: { start_date?: string | undefined; end_date?: string | undefined }) =>
  !q.start_date || !q.end_date || q.end_date >= q.start_date;
const END_BEFORE_START = { message: 'The end date is before the start date', path: ['end_date'] };

/** GET /api/admin/stripe-transactions?page&limit&start_date&end_date&status[&export=true] */
export const adminTransactionsQuery = z
  .strictObject({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(TRANSACTIONS_MAX_LIMIT).default(TRANSACTIONS_PAGE_SIZE),
    ...transactionFilters,
    /** `true`: answer every matching row as a CSV download instead of a page. */
    export: z.enum(['true', 'false']).optional(),
  })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type AdminTransactionsQuery = z.infer<typeof adminTransactionsQuery>;

export const adminTransactionSchema = z.object({
  id: z.string(),
  /** The Checkout Session id (cs_…), or the test checkout's id. */
  payment_provider_id: z.string(),
  /** The buyer's name; 'Deleted account' once the account was deleted; null when no user is assigned. */
  user_name: z.string().nullable(),
  /** The buyer's address; null for a deleted account. For an unassigned payment, the address Stripe gave. */
  user_email: z.string().nullable(),
  user_id: z.string().nullable(),
  amount_usd: decimalString,
  credits_purchased: decimalString,
  /** What Stripe kept (its processing fee and the tax on it); null until read from the charge's balance transaction. */
  stripe_fee: decimalString.nullable(),
  /** The tax the buyer paid on top (the Checkout Session's total_details.amount_tax); null until known. */
  tax_amount: decimalString.nullable(),
  status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** 'stripe', or 'test' for the built-in test checkout (no Stripe charge: no fee or tax to read). */
  provider: z.string(),
  package_name: z.string().nullable(),
  /** A Stripe payment that names no account yet: the admin assigns it. */
  unassigned: z.boolean(),
  deleted_account: z.boolean(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

/**
 * Over every row the filters match (not one page). total_revenue: the amounts of completed payments (a refunded
 * payment, even partly, and a disputed one count nothing; a won dispute puts a payment back to completed).
 * total_transactions: the rows matched, any status. total_fees: Stripe's fees on them, any status (Stripe keeps its
 * fee on a refund). total_taxes: the tax of completed payments (a refund returns the tax too).
 */
export const adminTransactionStatsSchema = z.object({
  total_revenue: decimalString,
  total_transactions: z.number().int(),
  total_fees: decimalString,
  total_taxes: decimalString,
});
export type AdminTransactionStats = z.infer<typeof adminTransactionStatsSchema>;

export const adminTransactionsResponse = z.object({
  transactions: z.array(adminTransactionSchema),
  stats: adminTransactionStatsSchema,
  pagination: adminPaginationSchema,
});
export type AdminTransactionsResponse = z.infer<typeof adminTransactionsResponse>;

/** The CSV's columns, in order (the header row). */
export const TRANSACTION_CSV_COLUMNS = [
  'id',
  'payment_provider_id',
  'provider',
  'user_name',
  'user_email',
  'package_name',
  'amount_usd',
  'credits_purchased',
  'stripe_fee',
  'tax_amount',
  'status',
  'created_at',
  'completed_at',
] as const satisfies ReadonlyArray<keyof AdminTransaction>;

export const TRANSACTION_SUB_ACTIONS = ['refresh-tax', 'assign'] as const;
/** POST /api/admin/stripe-transactions?sub_action=refresh-tax|assign */
export const adminTransactionActionQuery = z.strictObject({ sub_action: z.enum(TRANSACTION_SUB_ACTIONS) });
/**
 * refresh-tax: `{ payment_id }`. assign: `{ payment_id, user_id }` or `{ payment_id, email }` (the account's address).
 */
export const adminTransactionActionBody = z.strictObject({
  payment_id: z.uuid(),
  user_id: z.uuid().optional(),
  email: z.email().max(320).optional(),
});
export type AdminTransactionActionBody = z.infer<typeof adminTransactionActionBody>;
export const adminTransactionActionResponse = z.object({ transaction: adminTransactionSchema });

// --- Credit packages (System Settings, beyond the spec) ---

/** Dollars with at most two places, $0.50 (Stripe's smallest USD charge) to $10,000. */
const priceUsd = z
  .string()
  .trim()
  .regex(/^\d{1,5}(\.\d{1,2})?$/, 'Enter a price in dollars with at most two decimals')
  .refine((v) => Number(v) >= 0.5 && Number(v) <= 10_000, 'The price must be between 0.50 and 10000');
const creditAmount = (min: number, what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,4})?$/, `Enter ${what} with at most four decimals`)
    .refine((v) => Number(v) >= min && Number(v) <= 1_000_000, `${what[0]!.toUpperCase()}${what.slice(1)} must be between ${min} and 1000000`);

export const adminPackageInput = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(60),
  description: z.string().trim().max(200).default(''),
  price_usd: priceUsd,
  credits: creditAmount(0.0001, 'credits'),
  bonus_credits: creditAmount(0, 'bonus credits').default('0'),
  sort_order: z.number().int().min(0).max(10_000).default(0),
  is_active: z.boolean().default(true),
});
export type AdminPackageInput = z.input<typeof adminPackageInput>;

export const adminPackageParams = z.strictObject({ id: z.uuid() });

export const adminPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price_usd: decimalString,
  credits: decimalString,
  bonus_credits: decimalString,
  sort_order: z.number().int(),
  is_active: z.boolean(),
  /** The Stripe Payment Link buyers are sent to; null in test mode or until one is made. */
  payment_link_url: z.string().nullable(),
  created_at: z.string(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;

/** GET /api/admin/credit-packages: every package, inactive ones too, in display order. */
export const adminPackagesResponse = z.object({ packages: z.array(adminPackageSchema), test_mode: z.boolean() });
/** POST /api/admin/credit-packages, PUT and DELETE /api/admin/credit-packages/:id (DELETE deactivates). */
export const adminPackageResponse = z.object({ package: adminPackageSchema });
