import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { profileResponse } from '../../../contract/auth.ts';
import { creditTransactionsResponse } from '../../../contract/credits.ts';
import { sessions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data } from '../../test-support/envelope.ts';
import { makePng, multipartBody } from '../../test-support/media.ts';
import { LAST_SEEN_INTERVAL_MS } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/**
 * Counts the statements the database driver is asked to run while `work` runs: every query of the app goes through
 * PGlite's `query`/`exec`/`transaction` or, on PostgreSQL, a pooled client's `query`.
 */
async function statementsDuring(work: () => Promise<unknown>): Promise<number> {
  const database = t.database;
  const spies =
    database.kind === 'pglite'
      ? [vi.spyOn(database.pglite, 'query'), vi.spyOn(database.pglite, 'exec'), vi.spyOn(database.pglite, 'transaction')]
      : [vi.spyOn(pg.Client.prototype, 'query')];
  try {
    await work();
    return spies.reduce((n, spy) => n + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe('GET /api/auth/profile', () => {
  it('answers the user, storage, credits, CSRF token and welcome as before', async () => {
    const user = await t.make.user({ credits: '12.5', name: 'Pat Profile' });
    const up = await t.call('POST', '/api/files/upload', {
      session: user,
      raw: multipartBody([{ name: 'file', filename: 'p.png', contentType: 'image/png', data: await makePng(100, 80) }]),
    });
    expect(up.statusCode).toBe(200);
    const stored = (await t.stateOf(user.userId)).files.reduce((n, f) => n + f.sizeBytes + f.thumbnailSizeBytes, 0);
    expect(stored).toBeGreaterThan(0);

    const res = await t.call('GET', '/api/auth/profile', { session: user });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      data: {
        user: {
          id: user.userId,
          email: user.email,
          name: 'Pat Profile',
          roles: [],
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          last_login_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
        storage: {
          used_bytes: stored,
          used_gb: Math.round((stored / 1024 ** 3) * 1000) / 1000,
          quota_gb: 5,
          percentage_used: Math.round((stored / (5 * 1024 ** 3)) * 100 * 100) / 100,
          available_bytes: 5 * 1024 ** 3 - stored,
        },
        credits: { balance: '12.5000', available_credits: '12.5000', lifetime_used: '0.0000', lifetime_purchased: '0.0000' },
        csrf_token: user.csrf,
        welcome: null,
      },
    });
    expect(profileResponse.strict().safeParse(res.json().data).success).toBe(true);
  });

  it('shows credits held by work in progress as unavailable', async () => {
    const user = await t.make.user({ credits: '3' });
    await t.app.services.credits.hold({ userId: user.userId, amount: '1.25', serviceType: 'image_generation', description: 'held' });
    const profile = data(await t.call('GET', '/api/auth/profile', { session: user }), profileResponse);
    expect(profile.credits).toMatchObject({ balance: '3.0000', available_credits: '1.7500' });
  });

  it('costs one database round trip: the session guard reads session, user and account together', async () => {
    const user = await t.make.user({ credits: '1' });
    await t.call('GET', '/api/auth/profile', { session: user });
    let status = 0;
    const statements = await statementsDuring(async () => {
      status = (await t.call('GET', '/api/auth/profile', { session: user })).statusCode;
    });
    expect(status).toBe(200);
    expect(statements).toBe(1);
  });

  it('adds one write only when the session was last seen over the interval ago', async () => {
    const user = await t.make.user();
    t.clock.advance(LAST_SEEN_INTERVAL_MS + 1000);
    expect(await statementsDuring(() => t.call('GET', '/api/auth/profile', { session: user }))).toBe(2);
    expect(await statementsDuring(() => t.call('GET', '/api/auth/profile', { session: user }))).toBe(1);
  });

  it('is refused at once after sign-out, with no stale copy of the session answering', async () => {
    const user = await t.make.user();
    expect((await t.call('GET', '/api/auth/profile', { session: user })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/auth/logout', { session: user })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/auth/profile', { session: user })).statusCode).toBe(401);
  });
});

describe('the welcome of a first session', () => {
  const welcomeOf = async (session: TestSession) =>
    data(await t.call('GET', '/api/auth/profile', { session }), profileResponse).welcome;

  it('comes with the session lookup: the profile of the session that created the account is one round trip too', async () => {
    const first = await t.signIn('one-trip-newcomer@example.com');
    await t.call('GET', '/api/auth/profile', { session: first });
    let welcome: unknown;
    const statements = await statementsDuring(async () => {
      welcome = await welcomeOf(first);
    });
    expect(welcome).toEqual({ signup_bonus: '5.0000' });
    expect(statements).toBe(1);
  });

  it('stays what sign-up gave however long the ledger grows, later bonuses included', async () => {
    const first = await t.signIn('long-ledger-newcomer@example.com');
    for (let i = 0; i < 210; i++) {
      await t.database.db.transaction((tx) =>
        t.app.services.credits.grant(tx, {
          userId: first.userId,
          type: i % 2 ? 'purchase' : 'bonus',
          amount: '1',
          description: `grant ${i}`,
          idempotencyKey: `long-ledger-${i}`,
        }),
      );
    }
    const page = data(await t.call('GET', '/api/credits/transactions?limit=200', { session: first }), creditTransactionsResponse);
    expect(page.transactions.at(-1)?.description).not.toBe('Welcome bonus');
    expect(await welcomeOf(first)).toEqual({ signup_bonus: '5.0000' });
    expect(await welcomeOf(await t.signIn('long-ledger-newcomer@example.com'))).toBeNull();
  });

  it('is kept for the first sessions issued before migration 0022, from the ledger', async () => {
    const first = await t.signIn('before-0022@example.com');
    const returning = await t.signIn('before-0022@example.com');
    // As the release before left them: the first session marked by first_sign_in alone.
    await t.database.db.update(sessions).set({ welcomeBonus: null }).where(eq(sessions.userId, first.userId));
    const migration = fs.readFileSync(new URL('../../db/migrations/0022_session_welcome.sql', import.meta.url), 'utf8');
    const [, ...backfill] = migration.split('--> statement-breakpoint');
    expect(backfill).toHaveLength(1);
    for (const statement of backfill) await t.database.db.execute(sql.raw(statement));
    expect(await welcomeOf(first)).toEqual({ signup_bonus: '5.0000' });
    expect(await welcomeOf(returning)).toBeNull();
  });
});
