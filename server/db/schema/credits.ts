import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.ts';
import { credits } from './columns.ts';
import { deletedAccounts } from './privacy.ts';
import { users } from './users.ts';

/** One row per user; changed only in the transaction that writes the matching ledger row or hold. */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: credits('balance').notNull().default('0'),
    /** Sum of open holds; available = balance - held. */
    held: credits('held').notNull().default('0'),
    lifetimeUsed: credits('lifetime_used').notNull().default('0'),
    lifetimePurchased: credits('lifetime_purchased').notNull().default('0'),
    /** The user's spending limit per calendar month (UTC); null: none. Holds past it are refused (credit_hold). */
    monthlyCap: credits('monthly_cap'),
    /** A capture that takes the balance from at least this to below it tells the user once (credit_capture). */
    lowBalanceAlert: credits('low_balance_alert'),
    /** When a capture last took the balance below `low_balance_alert`: the in-app notice is dismissed per crossing. */
    lowBalanceSince: timestamp('low_balance_since', { withTimezone: true }),
    /** What was captured in the month starting `spent_month` (a capture in a later month starts it again). */
    spentMonth: date('spent_month'),
    spentInMonth: credits('spent_in_month').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credit_accounts_balance_nonneg', sql`${t.balance} >= 0`),
    check('credit_accounts_limits_nonneg', sql`${t.monthlyCap} >= 0 and ${t.lowBalanceAlert} >= 0`),
    check('credit_accounts_held_nonneg', sql`${t.held} >= 0`),
    check('credit_accounts_held_le_balance', sql`${t.held} <= ${t.balance}`),
  ],
);

// The `enum`s below type the columns only (no migration); the checks are what the database enforces.
export const LEDGER_TYPES = ['purchase', 'bonus', 'usage', 'refund', 'adjustment'] as const;
export const HOLD_STATUSES = ['open', 'captured', 'released'] as const;

/** Append-only: every change of a balance is one row, applied once per idempotency key. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Insertion order, for a stable newest-first listing when timestamps tie. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** Null only once the account was deleted: the row then belongs to `anonymous_id` (amounts and dates kept). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    anonymousId: uuid('anonymous_id').references(() => deletedAccounts.id, { onDelete: 'restrict' }),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    /** Signed: positive adds credits, negative takes them. */
    amount: credits('amount').notNull(),
    balanceAfter: credits('balance_after').notNull(),
    description: text('description').notNull(),
    generationType: text('generation_type'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The admin who made a manual adjustment (null for everything the product did itself). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_ledger_idempotency_key').on(t.idempotencyKey),
    index('credit_ledger_user_seq_idx').on(t.userId, t.seq),
    check('credit_ledger_type', sql`${t.type} in ('purchase','bonus','usage','refund','adjustment')`),
    // Every row has exactly one owner: a live user, or the anonymous id of a deleted account.
    check('credit_ledger_one_owner', sql`(${t.userId} is null) <> (${t.anonymousId} is null)`),
    // Only a deleted account's rows have one: a live user's rows (every hold's capture) add no entry.
    index('credit_ledger_anonymous_idx').on(t.anonymousId).where(sql`${t.anonymousId} is not null`),
  ],
);

/** Credits reserved for work in progress: captured on success, released on failure or expiry. */
export const creditHolds = pgTable(
  'credit_holds',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: credits('amount').notNull(),
    status: text('status', { enum: HOLD_STATUSES }).notNull().default('open'),
    serviceType: text('service_type').notNull(),
    serviceVariant: text('service_variant').notNull().default('standard'),
    description: text('description').notNull(),
    capturedAmount: credits('captured_amount'),
    /** The API key that made the call, when one did: its own monthly cap counts what it holds and spends. */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('credit_holds_open_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'open'`),
    index('credit_holds_user_idx').on(t.userId),
    index('credit_holds_open_key_idx').on(t.apiKeyId).where(sql`${t.status} = 'open' and ${t.apiKeyId} is not null`),
    check('credit_holds_status', sql`${t.status} in ('open','captured','released')`),
    check('credit_holds_amount_nonneg', sql`${t.amount} >= 0`),
  ],
);

export const creditPackages = pgTable('credit_packages', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceUsd: numeric('price_usd', { precision: 12, scale: 2 }).notNull(),
  credits: credits('credits').notNull(),
  bonusCredits: credits('bonus_credits').notNull().default('0'),
  /** Stripe Payment Link (id and url), made for the package in Stripe mode. */
  stripePaymentLinkId: text('stripe_payment_link_id'),
  stripePaymentLinkUrl: text('stripe_payment_link_url'),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const pricing = pgTable(
  'pricing',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serviceType: text('service_type').notNull(),
    serviceVariant: text('service_variant').notNull().default('standard'),
    userCostCredits: credits('user_cost_credits').notNull(),
    actualCostUsd: numeric('actual_cost_usd', { precision: 12, scale: 6 }).notNull().default('0'),
    description: text('description').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pricing_service_key').on(t.serviceType, t.serviceVariant)],
);
