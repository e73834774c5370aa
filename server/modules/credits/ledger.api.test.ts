import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, cmp, fromUnits, min, normalize, sub, toUnits } from '../../../contract/decimal.ts';
import { AppError } from '../../lib/errors.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { mulberry32 } from '../../lib/random.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_BONUS_CREDITS: '5' });
});
afterAll(() => t?.close());

const credits = () => t.app.services.credits;

/** The ledger invariants that must hold after every step. */
async function expectConsistent(userId: string) {
  const audit = await credits().audit(userId);
  expect(audit.ledgerSum).toBe(audit.balance);
  expect(audit.openHolds).toBe(audit.held);
  expect(cmp(audit.balance, '0')).toBeGreaterThanOrEqual(0);
  expect(cmp(audit.held, audit.balance)).toBeLessThanOrEqual(0);
  return audit;
}

async function newUser(email: string) {
  return (await t.make.user({ email })).userId;
}

async function giveCredits(userId: string, amount: string, key: string) {
  await t.database.db.transaction((tx) =>
    credits().grant(tx, { userId, type: 'adjustment', amount, description: 'test credits', idempotencyKey: key }),
  );
}

describe('users made for a test (t.make.user)', () => {
  it('start with the sign-up bonus, and a balance set for the test is one adjustment the ledger adds up to', async () => {
    const plain = await t.make.user();
    expect((await expectConsistent(plain.userId)).balance).toBe('5.0000');
    const rich = await t.make.user({ credits: '12.5' });
    expect((await expectConsistent(rich.userId)).balance).toBe('12.5000');
    const poor = await t.make.user({ credits: '0' });
    expect((await expectConsistent(poor.userId)).balance).toBe('0.0000');
    expect((await credits().transactions(rich.userId)).map((x) => [x.type, x.amount]).sort()).toEqual([
      ['adjustment', '7.5000'],
      ['bonus', '5.0000'],
    ]);
  });
});

describe('holds', () => {
  it('reserves, captures and releases, keeping balance and available apart', async () => {
    const userId = await newUser('holds@example.com');
    const a = await credits().hold({ userId, amount: '2', serviceType: 'image_generation', description: 'Morph' });
    expect(await credits().account(userId)).toMatchObject({ balance: '5.0000', available_credits: '3.0000' });
    const b = await credits().hold({ userId, amount: '1.5', serviceType: 'mockup', description: 'Mockup' });
    expect((await credits().account(userId)).available_credits).toBe('1.5000');

    expect(await credits().capture(a.id)).toEqual({ charged: '2.0000', alreadySettled: false, lowBalance: null });
    expect(await credits().capture(a.id)).toEqual({ charged: '2.0000', alreadySettled: true, lowBalance: null }); // twice is safe
    expect(await credits().release(b.id)).toBe(true);
    expect(await credits().release(b.id)).toBe(false);
    expect(await credits().release(a.id)).toBe(false); // a captured hold is not given back

    expect(await credits().account(userId)).toEqual({
      balance: '3.0000',
      available_credits: '3.0000',
      lifetime_used: '2.0000',
      lifetime_purchased: '0.0000',
    });
    const [usage] = await credits().transactions(userId);
    expect(usage).toMatchObject({ type: 'usage', amount: '-2.0000', description: 'Morph', generation_type: 'image_generation' });
    await expectConsistent(userId);
  });

  it('charges the real cost when it is lower and releases the rest', async () => {
    const userId = await newUser('partial@example.com');
    const hold = await credits().hold({ userId, amount: '3', serviceType: 'transcription', variant: 'raw', description: 'Transcription' });
    expect((await credits().capture(hold.id, { amount: '1.2' })).charged).toBe('1.2000');
    expect(await credits().account(userId)).toMatchObject({ balance: '3.8000', available_credits: '3.8000', lifetime_used: '1.2000' });
    await expectConsistent(userId);
  });

  it('refuses to capture a released hold', async () => {
    const userId = await newUser('released@example.com');
    const hold = await credits().hold({ userId, amount: '1', serviceType: 'caption', description: 'Caption' });
    await credits().release(hold.id);
    await expect(credits().capture(hold.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await credits().account(userId)).balance).toBe('5.0000');
  });

  it('answers 402 with required, available and deficit when the available balance is short', async () => {
    const userId = await newUser('short@example.com');
    await credits().hold({ userId, amount: '4', serviceType: 'mockup', description: 'x' });
    const err = await credits()
      .hold({ userId, amount: '2.5', serviceType: 'mockup', description: 'y' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(402);
    expect((err as AppError).extra).toEqual({ required_credits: '2.5000', available_credits: '1.0000', deficit: '1.5000' });
    expect((err as AppError).message).toMatch(/Insufficient credits/);
    await expectConsistent(userId);
  });

  it('refuses negative holds; a zero hold (a free preview) reserves and charges nothing and writes no ledger line', async () => {
    const userId = await newUser('zero@example.com');
    await expect(credits().hold({ userId, amount: '-1', serviceType: 'x', description: 'x' })).rejects.toMatchObject({ status: 400 });
    const before = await credits().account(userId);
    const free = await credits().hold({ userId, amount: '0', serviceType: 'mockup', variant: 'local', description: 'preview' });
    expect((await credits().account(userId)).available_credits).toBe(before.available_credits);
    const { charged } = await credits().capture(free.id);
    expect(charged).toBe('0.0000');
    const after = await credits().account(userId);
    expect(after.balance).toBe(before.balance);
    expect(after.available_credits).toBe(before.available_credits);
  });

  it('releases holds left open past their expiry (the sweep)', async () => {
    const userId = await newUser('sweep@example.com');
    // HOLD_TTL_MINUTES is 15: the stale hold is 16 minutes old at the sweep, the fresh one 6.
    const stale = await credits().hold({ userId, amount: '2', serviceType: 'mockup', description: 'crashed' });
    t.clock.advance(10 * 60_000);
    let fresh: Awaited<ReturnType<ReturnType<typeof credits>['hold']>>;
    try {
      fresh = await credits().hold({ userId, amount: '1', serviceType: 'mockup', description: 'running' });
      t.clock.advance(6 * 60_000);
      expect(await credits().releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.advance(-16 * 60_000);
    }
    expect(await credits().account(userId)).toMatchObject({ balance: '5.0000', available_credits: '4.0000' });
    await expect(credits().capture(stale.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await credits().capture(fresh.id)).charged).toBe('1.0000');
    await expectConsistent(userId);
  });
});

describe('concurrency', () => {
  it('lets exactly k of 100 parallel holds through when the balance affords k', async () => {
    const userId = await newUser('parallel@example.com');
    // Balance 5 + 1.3 = 6.3; each hold is 0.3, so exactly 21 fit.
    await giveCredits(userId, '1.3', `parallel-topup:${userId}`);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => credits().hold({ userId, amount: '0.3', serviceType: 'caption', description: `hold ${i}` })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(21);
    expect(refused).toHaveLength(79);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    const audit = await expectConsistent(userId);
    expect(audit).toMatchObject({ balance: '6.3000', held: '6.3000' });

    // Capturing them all at once charges each once and leaves exactly nothing.
    await Promise.all(
      ok.map((r) => credits().capture((r as PromiseFulfilledResult<{ id: string }>).value.id)),
    );
    expect(await expectConsistent(userId)).toMatchObject({ balance: '0.0000', held: '0.0000' });
  });

  it('grants an idempotency key once under concurrency', async () => {
    const userId = await newUser('grant-race@example.com');
    const applied = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.database.db.transaction((tx) =>
          credits().grant(tx, { userId, type: 'purchase', amount: '10', description: 'once', idempotencyKey: `race:${userId}` }),
        ),
      ),
    );
    expect(applied.filter(Boolean)).toHaveLength(1);
    expect(await expectConsistent(userId)).toMatchObject({ balance: '15.0000' });
    expect((await credits().account(userId)).lifetime_purchased).toBe('10.0000');
  });

  it('matches a simple model through a seeded random interleaving of holds, captures, releases, purchases and refunds', async () => {
    const userId = await newUser('model@example.com');
    const random = mulberry32(20261121);
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
    const amount = () => fromUnits(BigInt(1 + Math.floor(random() * 30000))); // 0.0001 … 3.0000
    const model = { balance: '5.0000', held: '0.0000', used: '0.0000', purchased: '0.0000' };
    const open = new Map<string, string>();
    for (let step = 0; step < 150; step++) {
      const op = pick(['hold', 'hold', 'capture', 'release', 'purchase', 'refund']);
      if (op === 'hold') {
        const want = amount();
        const canAfford = cmp(sub(model.balance, model.held), want) >= 0;
        const result = await credits()
          .hold({ userId, amount: want, serviceType: 'model', description: `step ${step}` })
          .then((h) => h.id, (e: AppError) => e);
        if (canAfford) {
          expect(typeof result).toBe('string');
          open.set(result as string, normalize(want));
          model.held = add(model.held, want);
        } else {
          expect(result).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
        }
      } else if ((op === 'capture' || op === 'release') && open.size > 0) {
        const [id, held] = pick([...open.entries()]);
        open.delete(id);
        model.held = sub(model.held, held);
        if (op === 'capture') {
          const partial = random() < 0.3 ? min(amount(), held) : held;
          await credits().capture(id, { amount: partial });
          model.balance = sub(model.balance, partial);
          model.used = add(model.used, partial);
        } else {
          await credits().release(id);
        }
      } else if (op === 'purchase') {
        const value = amount();
        await t.database.db.transaction((tx) =>
          credits().grant(tx, { userId, type: 'purchase', amount: value, description: 'buy', idempotencyKey: `model-buy:${step}` }),
        );
        model.balance = add(model.balance, value);
        model.purchased = add(model.purchased, value);
      } else if (op === 'refund') {
        const value = amount();
        const available = sub(model.balance, model.held);
        const expected = cmp(available, '0') > 0 ? min(value, available) : '0.0000';
        const result = await t.database.db.transaction((tx) =>
          credits().takeBack(tx, { userId, type: 'refund', amount: value, description: 'refund', idempotencyKey: `model-refund:${step}` }),
        );
        expect(result.taken).toBe(normalize(expected));
        expect(result.shortfall).toBe(sub(value, expected));
        model.balance = sub(model.balance, expected);
      }
      const audit = await expectConsistent(userId);
      expect({ balance: audit.balance, held: audit.held }).toEqual({ balance: normalize(model.balance), held: normalize(model.held) });
    }
    const account = await credits().account(userId);
    expect(account.lifetime_used).toBe(normalize(model.used));
    expect(account.lifetime_purchased).toBe(normalize(model.purchased));
    expect(toUnits(account.available_credits)).toBe(toUnits(model.balance) - toUnits(model.held));
  }, 120_000);
});
