import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { billingResponse } from '../../../contract/account.ts';
import { checkoutStatusSchema, creditBalanceResponse, creditPackagesResponse, testCheckoutOpenedSchema } from '../../../contract/credits.ts';
import { creditLedger, payments } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import { DAY_MS } from '../../../contract/time.ts';

/**
 * The built-in test checkout is settled once, like a Stripe Checkout Session: opening the page makes a checkout id
 * (a pending payment), and confirming that id, however often or concurrently, credits once and answers alike.
 * Reproduces the double-click on Confirm that bought a 5.00 package twice (+10.00).
 */

let t: TestApp;
const buyers: TestSession[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Every buyer's ledger sums to their balance. */
afterEach(async () => {
  for (const s of buyers.splice(0)) {
    const audit = await t.app.services.credits.audit(s.userId);
    expect(audit.ledgerSum, s.email).toBe(audit.balance);
  }
});

let n = 0;
async function buyer() {
  const s = await t.make.user({ email: `checkout-${++n}@example.com` });
  buyers.push(s);
  return s;
}

/** The whole answer, envelope and all: a repeated confirm must answer exactly what the first one answered. */
const json = (res: { body: string }): unknown => JSON.parse(res.body);

async function starter(s: TestSession): Promise<string> {
  const res = await t.call('GET', '/api/credits/packages', { session: s });
  const found = data(res, creditPackagesResponse).packages.find((p) => p.name === 'Starter');
  if (!found) throw new Error('the Starter package is seeded');
  return found.uuid;
}

async function open(s: TestSession, packageId: string): Promise<string> {
  const res = await t.call('POST', `/api/payments/test-checkout/${packageId}/open`, { session: s });
  expect(res.statusCode, res.body).toBe(200);
  const id = data(res, testCheckoutOpenedSchema).checkout_id;
  expect(id).toMatch(/^cs_test_[A-Za-z0-9_-]+$/);
  return id;
}

const confirm = (s: TestSession, packageId: string, checkoutId: string) =>
  t.call('POST', `/api/payments/test-checkout/${packageId}/confirm`, { session: s, body: { checkout_id: checkoutId } });

const balanceOf = async (s: TestSession) => data(await t.call('GET', '/api/credits/balance', { session: s }), creditBalanceResponse).balance.balance;

async function purchaseRows(s: TestSession) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, s.userId), eq(creditLedger.type, 'purchase')));
  return Number(row!.n);
}

describe('test checkout: one checkout id, settled once', () => {
  it('opening records a pending checkout the return page shows with its amount; nothing is credited yet', async () => {
    const s = await buyer();
    const pkg = await starter(s);
    const id = await open(s, pkg);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerId, id));
    expect(row).toMatchObject({ provider: 'test', userId: s.userId, packageId: pkg, status: 'pending', amountUsd: '5.00', creditsPurchased: '5.0000' });
    const status = await t.call('GET', `/api/payments/checkout-status?session_id=${id}`, { session: s });
    // Payable for a day, as a Stripe Checkout Session.
    const until = new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString();
    expect(row!.payableUntil?.toISOString()).toBe(until);
    expect(data(status, checkoutStatusSchema)).toEqual({
      session_id: id,
      status: 'pending',
      payable_until: until,
      credits_purchased: '5.0000',
      amount_usd: '5.0000',
      package_name: 'Starter',
      test_mode: true,
    });
    expect(await balanceOf(s)).toBe('5.0000');
    // Two opened pages are two checkouts.
    expect(await open(s, pkg)).not.toBe(id);
  });

  it('confirming one checkout twice (a double-click) credits 5.00 once and answers the same both times', async () => {
    const s = await buyer();
    const pkg = await starter(s);
    const id = await open(s, pkg);
    const first = await confirm(s, pkg, id);
    const second = await confirm(s, pkg, id);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(data(first, checkoutStatusSchema)).toEqual({
      session_id: id,
      status: 'completed',
      payable_until: null,
      credits_purchased: '5.0000',
      amount_usd: '5.0000',
      package_name: 'Starter',
      test_mode: true,
    });
    expect(json(second)).toEqual(json(first));
    expect(await balanceOf(s)).toBe('10.0000');
    expect(await purchaseRows(s)).toBe(1);
    const back = await t.call('GET', `/api/payments/checkout-status?session_id=${id}`, { session: s });
    expect(data(back, checkoutStatusSchema)).toEqual(data(first, checkoutStatusSchema));
  });

  it('5 confirms of one checkout at once: credited once, all answer the same', async () => {
    const s = await buyer();
    const pkg = await starter(s);
    const id = await open(s, pkg);
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(s, pkg, id)));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toEqual(json(answers[0]!));
    }
    expect(data(answers[0]!, checkoutStatusSchema).status).toBe('completed');
    expect(await balanceOf(s)).toBe('10.0000');
    expect(await purchaseRows(s)).toBe(1);
    const rows = await t.database.db.select().from(payments).where(eq(payments.providerId, id));
    expect(rows).toHaveLength(1);
  });

  it('two opened checkouts are two purchases', async () => {
    const s = await buyer();
    const pkg = await starter(s);
    for (const id of [await open(s, pkg), await open(s, pkg)]) expect((await confirm(s, pkg, id)).statusCode).toBe(200);
    expect(await balanceOf(s)).toBe('15.0000');
    expect(await purchaseRows(s)).toBe(2);
  });

  it("another user's checkout, an unknown or malformed id, or the wrong package: 404 or 400, nothing credited", async () => {
    const owner = await buyer();
    const other = await buyer();
    const pkg = await starter(owner);
    const id = await open(owner, pkg);
    const packages = data(await t.call('GET', '/api/credits/packages', { session: owner }), creditPackagesResponse).packages;
    const creator = packages.find((p) => p.name === 'Creator')!.uuid;

    const stolen = await confirm(other, pkg, id);
    expect(stolen.statusCode).toBe(404);
    const unknown = await confirm(other, pkg, 'cs_test_doesnotexist123');
    expect(unknown.statusCode).toBe(404);
    expect(error(unknown).code).toBe('NOT_FOUND');
    // A byte-identical answer for another user's id and an unknown one (apart from the request id).
    expect({ ...error(stolen), request_id: 0 }).toEqual({ ...error(unknown), request_id: 0 });
    expect((await confirm(owner, creator, id)).statusCode).toBe(404);
    for (const bad of ['', 'x', 'cs_live_abc12345', 'cs_test_a/b', `cs_test_${'a'.repeat(300)}`]) {
      const res = await confirm(owner, pkg, bad);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await t.call('POST', `/api/payments/test-checkout/${pkg}/confirm`, { session: owner, body: {} })).statusCode).toBe(400);
    expect((await t.call('POST', '/api/payments/test-checkout/00000000-0000-4000-8000-000000000000/open', { session: owner })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/payments/test-checkout/not-a-uuid/open', { session: owner })).statusCode).toBe(400);
    expect(await balanceOf(owner)).toBe('5.0000');
    expect(await balanceOf(other)).toBe('5.0000');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerId, id));
    expect(row!.status).toBe('pending');
  });

  it('opening and confirming need a session and its CSRF token', async () => {
    const s = await buyer();
    const pkg = await starter(s);
    expect((await t.call('POST', `/api/payments/test-checkout/${pkg}/open`)).statusCode).toBe(401);
    expect((await t.call('POST', `/api/payments/test-checkout/${pkg}/open`, { session: s, csrf: null })).statusCode).toBe(403);
    const id = await open(s, pkg);
    expect((await t.call('POST', `/api/payments/test-checkout/${pkg}/confirm`, { body: { checkout_id: id } })).statusCode).toBe(401);
    expect((await t.call('POST', `/api/payments/test-checkout/${pkg}/confirm`, { session: s, csrf: null, body: { checkout_id: id } })).statusCode).toBe(403);
    expect(await balanceOf(s)).toBe('5.0000');
  });
});

const cancel = (s: TestSession, packageId: string, checkoutId: string) =>
  t.call('POST', `/api/payments/test-checkout/${packageId}/cancel`, { session: s, body: { checkout_id: checkoutId } });

const billingStatus = async (s: TestSession, checkoutId: string) => {
  const [row] = await t.database.db.select({ id: payments.id }).from(payments).where(eq(payments.providerId, checkoutId));
  const purchases = data(await t.call('GET', '/api/account/billing', { session: s }), billingResponse).purchases;
  return purchases.find((p) => p.id === row!.id);
};

const advance = (ms: number) => (t.clock as { advance(ms: number): void }).advance(ms);

describe('test checkout: cancelled or abandoned, it closes unpaid (issue 26 item 1)', () => {
  it('Cancel closes the checkout as cancelled, once: billing, the return page and a later confirm all say so, nothing is charged', async () => {
    const s = await buyer();
    const pkg = await starter(s);
    const id = await open(s, pkg);
    const res = await cancel(s, pkg, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res, checkoutStatusSchema)).toMatchObject({ session_id: id, status: 'cancelled', payable_until: null });
    expect(json(await cancel(s, pkg, id))).toEqual(json(res));
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerId, id));
    expect(row!.status).toBe('cancelled');
    expect(await billingStatus(s, id)).toMatchObject({ status: 'cancelled', payable_until: null });
    expect(data(await t.call('GET', `/api/payments/checkout-status?session_id=${id}`, { session: s }), checkoutStatusSchema).status).toBe('cancelled');

    const late = await confirm(s, pkg, id);
    expect(late.statusCode).toBe(409);
    expect(error(late).message).toMatch(/cancelled and nothing was charged/);
    expect(await balanceOf(s)).toBe('5.0000');
    expect(await purchaseRows(s)).toBe(0);
  });

  it('a cancel and a confirm at once: exactly one wins; a cancel after a confirm answers 409 and the credits stay', async () => {
    const s = await buyer();
    const pkg = await starter(s);
    const id = await open(s, pkg);
    const [c, k] = await Promise.all([confirm(s, pkg, id), cancel(s, pkg, id)]);
    const paid = c.statusCode === 200;
    expect(paid ? k.statusCode : c.statusCode).toBe(409);
    expect(await balanceOf(s)).toBe(paid ? '10.0000' : '5.0000');
    expect(await purchaseRows(s)).toBe(paid ? 1 : 0);

    const other = await open(s, pkg);
    expect((await confirm(s, pkg, other)).statusCode).toBe(200);
    const after = await cancel(s, pkg, other);
    expect(after.statusCode).toBe(409);
    expect(error(after).message).toMatch(/already paid/);
    expect((await billingStatus(s, other))!.status).toBe('completed');
  });

  it("another user's checkout or the wrong package: 404, as an unknown one; the checkout stays open", async () => {
    const owner = await buyer();
    const other = await buyer();
    const pkg = await starter(owner);
    const id = await open(owner, pkg);
    expect((await cancel(other, pkg, id)).statusCode).toBe(404);
    expect((await cancel(owner, pkg, 'cs_test_doesnotexist123')).statusCode).toBe(404);
    expect((await cancel(owner, '00000000-0000-4000-8000-000000000000', id)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/payments/test-checkout/${pkg}/cancel`, { session: owner, csrf: null, body: { checkout_id: id } })).statusCode).toBe(403);
    expect((await billingStatus(owner, id))!.status).toBe('pending');
  });

  it('an unpaid checkout expires 24 hours after it opened: shown expired at once, confirm refused, and the sweep marks the row', async () => {
    const s = await buyer();
    const pkg = await starter(s);
    const id = await open(s, pkg);
    advance(DAY_MS - 1000);
    try {
      expect(await billingStatus(s, id)).toMatchObject({ status: 'pending', payable_until: expect.any(String) });
      advance(2000);
      // Before any sweep: every answer says expired.
      expect(await billingStatus(s, id)).toMatchObject({ status: 'expired', payable_until: null });
      expect(data(await t.call('GET', `/api/payments/checkout-status?session_id=${id}`, { session: s }), checkoutStatusSchema).status).toBe('expired');
      const late = await confirm(s, pkg, id);
      expect(late.statusCode).toBe(409);
      expect(error(late).message).toMatch(/expired at .* UTC and nothing was charged/);
      expect(await balanceOf(s)).toBe('5.0000');

      expect(await t.app.services.payments.expireCheckouts()).toBeGreaterThanOrEqual(1);
      const [row] = await t.database.db.select().from(payments).where(eq(payments.providerId, id));
      expect(row!.status).toBe('expired');
      // A cancel after the expiry answers as it stands.
      expect(data(await cancel(s, pkg, id), checkoutStatusSchema).status).toBe('expired');
    } finally {
      advance(-(DAY_MS + 1000));
    }
  });
});
