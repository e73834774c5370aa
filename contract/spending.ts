import { z } from 'zod';
import { decimalString } from './credits.ts';
import { toFixed, toUnits } from './decimal.ts';

/**
 * Spending limits a user sets (dashboard, Credits): a monthly cap on what paid calls may take, and a balance below
 * which the user is told. Both in credits, as decimal strings like every amount; null: none. A month is a calendar
 * month in UTC.
 */

/**
 * A limit: a non-negative amount of credits with at most 4 decimals (the ledger's precision) and 10 digits before the
 * point (what numeric(14,4) holds), or null for none.
 */
export const SPENDING_LIMIT_PATTERN = /^\d{1,10}(\.\d{1,4})?$/;
export const spendingLimit = z
  .string()
  .trim()
  .regex(SPENDING_LIMIT_PATTERN, 'Enter an amount of credits like 25 or 12.5 (at most 4 decimals), or null for none')
  .nullable();

/** PUT /api/account/spending: both fields, each an amount or null. */
export const spendingLimitsRequest = z
  .strictObject({ monthly_cap: spendingLimit, low_balance_alert: spendingLimit })
  .meta({ example: { monthly_cap: '200', low_balance_alert: '20' } });
export type SpendingLimitsRequest = z.infer<typeof spendingLimitsRequest>;

/** GET and PUT /api/account/spending: the limits, this month's spending so far, and the alert's state. */
export const spendingResponse = z.object({
  monthly_cap: decimalString.nullable(),
  low_balance_alert: decimalString.nullable(),
  /** Captured this month plus what is held for work under way: what a cap counts. */
  spent_this_month: decimalString,
  /** When this month's spending starts again from zero (the first of next month, 00:00 UTC). */
  resets_at: z.string(),
  /** Set while the balance is below the alert: the balance, and when it crossed (the in-app notice's key). */
  low_balance: z.object({ balance: decimalString, since: z.string().nullable() }).nullable(),
});
export type Spending = z.infer<typeof spendingResponse>;

/** The details of a SPENDING_CAP_REACHED (402) answer. */
export const spendingCapDetails = z.object({
  cap_scope: z.enum(['account', 'api_key']),
  monthly_cap: decimalString,
  spent_this_month: decimalString,
  required_credits: decimalString,
  resets_at: z.string(),
});
export type SpendingCapDetails = z.infer<typeof spendingCapDetails>;

/**
 * What a cap stopping a call says, in the server's 402 (`refused`: nothing was charged) and under a tool's button
 * before the click: what it needs, the cap, what this month has taken, and the day it resets.
 */
export function capReachedMessage(cap: SpendingCapDetails, { refused }: { refused: boolean }): string {
  const day = new Date(cap.resets_at).toLocaleDateString('en-US', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
  const whose = cap.cap_scope === 'account' ? 'your monthly spending cap' : "this API key's monthly cap";
  return [
    `This needs ${toFixed(cap.required_credits)} credits, which would pass ${whose} of ${toFixed(cap.monthly_cap)} credits: ${toFixed(cap.spent_this_month)} are spent or reserved this month.`,
    ...(refused ? ['Nothing was charged.'] : []),
    `The cap resets on ${day} (UTC).`,
  ].join(' ');
}

/**
 * The account's cap that `cost` would pass, as a 402 would give its figures; null without a cap, for a free preview,
 * or when the cost fits what is left of the month's cap.
 */
export function accountCapReached(spending: Pick<Spending, 'monthly_cap' | 'spent_this_month' | 'resets_at'>, cost: string): SpendingCapDetails | null {
  if (spending.monthly_cap === null || toUnits(cost) <= 0n) return null;
  if (toUnits(spending.spent_this_month) + toUnits(cost) <= toUnits(spending.monthly_cap)) return null;
  return { cap_scope: 'account', monthly_cap: spending.monthly_cap, spent_this_month: spending.spent_this_month, required_credits: cost, resets_at: spending.resets_at };
}

/** The first instant of the calendar month (UTC) after `now`: when a month's spending starts again. */
export function monthResetsAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** The first day of `now`'s calendar month in UTC, as the database's `date` columns of a month's spending hold it. */
export const monthOf = (now: Date) => `${now.toISOString().slice(0, 7)}-01`;
