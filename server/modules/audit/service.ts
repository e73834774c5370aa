import type { AdminAuditEntry, AdminTabId } from '../../../contract/admin.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './repository.ts';

/** One admin write, as the service that made it describes it (the log adds the time). */
export type AuditRecord = Omit<repo.AuditInsert, 'now'>;

/**
 * The admin audit log. `record` must be called with the transaction of the change it describes, so a change and
 * its record commit together or not at all.
 */
export function createAuditService(deps: { db: Db; clock: Clock }) {
  return {
    record: (tx: DbOrTx, entry: AuditRecord) => repo.insertAudit(tx, { ...entry, now: deps.clock.now() }),

    async list(area: AdminTabId, limit: number): Promise<AdminAuditEntry[]> {
      const rows = await repo.listAudit(deps.db, area, limit);
      return rows.map((r) => ({
        id: r.id,
        created_at: r.createdAt.toISOString(),
        admin: r.adminId && r.adminEmail ? { id: r.adminId, email: r.adminEmail } : null,
        area: r.area as AdminTabId,
        action: r.action,
        target_id: r.targetId,
        target_user_id: r.targetUserId,
        target_user_email: r.targetUserEmail,
        before: r.before,
        after: r.after,
      }));
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
/** What a service that audits needs: only the writer. */
export type AuditRecorder = Pick<AuditService, 'record'>;
