import { z } from 'zod';

/**
 * The admin area (spec 3 §2): its seven tabs in the spec's order. `id` is what local storage remembers and what the
 * audit log files a change under; the per-tab calls live in `admin-users.ts`, `admin-statistics.ts`,
 * `admin-payments.ts`, `admin-settings.ts`, and in `tools.ts`, `pricing.ts` and `site.ts` for the catalogue,
 * prices and notifications they already describe.
 */
export const ADMIN_TABS = [
  { id: 'users', label: 'User Management' },
  { id: 'tools', label: 'Tools Configuration' },
  { id: 'statistics', label: 'Statistics & Analytics' },
  { id: 'transactions', label: 'Stripe Transactions' },
  { id: 'referrers', label: 'Referrer Tracking' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'settings', label: 'System Settings' },
] as const;
export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];
export const ADMIN_TAB_IDS = ADMIN_TABS.map((t) => t.id) as [AdminTabId, ...AdminTabId[]];
export const DEFAULT_ADMIN_TAB: AdminTabId = 'users';
/** The local-storage key of the last tab opened. */
export const ADMIN_TAB_STORAGE_KEY = 'ampkit.admin.tab';

export { ADMIN_MESSAGES } from './admin-messages.ts';

// --- The audit log: every admin write, shown at the bottom of each tab. ---

/** GET /api/admin/audit?area={tab}&limit: the newest changes filed under a tab. */
export const adminAuditQuery = z.object({
  area: z.enum(ADMIN_TAB_IDS),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** Who made the change; null once that admin's account was deleted. */
  admin: z.object({ id: z.string(), email: z.string() }).nullable(),
  area: z.enum(ADMIN_TAB_IDS),
  action: z.string(),
  target_id: z.string().nullable(),
  target_user_id: z.string().nullable(),
  /** The address of the user the change was about, as it is now (not stored in the log). */
  target_user_email: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditResponse = z.object({ entries: z.array(adminAuditEntrySchema) });

// --- Paged admin lists (users, transactions): where a page sits among all matching rows. ---
export const adminPaginationSchema = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), total_pages: z.number().int() });
export type AdminPagination = z.infer<typeof adminPaginationSchema>;
export const adminPagination = (page: number, limit: number, total: number): AdminPagination => ({ page, limit, total, total_pages: Math.ceil(total / limit) });
