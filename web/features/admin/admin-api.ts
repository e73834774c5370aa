import { queryOptions } from '@tanstack/react-query';
import { adminAuditResponse, type AdminTabId } from '../../../contract/admin.ts';
import { api, parseAnswer } from '../../lib/api.ts';

/** The admin area's query keys: every admin query sits under ['admin'], each tab's under ['admin', tab]. */
export const adminKeys = {
  all: ['admin'] as const,
  tab: (tab: AdminTabId) => ['admin', tab] as const,
  audit: (tab: AdminTabId) => ['admin', tab, 'audit'] as const,
};

/** GET /api/admin/audit?area: the newest changes filed under a tab. */
export const auditQuery = (area: AdminTabId) =>
  queryOptions({
    queryKey: adminKeys.audit(area),
    queryFn: async () => parseAnswer(adminAuditResponse, await api.get<unknown>('/admin/audit', { query: { area, limit: 20 } }), 'Failed to load the change log').entries,
  });
