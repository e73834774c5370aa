import { adminPagination } from '../../../contract/admin.ts';
import { randomUUID } from 'node:crypto';
import {
  loginStatus,
  type AdminCreditAdjustment,
  type AdminCreditAdjustmentResponse,
  type AdminLedgerEntry,
  type AdminUserLedgerResponse,
  type AdminUsersQuery,
  type AdminUsersResponse,
} from '../../../contract/admin-users.ts';
import { normalize } from '../../../contract/decimal.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { CreditsService } from '../credits/service.ts';
import * as repo from './repository.ts';
import { DAY_MS } from '../../../contract/time.ts';


const userNotFound = () => notFound('User not found');

type LedgerRow = Awaited<ReturnType<typeof repo.ledgerWithActors>>[number];

function toEntry(row: LedgerRow): AdminLedgerEntry {
  return {
    id: row.id,
    type: row.type,
    amount: normalize(row.amount),
    balance_after: normalize(row.balanceAfter),
    description: row.description,
    created_at: row.createdAt.toISOString(),
    actor_email: row.actorEmail,
  };
}

/** User Management (spec 3 §2, §3): the users list and its stats, a user's ledger, manual credit adjustments. */
export function createAdminUsersService(deps: { db: Db; clock: Clock; credits: Pick<CreditsService, 'adjust' | 'account'>; audit: AuditRecorder }) {
  const { db, clock } = deps;

  return {
    /** One page of users (newest first) with the figures of that page only, and the stats of everyone. */
    async list(query: AdminUsersQuery): Promise<AdminUsersResponse> {
      const now = clock.now();
      const search = query.search || undefined;
      const [rows, total, stats] = await Promise.all([
        repo.listUsersPage(db, { search, limit: query.limit, offset: (query.page - 1) * query.limit }),
        repo.countUsers(db, search),
        repo.userStats(db, { day: new Date(now.getTime() - DAY_MS), week: new Date(now.getTime() - 7 * DAY_MS) }),
      ]);
      // The page's own figures, for its ids only: two grouped queries however long the page.
      const ids = rows.map((r) => r.id);
      const [accounts, generations] = await Promise.all([repo.accountsOf(db, ids), repo.generationCounts(db, ids)]);
      return {
        users: rows.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          created_at: r.createdAt.toISOString(),
          current_balance: normalize(accounts.get(r.id)?.balance ?? '0'),
          total_spent: normalize(accounts.get(r.id)?.lifetimeUsed ?? '0'),
          total_generations: generations.get(r.id) ?? 0,
          roles: r.roles,
          login_status: loginStatus(r.lastLoginAt, now),
          last_login_at: r.lastLoginAt?.toISOString() ?? null,
        })),
        stats: {
          total_users: stats.totalUsers,
          active_last_24h: stats.activeLastDay,
          new_last_7d: stats.newLastWeek,
          total_credits_in_system: normalize(stats.balance),
          total_spent_by_all_users: normalize(stats.used),
          users_with_logins: stats.withLogins,
          admin_users: stats.admins,
          users_with_generations: stats.withGenerations,
        },
        pagination: adminPagination(query.page, query.limit, total),
      };
    },

    /** A user's ledger, newest first, naming the admin behind each adjustment. */
    async ledger(userId: string, limit: number): Promise<AdminUserLedgerResponse> {
      const user = await repo.findUser(db, userId);
      if (!user) throw userNotFound();
      const [entries, credits] = await Promise.all([repo.ledgerWithActors(db, userId, limit), deps.credits.account(userId)]);
      return {
        user: { ...user, balance: credits.balance, available_credits: credits.available_credits },
        entries: entries.map(toEntry),
      };
    },

    /**
     * Grants or deducts credits by hand: one `adjustment` ledger row with the admin as its actor and the audit row, in
     * one transaction. `clientKey` (the Idempotency-Key header) makes a double click one adjustment: the repeat
     * answers the first result and writes nothing.
     */
    async adjust(adminId: string, userId: string, body: AdminCreditAdjustment, clientKey: string | null): Promise<AdminCreditAdjustmentResponse> {
      const description = `${body.direction === 'grant' ? 'Credits granted by an admin' : 'Credits deducted by an admin'}: ${body.reason}`;
      // The user's id is in the key, so account deletion's anonymisation (which rewrites it in every key) covers it.
      const idempotencyKey = clientKey ? `admin-adjust:${userId}:${adminId}:${clientKey}` : `admin-adjust:${userId}:${randomUUID()}`;
      const result = await db.transaction(async (tx) => {
        if (!(await repo.findUser(tx, userId))) throw userNotFound();
        const done = await deps.credits.adjust(tx, { userId, actorId: adminId, direction: body.direction, amount: body.amount, description, idempotencyKey });
        if (done.applied) {
          await deps.audit.record(tx, {
            adminId,
            area: 'users',
            action: `credits.${body.direction}`,
            targetUserId: userId,
            before: { balance: done.before.balance },
            after: { balance: done.after.balance, amount: normalize(body.amount), reason: body.reason },
          });
        }
        return { ...done, actorEmail: done.row.actorId ? await repo.emailOf(tx, done.row.actorId) : null };
      });
      return {
        balance: result.after.balance,
        available_credits: result.after.available_credits,
        entry: toEntry({ ...result.row, actorEmail: result.actorEmail }),
        replayed: !result.applied,
      };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
