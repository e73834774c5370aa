import { z } from 'zod';

/** Export my data and delete my account (issue 15). Everything here is the signed-in user's own. */

/** A ready export can be downloaded this long; then the sweep deletes it. */
export const EXPORT_TTL_HOURS = 24;

/** `expired`: was ready, its download time is over (answered so at once; the sweep then deletes it). */
export const EXPORT_STATUSES = ['pending', 'running', 'ready', 'expired', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const dataExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(EXPORT_STATUSES),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** Ready exports: the download works until then. */
  expires_at: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  /** Ready (unexpired) exports: the same-origin download path (needs this user's session). */
  download_url: z.string().nullable(),
  error: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** POST /api/account/export and GET /api/account/export/{id}. */
export const dataExportResponse = z.object({ export: dataExportSchema });
/** GET /api/account/export: the newest export (running, ready, expired until the sweep deletes it, or failed), or null. */
export const latestExportResponse = z.object({ export: dataExportSchema.nullable() });

export const exportIdParams = z.strictObject({ export_id: z.uuid('Not an export id') });

/** POST /api/account/delete: the account's email typed again, compared without case or surrounding spaces. */
export const deleteAccountRequest = z.strictObject({
  email: z.string().trim().min(1, 'Type your email address to confirm').max(320, 'Type your email address to confirm'),
});
export const deleteAccountResponse = z.object({ deleted: z.literal(true) });

/** The page a deleted account's browser lands on (contract/pages.ts). */
export const ACCOUNT_DELETED_PAGE = '/account/deleted';

/** What the dashboard and the server say (one source). */
export const PRIVACY_MESSAGES = {
  exportRunning: 'An export is already being prepared. Wait for it to finish.',
  exportExpired: 'This export has expired. Start a new one.',
  exportNotReady: 'This export is not ready yet.',
  exportFailed: 'The export could not be built. Please try again.',
  confirmMismatch: 'The email address does not match your account.',
  openHold: 'A generation is still running. Try again once it has finished.',
  deleted: 'Your account and its data were deleted.',
} as const;

/**
 * The checkout that holds up a deletion (the 409's `checkout` field): one that can still be paid, until
 * `payable_until` (null: a payment Stripe is still confirming). `test`: the built-in test checkout, which its page can
 * cancel at /checkout/test/{package_id}?checkout={checkout_id}.
 */
export const blockingCheckoutSchema = z.object({
  checkout_id: z.string(),
  package_id: z.string().nullable(),
  package_name: z.string().nullable(),
  payable_until: z.string().nullable(),
  test: z.boolean(),
});
export type BlockingCheckout = z.infer<typeof blockingCheckoutSchema>;

const utc = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Why a deletion waits for a checkout: which one, and until when. */
export function pendingCheckoutMessage(c: Pick<BlockingCheckout, 'package_name' | 'payable_until' | 'test'>): string {
  const what = c.package_name ? `the ${c.package_name} package` : 'a credit package';
  if (!c.payable_until) return `Your payment for ${what} is still being confirmed by Stripe. Try again once it has completed or failed.`;
  const until = `${utc.format(new Date(c.payable_until))} UTC`;
  return `Your checkout of ${what} can still be paid until ${until}. ${c.test ? 'Cancel it on its checkout page, or delete your account after that time.' : 'Delete your account after that time.'}`;
}
