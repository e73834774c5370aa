import { z } from 'zod';
import { decimalString, TRANSACTION_TYPES } from './credits.ts';
import { cmp } from './decimal.ts';
import { adminPaginationSchema } from './admin.ts';
import { DAY_MS, HOUR_MS } from './time.ts';

/**
 * User Management (spec 3 §2, §3, §7): GET /api/admin/users with its rows and stats, and beyond the spec a user's
 * ledger (GET /api/admin/users/{id}/ledger) and a manual credit adjustment (POST /api/admin/users/{id}/credits).
 */

// --- Login status (spec 3 §4) ---

export const LOGIN_STATUSES = ['Just now', 'Minutes ago', 'Hours ago', 'More than 1 day ago', 'Never logged in'] as const;
export type LoginStatus = (typeof LOGIN_STATUSES)[number];

/** Under this long since the last sign-in reads 'Just now'; under an hour 'Minutes ago'; under a day 'Hours ago'. */
export const LOGIN_JUST_NOW_MS = 5 * 60_000;

/**
 * The label of a last sign-in seen from `now`: < 5 minutes 'Just now', < 1 hour 'Minutes ago', < 24 hours 'Hours ago',
 * else 'More than 1 day ago'; none 'Never logged in'. A sign-in stamped in the future (clock skew) reads 'Just now'.
 */
export function loginStatus(lastLoginAt: Date | string | null | undefined, now: Date): LoginStatus {
  if (!lastLoginAt) return 'Never logged in';
  const elapsed = now.getTime() - new Date(lastLoginAt).getTime();
  if (elapsed < LOGIN_JUST_NOW_MS) return 'Just now';
  if (elapsed < HOUR_MS) return 'Minutes ago';
  if (elapsed < DAY_MS) return 'Hours ago';
  return 'More than 1 day ago';
}

// --- GET /api/admin/users ---

export const ADMIN_USERS_PAGE_SIZE = 50;
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;

/** `search` matches part of the email, case-insensitively; `%` and `_` are matched as themselves. */
export const adminUsersQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_MAX_PAGE_SIZE).default(ADMIN_USERS_PAGE_SIZE),
  search: z.string().trim().max(254).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  created_at: z.string(),
  /** The credit balance (held credits included). */
  current_balance: decimalString,
  /** Credits used over the account's life (lifetime_used). */
  total_spent: decimalString,
  /** Every generation the user started (any status). */
  total_generations: z.number().int(),
  /** Empty when the user has none (the screen says 'No roles'). */
  roles: z.array(z.string()),
  login_status: z.enum(LOGIN_STATUSES),
  last_login_at: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsersStatsSchema = z.object({
  total_users: z.number().int(),
  /** Signed in during the last 24 hours. */
  active_last_24h: z.number().int(),
  /** Joined during the last 7 days. */
  new_last_7d: z.number().int(),
  /** Sum of every balance. */
  total_credits_in_system: decimalString,
  /** Sum of every user's lifetime_used. */
  total_spent_by_all_users: decimalString,
  /** Signed in at least once. */
  users_with_logins: z.number().int(),
  admin_users: z.number().int(),
  /** Started at least one generation. */
  users_with_generations: z.number().int(),
});
export type AdminUsersStats = z.infer<typeof adminUsersStatsSchema>;

export const adminUsersResponse = z.object({
  users: z.array(adminUserRowSchema),
  stats: adminUsersStatsSchema,
  pagination: adminPaginationSchema,
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

// --- A user's ledger and a manual adjustment ---

export const adminUserParams = z.strictObject({ id: z.uuid() });

/** GET /api/admin/users/{id}/ledger?limit */
export const adminUserLedgerQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export const adminLedgerEntrySchema = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  amount: decimalString,
  balance_after: decimalString,
  description: z.string(),
  created_at: z.string(),
  /** The admin who made a manual adjustment; null for what the product did itself, or once that admin was deleted. */
  actor_email: z.string().nullable(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

export const adminUserCreditsSchema = z.object({ balance: decimalString, available_credits: decimalString });

export const adminUserLedgerResponse = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }).extend(adminUserCreditsSchema.shape),
  entries: z.array(adminLedgerEntrySchema),
});
export type AdminUserLedgerResponse = z.infer<typeof adminUserLedgerResponse>;

export const ADJUSTMENT_DIRECTIONS = ['grant', 'deduct'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];
/** The largest single adjustment: a typo of a few extra digits is refused rather than booked. */
export const MAX_ADJUSTMENT = '1000000';
export const ADJUSTMENT_REASON = { min: 3, max: 300 } as const;

/** A positive amount with at most 4 decimals, up to MAX_ADJUSTMENT. */
const AMOUNT_PATTERN = /^\d{1,7}(\.\d{1,4})?$/;
// The refinements run after a failed pattern too: they read only what the pattern accepts.
export const adjustmentAmount = z
  .string('Enter an amount')
  .trim()
  .regex(AMOUNT_PATTERN, 'Enter a positive amount with at most 4 decimals')
  .refine((v) => !AMOUNT_PATTERN.test(v) || cmp(v, 0) > 0, 'The amount must be more than 0')
  .refine((v) => !AMOUNT_PATTERN.test(v) || cmp(v, MAX_ADJUSTMENT) <= 0, `The amount can be at most ${MAX_ADJUSTMENT}`);

/** POST /api/admin/users/{id}/credits (an Idempotency-Key header makes a repeat answer the first result). */
export const adminCreditAdjustmentBody = z.strictObject({
  direction: z.enum(ADJUSTMENT_DIRECTIONS, 'Choose grant or deduct'),
  amount: adjustmentAmount,
  reason: z
    .string('A reason is required')
    .trim()
    .min(ADJUSTMENT_REASON.min, `The reason needs at least ${ADJUSTMENT_REASON.min} characters`)
    .max(ADJUSTMENT_REASON.max, `The reason can be at most ${ADJUSTMENT_REASON.max} characters`),
});
export type AdminCreditAdjustment = z.infer<typeof adminCreditAdjustmentBody>;

export const adminCreditAdjustmentResponse = adminUserCreditsSchema.extend({
  entry: adminLedgerEntrySchema,
  /** True when this answers a repeat of an adjustment already made (same Idempotency-Key). */
  replayed: z.boolean(),
});
export type AdminCreditAdjustmentResponse = z.infer<typeof adminCreditAdjustmentResponse>;
