import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingResponse } from '../../../contract/account.ts';
import { creditPackages, payments } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { data } from '../../test-support/envelope.ts';
import { charge, checkoutSession, signedEvent, startFakeStripe, stripeEvent, stripeId, type FakeStripe } from '../../test-support/fake-stripe.ts';

/** The billing list: test-mode purchases marked as such; Stripe purchases with the receipt Stripe gives for the charge. */

describe('GET /api/account/billing in test mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('lists a test checkout as a test purchase, newest first, with no receipt; another user sees none of it', async () => {
    const buyer = await t.make.user();
    const empty = data(await t.call('GET', '/api/account/billing', { session: buyer }), billingResponse);
    expect(empty).toEqual({ test_mode: true, purchases: [] });

    await t.make.checkout(buyer);
    t.clock.advance(60_000); // the test clock stands still: a minute apart, so newest first is one order
    await t.make.openCheckout(buyer);
    const res = await t.call('GET', '/api/account/billing', { session: buyer });
    expect(res.statusCode, res.body).toBe(200);
    const { purchases } = data(res, billingResponse);
    expect(purchases.map((p) => [p.status, p.test, p.receipt_url])).toEqual([
      ['pending', true, null],
      ['completed', true, null],
    ]);
    expect(purchases[1]).toMatchObject({ package_name: expect.any(String), currency: 'usd' });
    expect(Number(purchases[1]!.amount_usd)).toBeGreaterThan(0);
    expect(Number(purchases[1]!.credits)).toBeGreaterThan(0);

    const stranger = await t.make.user();
    expect(data(await t.call('GET', '/api/account/billing', { session: stranger }), billingResponse).purchases).toEqual([]);
  });
});

describe('GET /api/account/billing with Stripe', () => {
  const API_KEY = `sk_test_${randomUUID().replaceAll('-', '')}`;
  const WEBHOOK_SECRET = `whsec_${randomUUID().replaceAll('-', '')}`;
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe({ apiKey: API_KEY });
    t = await createTestApp({ STRIPE_SECRET_KEY: API_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function deliver(event: object) {
    const signed = signedEvent(event, { secret: WEBHOOK_SECRET, timestamp: Math.floor(t.clock.now().getTime() / 1000) });
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: signed.headers, payload: signed.body });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function paidCheckout(userId: string) {
    const [pkg] = await t.database.db.select().from(creditPackages).where(eq(creditPackages.name, 'Creator'));
    const session = checkoutSession({ client_reference_id: userId, amount_total: 2000, metadata: { package_id: pkg!.id }, payment_intent: stripeId('pi') });
    await deliver(stripeEvent('checkout.session.completed', session));
    return session;
  }

  it("reads the charge's receipt_url from Stripe once (PaymentIntent with latest_charge expanded), keeps it, and marks nothing as test", async () => {
    const buyer = await t.make.user();
    const session = await paidCheckout(buyer.userId);
    const receipt = `https://pay.stripe.com/receipts/payment/${randomUUID().replaceAll('-', '')}`;
    fake.addCharge(charge({ amount: 2000, payment_intent: session.payment_intent, receipt_url: receipt }));
    fake.clearRequests();

    const res = await t.call('GET', '/api/account/billing', { session: buyer });
    expect(res.statusCode, res.body).toBe(200);
    const billing = data(res, billingResponse);
    expect(billing.test_mode).toBe(false);
    expect(billing.purchases).toEqual([
      expect.objectContaining({ status: 'completed', test: false, receipt_url: receipt, amount_usd: '20.00', package_name: 'Creator' }),
    ]);
    const asked = fake.requestsTo('GET', `/v1/payment_intents/${session.payment_intent}`);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.status).toBe(200);
    expect(JSON.stringify(asked[0]!.query)).toContain('latest_charge');
    expect(asked[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);

    // Kept: the next view asks Stripe nothing.
    fake.clearRequests();
    const again = data(await t.call('GET', '/api/account/billing', { session: buyer }), billingResponse);
    expect(again.purchases[0]!.receipt_url).toBe(receipt);
    expect(fake.requests).toHaveLength(0);
  });

  it('still answers the list when Stripe has no such charge yet, and tries again on the next view', async () => {
    const buyer = await t.make.user();
    const session = await paidCheckout(buyer.userId);
    fake.clearRequests();
    const first = data(await t.call('GET', '/api/account/billing', { session: buyer }), billingResponse);
    expect(first.purchases).toEqual([expect.objectContaining({ status: 'completed', receipt_url: null })]);
    expect(fake.requests.map((r) => r.status)).toContain(404);

    const receipt = `https://pay.stripe.com/receipts/payment/${randomUUID().replaceAll('-', '')}`;
    fake.addCharge(charge({ payment_intent: session.payment_intent, receipt_url: receipt }));
    const later = data(await t.call('GET', '/api/account/billing', { session: buyer }), billingResponse);
    expect(later.purchases[0]!.receipt_url).toBe(receipt);
  });

  it('keeps the receipt a charge.refunded event carries, without asking Stripe', async () => {
    const buyer = await t.make.user();
    const session = await paidCheckout(buyer.userId);
    const receipt = `https://pay.stripe.com/receipts/payment/${randomUUID().replaceAll('-', '')}`;
    await deliver(stripeEvent('charge.refunded', charge({ amount: 2000, amount_refunded: 2000, payment_intent: session.payment_intent, receipt_url: receipt })));
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerId, session.id));
    expect(row!.receiptUrl).toBe(receipt);
    fake.clearRequests();
    const billing = data(await t.call('GET', '/api/account/billing', { session: buyer }), billingResponse);
    expect(billing.purchases[0]).toMatchObject({ status: 'refunded', receipt_url: receipt });
    expect(fake.requests).toHaveLength(0);
  });
});
