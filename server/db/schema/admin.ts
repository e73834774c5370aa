import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Every admin write (spec 3 §2 admin area): who, when, what, before and after, shown at the bottom of each admin
 * tab. Written in the same transaction as the change it records. A user the change was about is referenced by
 * `target_user_id` (set null when that account is deleted, so no row keeps naming them); other objects (a tool, a
 * price, a notification) by `target_id`. `before`/`after` hold the changed fields only, never an address or a name.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** The admin tab it belongs to: contract/admin.ts AUDIT_AREAS. */
    area: text('area').notNull(),
    /** What was done, e.g. `credits.adjust`, `tool.update`, `pricing.delete`. */
    action: text('action').notNull(),
    targetId: text('target_id'),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_area_idx').on(t.area, t.id), index('admin_audit_target_user_idx').on(t.targetUserId)],
);

