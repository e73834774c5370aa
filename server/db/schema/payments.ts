import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_STATUSES } from '../../../contract/credits.ts';
import { creditPackages } from './credits.ts';
import { deletedAccounts } from './privacy.ts';
import { users } from './users.ts';

/** One row per checkout (Stripe Checkout Session or a test checkout). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    provider: text('provider').notNull(),
    /** Checkout Session id (cs_…) or the test checkout id. */
    providerId: text('provider_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The deleted account a payment belonged to (user_id is then null): kept for accounting, naming nobody. */
    anonymousId: uuid('anonymous_id').references(() => deletedAccounts.id, { onDelete: 'restrict' }),
    packageId: uuid('package_id').references(() => creditPackages.id, { onDelete: 'set null' }),
    amountUsd: numeric('amount_usd', { precision: 12, scale: 2 }).notNull(),
    creditsPurchased: numeric('credits_purchased', { precision: 14, scale: 4 }).notNull(),
    /** Credits taken back after refunds and disputes, and what could not be taken back. */
    creditsReversed: numeric('credits_reversed', { precision: 14, scale: 4 }).notNull().default('0'),
    reversalShortfall: numeric('reversal_shortfall', { precision: 14, scale: 4 }).notNull().default('0'),
    stripeFee: numeric('stripe_fee', { precision: 12, scale: 2 }),
    taxAmount: numeric('tax_amount', { precision: 12, scale: 2 }),
    currency: text('currency').notNull().default('usd'),
    /** The receipt page Stripe gives for the charge (charge.receipt_url), read when the payment settles or on first view. */
    receiptUrl: text('receipt_url'),
    /**
     * The payer's address as Stripe gave it. A payment that names no user (no client_reference_id) is matched by it
     * to a verified account; when none matches, user_id and anonymous_id stay null and the admin assigns it.
     */
    customerEmail: text('customer_email'),
    // `enum` types the column only (no migration); the check below is what the database enforces.
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * A pending checkout can be paid until then (the test checkout: CHECKOUT_TTL_HOURS after it opened; Stripe: the
     * session's expires_at); past it the checkout is expired. Null while Stripe settles a completed session's
     * asynchronous payment (no end we know of), and on rows settled before this column.
     */
    payableUntil: timestamp('payable_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_key').on(t.provider, t.providerId),
    index('payments_intent_idx').on(t.paymentIntentId),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_created_idx').on(t.createdAt),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    check('payments_status', sql`${t.status} in ('completed','pending','failed','cancelled','expired','refunded','disputed')`),
  ],
);

/** Every Stripe event applied, so a replay is recognised and changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
