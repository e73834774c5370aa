import { alias } from 'drizzle-orm/pg-core';
import { desc, eq } from 'drizzle-orm';
import type { AdminTabId } from '../../../contract/admin.ts';
import type { DbOrTx } from '../../db/client.ts';
import { adminAudit, users } from '../../db/schema/index.ts';

/** One admin write. `before`/`after` carry the changed fields only, never an address or a name. */
export interface AuditInsert {
  /** The admin who made the change; null for a change made by a machine (the production pricing import). */
  adminId: string | null;
  area: AdminTabId;
  action: string;
  targetId?: string | null;
  targetUserId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  now: Date;
}

export async function insertAudit(db: DbOrTx, entry: AuditInsert): Promise<void> {
  await db.insert(adminAudit).values({
    adminId: entry.adminId,
    area: entry.area,
    action: entry.action,
    targetId: entry.targetId ?? null,
    targetUserId: entry.targetUserId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: entry.now,
  });
}

/** The user a change was about, read live: a deleted account's rows name nobody (target_user_id is set null). */
const targetUsers = alias(users, 'target_users');

export async function listAudit(db: DbOrTx, area: AdminTabId, limit: number) {
  return db
    .select({
      id: adminAudit.id,
      createdAt: adminAudit.createdAt,
      adminId: adminAudit.adminId,
      adminEmail: users.email,
      area: adminAudit.area,
      action: adminAudit.action,
      targetId: adminAudit.targetId,
      targetUserId: adminAudit.targetUserId,
      targetUserEmail: targetUsers.email,
      before: adminAudit.before,
      after: adminAudit.after,
    })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.adminId))
    .leftJoin(targetUsers, eq(targetUsers.id, adminAudit.targetUserId))
    .where(eq(adminAudit.area, area))
    .orderBy(desc(adminAudit.id))
    .limit(limit);
}
