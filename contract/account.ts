import { z } from 'zod';
import { passwordSchema } from './auth.ts';
import { PAYMENT_STATUSES } from './credits.ts';

/**
 * Account controls of the dashboard's user-info tab (the privacy text promises them): the password, the signed-in
 * sessions and the purchases. Everything under /api/account is the signed-in user's own.
 */

/** GET /api/account/password. `can_set`: a password may be set only once the address has been proven by a link. */
export const passwordStatusResponse = z.object({ has_password: z.boolean(), can_set: z.boolean() });
export type PasswordStatus = z.infer<typeof passwordStatusResponse>;

/** The password as typed now, checked against the stored one; only bounded, so a wrong one is a 400 of its own. */
const currentPasswordSchema = z.string().min(1, 'Enter your current password').max(256, 'Password is too long');

/** PUT /api/account/password: `current_password` is required when the account already has one. */
export const setPasswordRequest = z.strictObject({
  current_password: currentPasswordSchema.optional(),
  new_password: passwordSchema,
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>;

/** DELETE /api/account/password: back to sign-in links only. */
export const removePasswordRequest = z.strictObject({ current_password: currentPasswordSchema });
export type RemovePasswordRequest = z.infer<typeof removePasswordRequest>;

/** `sessions_ended`: how many other sessions the change signed out. */
export const passwordChangedResponse = passwordStatusResponse.extend({ sessions_ended: z.number().int(), message: z.string() });
export type PasswordChanged = z.infer<typeof passwordChangedResponse>;

export const PASSWORD_SET_MESSAGE = 'Password saved. Every other session was signed out.';
export const PASSWORD_REMOVED_MESSAGE = 'Password removed. You sign in with emailed links now.';

/** One signed-in browser. `browser` and `os` are read from its User-Agent ('Unknown' when it said nothing usable). */
export const accountSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  browser: z.string(),
  os: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** GET /api/account/sessions: the current session first, then the most recently seen. */
export const sessionsResponse = z.object({ sessions: z.array(accountSessionSchema) });
export type SessionsList = z.infer<typeof sessionsResponse>;

export const sessionIdParams = z.strictObject({ id: z.uuid('Not a session id') });

/** DELETE /api/account/sessions/:id and POST /api/account/sessions/end-others. */
export const sessionsEndedResponse = z.object({ ended: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEndedResponse>;

/**
 * One purchase. `receipt_url` is Stripe's receipt page for the charge (null for test purchases, and until Stripe
 * has one); `test` marks a purchase made on the built-in test checkout, which moved no money.
 */
export const purchaseSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  package_name: z.string().nullable(),
  amount_usd: z.string(),
  currency: z.string(),
  credits: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** A pending purchase: until when it can still be paid (null when Stripe has an asynchronous payment to settle). */
  payable_until: z.string().nullable(),
  test: z.boolean(),
  receipt_url: z.string().nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** GET /api/account/billing: newest first. `test_mode`: the app takes no real payments (no Stripe settings). */
export const billingResponse = z.object({ test_mode: z.boolean(), purchases: z.array(purchaseSchema) });
export type Billing = z.infer<typeof billingResponse>;

/** How many purchases the billing list shows (newest first). */
export const BILLING_LIST_LIMIT = 100;
