import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import * as repo from './repository.ts';

/**
 * Hold, capture and release are one SQL function call each: straight through the driver on the database, through the
 * caller's Drizzle transaction inside one. These check that the two roads answer alike and that a call inside a
 * transaction is part of it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_BONUS_CREDITS: '5' });
});
afterAll(() => t?.close());

const credits = () => t.app.services.credits;

describe('the ledger statements', () => {
  it('commit a capture and a release made in a transaction only with it', async () => {
    const { userId } = await t.make.user();
    const a = await credits().hold({ userId, amount: '2', serviceType: 'mockup', description: 'a' });
    const b = await credits().hold({ userId, amount: '1', serviceType: 'mockup', description: 'b' });
    const rolledBack = new Error('rolled back');
    await expect(
      t.database.db.transaction(async (tx) => {
        expect(await credits().captureIn(tx, a.id)).toEqual({ charged: '2.0000', alreadySettled: false, lowBalance: null });
        expect(await credits().releaseIn(tx, b.id)).toBe(true);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await credits().audit(userId)).toEqual({ balance: '5.0000', held: '3.0000', ledgerSum: '5.0000', openHolds: '3.0000' });
    expect((await repo.getHold(t.database.db, a.id))?.status).toBe('open');

    await t.database.db.transaction((tx) => credits().captureIn(tx, a.id, { amount: '1.5' }));
    expect(await credits().audit(userId)).toEqual({ balance: '3.5000', held: '1.0000', ledgerSum: '3.5000', openHolds: '1.0000' });
  });

  it('answer the released hold alike on the database and in a transaction, as the table holds it', async () => {
    const { userId } = await t.make.user();
    const direct = await credits().hold({ userId, amount: '1.25', serviceType: 'mockup', variant: 'local', description: 'direct', ttlMinutes: 90 });
    const inTx = await credits().hold({ userId, amount: '0.5', serviceType: 'caption', description: 'in a transaction' });
    const viaDb = await repo.releaseHold(t.database.db, direct.id, t.clock.now());
    const viaTx = await t.database.db.transaction((tx) => repo.releaseHold(tx, inTx.id, t.clock.now()));
    for (const [released, opened] of [[viaDb, direct], [viaTx, inTx]] as const) {
      expect(released).toEqual(await repo.getHold(t.database.db, opened.id));
      expect(released).toMatchObject({ ...opened, status: 'released', settledAt: t.clock.now() });
    }
    expect(await repo.releaseHold(t.database.db, direct.id, t.clock.now())).toBeUndefined();
  });

  it('answer what hold() answered as the row the table holds', async () => {
    const { userId } = await t.make.user();
    const hold = await credits().hold({ userId, amount: '0.3', serviceType: 'caption', description: 'row' });
    expect(await repo.getHold(t.database.db, hold.id)).toEqual(hold);
  });

  it('refuse a hold for a user without an account as having nothing available', async () => {
    const [user] = await t.database.db.insert(users).values({ email: 'no-account@example.com' }).returning();
    await expect(credits().hold({ userId: user!.id, amount: '1', serviceType: 'mockup', description: 'x' })).rejects.toMatchObject({
      status: 402,
      extra: { required_credits: '1.0000', available_credits: '0.0000', deficit: '1.0000' },
    });
    await expect(credits().capture('0b9e3c1a-2d4f-4e6a-8b7c-9d0e1f2a3b4c')).rejects.toMatchObject({ status: 404 });
  });
});
