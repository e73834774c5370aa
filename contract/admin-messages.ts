/**
 * Kept apart from `admin.ts` (whose zod schemas only the admin area needs): the app shell's error boundary for
 * /admin reads these, and they then ship with every page.
 */

/** Spec 3 §6, §8: the messages of the admin screens. */
export const ADMIN_MESSAGES = {
  forbidden: 'Access denied. Admin privileges required.',
  serverError: 'Server error occurred while fetching admin data',
  statisticsServerError: 'Server error occurred while fetching statistics',
  httpError: (status: number) => `HTTP error ${status}`,
  loadErrorTitle: 'Admin Error',
  loadErrorLead: 'Error loading admin component',
  saveConfig: 'Failed to save configuration',
  syncToProd: 'Failed to sync to prod',
  retryTax: 'Failed to retry tax calculation',
  fetchNotifications: (status: number) => `Failed to fetch notifications: ${status}`,
  saveNotification: 'Failed to save notification',
  deleteNotification: 'Failed to delete notification',
  toggleNotification: 'Failed to toggle notification status',
  updatePricing: 'Failed to update pricing',
  deletePricing: 'Failed to delete pricing',
  createPricing: 'Failed to create pricing',
  syncPricing: 'Failed to sync pricing',
} as const;
