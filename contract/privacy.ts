import { z } from 'zod';

/** Export my data and delete my account (issue 15). Everything here is the signed-in user's own. */

/** A ready export can be downloaded this long; then the sweep deletes it. */
export const EXPORT_TTL_HOURS = 24;

export const EXPORT_STATUSES = ['pending', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const dataExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(EXPORT_STATUSES),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** Ready exports: the download works until then. */
  expires_at: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  /** Ready exports: the same-origin download path (needs this user's session). */
  download_url: z.string().nullable(),
  error: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** POST /api/account/export and GET /api/account/export/{id}. */
export const dataExportResponse = z.object({ export: dataExportSchema });
/** GET /api/account/export: the newest export still of use (running, ready and unexpired, or failed), or null. */
export const latestExportResponse = z.object({ export: dataExportSchema.nullable() });

export const exportIdParams = z.strictObject({ export_id: z.uuid('Not an export id') });

/** POST /api/account/delete: the account's email typed again, compared without case or surrounding spaces. */
export const deleteAccountRequest = z.strictObject({
  email: z.string().trim().min(1, 'Type your email address to confirm').max(320, 'Type your email address to confirm'),
});
export const deleteAccountResponse = z.object({ deleted: z.literal(true) });

/** What the dashboard and the server say (one source). */
export const PRIVACY_MESSAGES = {
  exportRunning: 'An export is already being prepared. Wait for it to finish.',
  exportExpired: 'This export has expired. Start a new one.',
  exportNotReady: 'This export is not ready yet.',
  exportFailed: 'The export could not be built. Please try again.',
  confirmMismatch: 'The email address does not match your account.',
  pendingPurchase: 'A purchase is still being processed. Try again once it has completed or failed (usually within a few minutes).',
  openHold: 'A generation is still running. Try again once it has finished.',
  deleted: 'Your account was deleted.',
} as const;
