import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { CreditsService } from '../credits/service.ts';

/** User Management (spec 3 §2, §3): the users list and its stats, a user's ledger, manual credit adjustments. */
export function createAdminUsersService(deps: { db: Db; clock: Clock; credits: CreditsService; audit: AuditRecorder }) {
  void deps;
  return {};
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
