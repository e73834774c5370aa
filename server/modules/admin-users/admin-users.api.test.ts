import { randomUUID } from 'node:crypto';
import { count, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditResponse } from '../../../contract/admin.ts';
import {
  adminCreditAdjustmentResponse,
  adminUserLedgerResponse,
  adminUsersResponse,
  type AdminUserRow,
} from '../../../contract/admin-users.ts';
import { profileResponse } from '../../../contract/auth.ts';
import { creditTransactionsResponse } from '../../../contract/credits.ts';
import * as schema from '../../db/schema/index.ts';
import { adminAudit, creditLedger, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  // The local engine's previews are free by default: priced here, so a generation counts as credits spent.
  await t.setPrice('image_generation', 'local', '0.25');
});
afterAll(() => t?.close());

const listUsers = async (query = '', session = admin) => {
  const res = await t.call('GET', `/api/admin/users${query}`, { session });
  expect(res.statusCode, res.body).toBe(200);
  return data(res, adminUsersResponse);
};
const rowOf = (rows: AdminUserRow[], email: string) => rows.find((r) => r.email === email);
const adjust = (userId: string, body: unknown, headers: Record<string, string> = {}) =>
  t.call('POST', `/api/admin/users/${userId}/credits`, { session: admin, body, headers });
const ledgerRows = async (userId: string) =>
  Number((await t.database.db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.userId, userId)))[0]!.n);
/** Tables with a row whose text mentions `needle` (the whole row cast to text), as the privacy tests search. */
async function tablesMentioning(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const res = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${table} as r where r::text ilike ${`%${needle}%`}`);
    if (Number((res as unknown as { rows: Array<{ n: number }> }).rows[0]!.n) > 0) found.push(getTableName(table));
  }
  return found;
}
const auditRows = async () => Number((await t.database.db.select({ n: count() }).from(adminAudit))[0]!.n);

describe('GET /api/admin/users', () => {
  // First in the file: the database holds exactly the users made here, so every stats field has a known value.
  it('answers each row and every stats field from known data', async () => {
    const start = t.clock.now();
    // Joined ten days ago and last signed in then.
    t.clock.set(new Date(start.getTime() - 10 * DAY));
    const old = await t.make.user({ email: 'old@example.com', name: 'Old Timer', credits: '5' });
    t.clock.set(start);
    admin = await t.make.user({ email: 'boss@example.com', name: 'The Boss', admin: true, credits: '0' });
    t.clock.advance(1000);
    const maker = await t.make.user({ email: 'maker@example.com', name: 'Maker', credits: '20' });
    await t.make.generation(maker);
    await t.make.generation(maker);
    t.clock.advance(1000);
    const quiet = await t.make.user({ email: 'quiet@example.com', name: 'Quiet', credits: '1' });
    await t.database.db.update(users).set({ lastLoginAt: null }).where(eq(users.id, quiet.userId));

    const body = await listUsers();
    expect(body.stats).toEqual({
      total_users: 4,
      active_last_24h: 2,
      new_last_7d: 3,
      total_credits_in_system: '25.5000',
      total_spent_by_all_users: '0.5000',
      users_with_logins: 3,
      admin_users: 1,
      users_with_generations: 1,
    });
    expect(body.pagination).toEqual({ page: 1, limit: 50, total: 4, total_pages: 1 });
    // Newest first.
    expect(body.users.map((u) => u.email)).toEqual(['quiet@example.com', 'maker@example.com', 'boss@example.com', 'old@example.com']);
    expect(Object.keys(body.users[0]!).sort()).toEqual(
      ['created_at', 'current_balance', 'email', 'id', 'last_login_at', 'login_status', 'name', 'roles', 'total_generations', 'total_spent'].sort(),
    );
    expect(rowOf(body.users, 'maker@example.com')).toMatchObject({
      id: maker.userId,
      name: 'Maker',
      current_balance: '19.5000',
      total_spent: '0.5000',
      total_generations: 2,
      roles: [],
      login_status: 'Just now',
    });
    expect(rowOf(body.users, 'boss@example.com')).toMatchObject({ roles: ['admin'], current_balance: '0.0000', total_generations: 0 });
    expect(rowOf(body.users, 'old@example.com')).toMatchObject({
      id: old.userId,
      login_status: 'More than 1 day ago',
      created_at: new Date(start.getTime() - 10 * DAY).toISOString(),
    });
    expect(rowOf(body.users, 'quiet@example.com')).toMatchObject({ login_status: 'Never logged in', last_login_at: null, current_balance: '1.0000' });
  });

  it('labels the last sign-in at each boundary, by the service clock', async () => {
    const user = await t.make.user({ email: 'clock@example.com' });
    const signedIn = t.clock.now().getTime();
    const statusAt = async (elapsed: number) => {
      t.clock.set(new Date(signedIn + elapsed));
      return rowOf((await listUsers('?search=clock%40example.com')).users, user.email)!.login_status;
    };
    expect(await statusAt(0)).toBe('Just now');
    expect(await statusAt(5 * MINUTE - 1)).toBe('Just now');
    expect(await statusAt(5 * MINUTE)).toBe('Minutes ago');
    expect(await statusAt(HOUR - 1)).toBe('Minutes ago');
    expect(await statusAt(HOUR)).toBe('Hours ago');
    expect(await statusAt(DAY - 1)).toBe('Hours ago');
    expect(await statusAt(DAY)).toBe('More than 1 day ago');
    // Only users who signed in during the last 24 hours count as active.
    const before = (await listUsers()).stats.active_last_24h;
    await t.make.session(user);
    expect((await listUsers()).stats.active_last_24h).toBe(before + 1);
  });

  it('searches part of the email, ignoring case, with % and _ matched as themselves', async () => {
    await t.make.user({ email: 'percent%sign@example.com' });
    await t.make.user({ email: 'under_score@example.com' });
    await t.make.user({ email: 'underxscore@example.com' });
    const emails = async (search: string) => (await listUsers(`?search=${encodeURIComponent(search)}`)).users.map((u) => u.email).sort();
    expect(await emails('%')).toEqual(['percent%sign@example.com']);
    expect(await emails('under_')).toEqual(['under_score@example.com']);
    expect(await emails('UNDER')).toEqual(['under_score@example.com', 'underxscore@example.com']);
    expect(await emails('nobody-like-this')).toEqual([]);
    const found = await listUsers(`?search=${encodeURIComponent('%')}`);
    expect(found.pagination).toEqual({ page: 1, limit: 50, total: 1, total_pages: 1 });
    // The stats are everyone's, whatever the search.
    expect(found.stats.total_users).toBe((await listUsers()).stats.total_users);
  });

  it('pages newest first without overlap: the last page, a page beyond the end, and the limit bounds', async () => {
    const all = await listUsers('?limit=100');
    const total = all.pagination.total;
    expect(total).toBeGreaterThan(5);
    const seen: string[] = [];
    const pages = Math.ceil(total / 2);
    for (let page = 1; page <= pages; page++) {
      const body = await listUsers(`?limit=2&page=${page}`);
      expect(body.pagination).toEqual({ page, limit: 2, total, total_pages: pages });
      seen.push(...body.users.map((u) => u.id));
    }
    expect(seen).toEqual(all.users.map((u) => u.id));
    expect((await listUsers(`?limit=2&page=${pages}`)).users).toHaveLength(total % 2 === 0 ? 2 : 1);
    const beyond = await listUsers(`?limit=2&page=${pages + 1}`);
    expect(beyond.users).toEqual([]);
    expect(beyond.pagination.total).toBe(total);
    for (const query of ['?limit=0', '?limit=101', '?page=0', '?limit=abc']) {
      const res = await t.call('GET', `/api/admin/users${query}`, { session: admin });
      expect(res.statusCode, query).toBe(400);
      expect(error(res).field).toBe(query.slice(1).split('=')[0]);
    }
  });
});

describe('a user ledger and a manual adjustment', () => {
  it('grants credits: one adjustment row with the admin as actor, seen in the user ledger, balance and the audit', async () => {
    const user = await t.make.user({ credits: '3' });
    const res = await adjust(user.userId, { direction: 'grant', amount: '12.5', reason: 'Goodwill for the outage' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = data(res, adminCreditAdjustmentResponse);
    expect(answer).toMatchObject({ balance: '15.5000', available_credits: '15.5000', replayed: false });
    expect(answer.entry).toMatchObject({ type: 'adjustment', amount: '12.5000', balance_after: '15.5000', actor_email: 'boss@example.com' });
    expect(answer.entry.description).toContain('Goodwill for the outage');

    const [row] = await t.database.db.select().from(creditLedger).where(eq(creditLedger.id, answer.entry.id));
    expect(row).toMatchObject({ actorId: admin.userId, type: 'adjustment', amount: '12.5000' });

    // The user sees it in their own ledger and balance.
    const mine = data(await t.call('GET', '/api/credits/transactions', { session: user }), creditTransactionsResponse).transactions;
    expect(mine[0]).toMatchObject({ type: 'adjustment', amount: '12.5000', balance_after: '15.5000' });
    expect(mine[0]!.description).toContain('Goodwill for the outage');
    expect(data(await t.call('GET', '/api/auth/profile', { session: user }), profileResponse).credits.balance).toBe('15.5000');

    // The admin's view of the ledger, newest first, naming the admin.
    const ledger = data(await t.call('GET', `/api/admin/users/${user.userId}/ledger`, { session: admin }), adminUserLedgerResponse);
    expect(ledger.user).toMatchObject({ id: user.userId, email: user.email, balance: '15.5000', available_credits: '15.5000' });
    expect(ledger.entries[0]).toMatchObject({ id: answer.entry.id, type: 'adjustment', actor_email: 'boss@example.com' });
    expect(ledger.entries.slice(1).every((e) => e.actor_email === null)).toBe(true);
    expect(data(await t.call('GET', `/api/admin/users/${user.userId}/ledger?limit=1`, { session: admin }), adminUserLedgerResponse).entries).toHaveLength(1);

    // The audit row: stored with the user by id only, before and after without address or name; the log names the
    // user by reading the account as it is now.
    const audit = data(await t.call('GET', '/api/admin/audit?area=users', { session: admin }), adminAuditResponse).entries;
    expect(audit[0]).toMatchObject({
      action: 'credits.grant',
      target_user_id: user.userId,
      target_user_email: user.email,
      target_id: null,
      admin: { id: admin.userId, email: 'boss@example.com' },
      before: { balance: '3.0000' },
      after: { balance: '15.5000', amount: '12.5000', reason: 'Goodwill for the outage' },
    });
    const [stored] = await t.database.db.select().from(adminAudit).where(eq(adminAudit.id, audit[0]!.id));
    expect(JSON.stringify(stored)).not.toContain(user.email);
    const tools = data(await t.call('GET', '/api/admin/audit?area=tools', { session: admin }), adminAuditResponse).entries;
    expect(tools.some((e) => e.target_user_id === user.userId)).toBe(false);
  });

  it('deducts down to exactly the available balance, and refuses to go below it with nothing written', async () => {
    const user = await t.make.user({ credits: '10' });
    // A hold of 4 leaves 6 available.
    await t.app.services.credits.hold({ userId: user.userId, amount: '4', serviceType: 'image_generation', description: 'A running job' });
    const rows = await ledgerRows(user.userId);
    const audits = await auditRows();

    const refused = await adjust(user.userId, { direction: 'deduct', amount: '6.0001', reason: 'Chargeback' });
    expect(refused.statusCode).toBe(409);
    expect(error(refused).message).toMatch(/Cannot deduct 6\.00 credits: the user has 6\.00 available/);
    expect(await ledgerRows(user.userId)).toBe(rows);
    expect(await auditRows()).toBe(audits);
    expect((await t.app.services.credits.account(user.userId)).balance).toBe('10.0000');

    const done = data(await adjust(user.userId, { direction: 'deduct', amount: '6', reason: 'Chargeback' }), adminCreditAdjustmentResponse);
    expect(done).toMatchObject({ balance: '4.0000', available_credits: '0.0000' });
    expect(done.entry).toMatchObject({ amount: '-6.0000', balance_after: '4.0000' });
    const audit = data(await t.call('GET', '/api/admin/audit?area=users&limit=1', { session: admin }), adminAuditResponse).entries[0]!;
    expect(audit).toMatchObject({ action: 'credits.deduct', before: { balance: '10.0000' }, after: { balance: '4.0000', amount: '6.0000', reason: 'Chargeback' } });
    const mine = data(await t.call('GET', '/api/credits/transactions', { session: user }), creditTransactionsResponse).transactions;
    expect(mine[0]).toMatchObject({ type: 'adjustment', amount: '-6.0000' });
    const check = await t.app.services.credits.audit(user.userId);
    expect(check.ledgerSum).toBe(check.balance);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const user = await t.make.user({ credits: '2' });
    const rows = await ledgerRows(user.userId);
    const audits = await auditRows();
    const cases: Array<[unknown, string]> = [
      [{ direction: 'grant', amount: '1' }, 'reason'],
      [{ direction: 'grant', amount: '1', reason: '  ab  ' }, 'reason'],
      [{ direction: 'grant', amount: '1', reason: 'x'.repeat(301) }, 'reason'],
      [{ direction: 'grant', amount: '1.23456', reason: 'Too precise' }, 'amount'],
      [{ direction: 'grant', amount: '0', reason: 'Nothing at all' }, 'amount'],
      [{ direction: 'grant', amount: '-5', reason: 'Negative' }, 'amount'],
      [{ direction: 'grant', amount: 5, reason: 'A number, not a string' }, 'amount'],
      [{ direction: 'grant', amount: '1000000.0001', reason: 'Too much' }, 'amount'],
      [{ direction: 'steal', amount: '1', reason: 'Bad direction' }, 'direction'],
    ];
    for (const [body, field] of cases) {
      const res = await adjust(user.userId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(res).field, JSON.stringify(body)).toBe(field);
    }
    expect(await ledgerRows(user.userId)).toBe(rows);
    expect(await auditRows()).toBe(audits);
  });

  it('answers 404 for an unknown user and 400 for an id that is not one', async () => {
    const unknown = randomUUID();
    expect((await adjust(unknown, { direction: 'grant', amount: '1', reason: 'Nobody here' })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/admin/users/${unknown}/ledger`, { session: admin })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/admin/users/not-an-id/ledger', { session: admin })).statusCode).toBe(400);
  });

  it('makes a double click one adjustment: the same Idempotency-Key answers the first result', async () => {
    const user = await t.make.user({ credits: '0' });
    const key = { 'idempotency-key': randomUUID() };
    const body = { direction: 'grant', amount: '7', reason: 'Double click' };
    const first = data(await adjust(user.userId, body, key), adminCreditAdjustmentResponse);
    const second = data(await adjust(user.userId, body, key), adminCreditAdjustmentResponse);
    expect(first.replayed).toBe(false);
    expect(second).toMatchObject({ replayed: true, balance: '7.0000', entry: { id: first.entry.id } });
    expect((await t.app.services.credits.account(user.userId)).balance).toBe('7.0000');
    const audited = await t.database.db.select({ n: count() }).from(adminAudit).where(eq(adminAudit.targetUserId, user.userId));
    expect(Number(audited[0]!.n)).toBe(1);
    // The same key for another amount is another action: refused.
    expect((await adjust(user.userId, { ...body, amount: '8' }, key)).statusCode).toBe(409);
    // Without a key, two calls are two adjustments.
    await adjust(user.userId, body);
    await adjust(user.userId, body);
    expect((await t.app.services.credits.account(user.userId)).balance).toBe('21.0000');
  });

  it("leaves nothing naming a deleted user: the audit row's target is cleared and before/after hold no address or name", async () => {
    const user = await t.make.user({ credits: '4', name: 'Gone Person' });
    expect((await adjust(user.userId, { direction: 'grant', amount: '1', reason: 'Before leaving' })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/account/delete', { session: user, body: { email: user.email } })).statusCode).toBe(200);
    for (const needle of [user.userId, user.email, 'Gone Person']) expect(await tablesMentioning(needle), needle).toEqual([]);
    const audit = data(await t.call('GET', '/api/admin/audit?area=users', { session: admin }), adminAuditResponse).entries;
    expect(audit.find((e) => e.after?.reason === 'Before leaving')).toMatchObject({ target_user_id: null, admin: { id: admin.userId } });
  });

  it('is for admins only', async () => {
    const user = await t.make.user();
    expect((await t.call('GET', '/api/admin/users', { session: user })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/admin/users/${user.userId}/credits`, { session: user, body: { direction: 'grant', amount: '100', reason: 'Myself' } })).statusCode).toBe(403);
    expect((await t.app.services.credits.account(user.userId)).balance).toBe('5.0000');
  });
});
