import { randomUUID } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutStatusSchema,
  creditBalanceResponse,
  creditPackagesResponse,
  creditTransactionsResponse,
  stripeWebhookResponse,
} from '../../../contract/credits.ts';
import { creditLedger, creditPackages, payments, stripeEvents } from '../../db/schema/index.ts';
import { createStripeGateway } from '../../providers/payments/stripe.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import {
  charge,
  checkoutSession,
  dispute,
  signedEvent,
  startFakeStripe,
  stripeEvent,
  stripeId,
  type CheckoutSession,
  type FakeStripe,
  type FakeStripeEvent,
  type RecordedRequest,
} from '../../test-support/fake-stripe.ts';

/**
 * Payments in Stripe mode, end to end: the app talks to a local server speaking Stripe's wire format
 * (through the real Stripe SDK) and receives webhooks signed exactly as Stripe signs them.
 * After every test, each buyer's ledger must sum to their balance.
 */

const API_KEY = `sk_test_${randomUUID().replaceAll('-', '')}`;
const WEBHOOK_SECRET = `whsec_${randomUUID().replaceAll('-', '')}`;
const PUBLIC_URL = 'http://localhost:3000';
const RETURN_URL = `${PUBLIC_URL}/payments/return?session_id={CHECKOUT_SESSION_ID}`;

let fake: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeStripe({ apiKey: API_KEY });
  t = await createTestApp({
    PUBLIC_URL,
    STRIPE_SECRET_KEY: API_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A whole answer, for comparing envelopes as they are. */
const envelope = (res: { body: string }): unknown => JSON.parse(res.body);

// ---------------------------------------------------------------------------------------------------
// Buyers, balances and the ledger invariant
// ---------------------------------------------------------------------------------------------------

const buyers: TestSession[] = [];
let buyerCount = 0;

async function newBuyer(): Promise<TestSession> {
  const s = await t.make.user({ email: `buyer-${++buyerCount}-${randomUUID().slice(0, 8)}@example.com`, name: `Buyer ${buyerCount}` });
  buyers.push(s);
  return s;
}

/** The ledger sums to the balance and the open holds to `held`, for every buyer of the test. */
afterEach(async () => {
  for (const s of buyers.splice(0)) {
    const audit = await t.app.services.credits.audit(s.userId);
    expect(audit.ledgerSum, `ledger sum of ${s.email}`).toBe(audit.balance);
    expect(audit.openHolds, `open holds of ${s.email}`).toBe(audit.held);
    expect(Number(audit.balance)).toBeGreaterThanOrEqual(0);
  }
});

async function balanceOf(s: TestSession) {
  const res = await t.call('GET', '/api/credits/balance', { session: s });
  expect(res.statusCode).toBe(200);
  return data(res, creditBalanceResponse).balance;
}

/** Checks the balance the API shows and the audit (ledger sum) agree with `expected`. */
async function expectBalance(s: TestSession, expected: string) {
  expect((await balanceOf(s)).balance).toBe(expected);
  const audit = await t.app.services.credits.audit(s.userId);
  expect(audit.balance).toBe(expected);
  expect(audit.ledgerSum).toBe(expected);
}

/** Ledger rows through the API, as sorted [type, amount] pairs (rows written at one instant have no order). */
async function ledgerOf(s: TestSession): Promise<Array<[string, string]>> {
  const res = await t.call('GET', '/api/credits/transactions?limit=200', { session: s });
  expect(res.statusCode).toBe(200);
  return data(res, creditTransactionsResponse)
    .transactions    .map((r) => [r.type, r.amount] as [string, string])
    .sort((a, b) => (a[0] + a[1]).localeCompare(b[0] + b[1]));
}

/** The package a Price or Payment Link request names in its metadata. */
function packageIdOf(request: RecordedRequest): unknown {
  const metadata = request.body.metadata;
  return metadata !== null && typeof metadata === 'object' && 'package_id' in metadata ? metadata.package_id : undefined;
}

const sorted = (rows: Array<[string, string]>) => [...rows].sort((a, b) => (a[0] + a[1]).localeCompare(b[0] + b[1]));
const SIGNUP: [string, string] = ['bonus', '5.0000'];

async function paymentOf(sessionId: string) {
  const rows = await t.database.db.select().from(payments).where(eq(payments.providerId, sessionId));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}

async function eventRecorded(eventId: string) {
  const rows = await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId));
  return rows.length === 1;
}

async function eventCount() {
  const [row] = await t.database.db.select({ n: count() }).from(stripeEvents);
  return Number(row!.n);
}

async function paymentCount() {
  const [row] = await t.database.db.select({ n: count() }).from(payments);
  return Number(row!.n);
}

async function ledgerCount() {
  const [row] = await t.database.db.select({ n: count() }).from(creditLedger);
  return Number(row!.n);
}

// ---------------------------------------------------------------------------------------------------
// Packages, sessions and webhook deliveries
// ---------------------------------------------------------------------------------------------------

type PackageName = 'Starter' | 'Creator' | 'Studio';
const CENTS: Record<PackageName, number> = { Starter: 500, Creator: 2000, Studio: 5000 };
const CREDITS: Record<PackageName, string> = { Starter: '5.0000', Creator: '22.0000', Studio: '60.0000' };

async function packageRow(name: PackageName) {
  const [row] = await t.database.db.select().from(creditPackages).where(eq(creditPackages.name, name));
  if (!row) throw new Error(`no package ${name}`);
  return row;
}

/** A Checkout Session of a Payment Link purchase, as Stripe sends it (metadata is copied from the link). */
async function sessionFor(buyer: TestSession, name: PackageName, overrides: Parameters<typeof checkoutSession>[0] = {}) {
  const pkg = await packageRow(name);
  return checkoutSession({
    client_reference_id: buyer.userId,
    customer_details: { address: null, business_name: null, email: buyer.email, individual_name: null, name: 'Buyer', phone: null, tax_exempt: 'none', tax_ids: [] },
    amount_total: CENTS[name],
    amount_subtotal: CENTS[name],
    metadata: { package_id: pkg.id },
    payment_link: pkg.stripePaymentLinkId ?? stripeId('plink'),
    ...overrides,
  });
}

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

/** POSTs a signed delivery to the webhook, with no session and no CSRF token, as Stripe does. */
async function deliver(
  event: object | string,
  options: { secret?: string; timestamp?: number; headers?: Record<string, string | undefined>; body?: string } = {},
) {
  const signed = signedEvent(event, { secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp ?? nowSeconds() });
  const headers: Record<string, string> = { ...signed.headers };
  for (const [k, v] of Object.entries(options.headers ?? {})) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  return t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers, payload: options.body ?? signed.body });
}

async function expectAccepted(res: Awaited<ReturnType<typeof deliver>>, duplicate = false) {
  expect(res.statusCode, res.body).toBe(200);
  expect(envelope(res)).toEqual({ success: true, data: { received: true, duplicate } });
}

const completed = (session: CheckoutSession) => stripeEvent('checkout.session.completed', session);

/** Buys a package through the webhook; answers the session. */
async function buy(buyer: TestSession, name: PackageName, overrides: Parameters<typeof checkoutSession>[0] = {}) {
  const session = await sessionFor(buyer, name, overrides);
  await expectAccepted(await deliver(completed(session)));
  return session;
}

const refundEvent = (session: CheckoutSession, amountRefunded: number, chargeId = stripeId('ch')) =>
  stripeEvent(
    'charge.refunded',
    charge({ id: chargeId, amount: session.amount_total!, amount_refunded: amountRefunded, payment_intent: session.payment_intent }),
  );

// ---------------------------------------------------------------------------------------------------

describe('packages in Stripe mode', () => {
  it('makes one Price and one Payment Link per package on first use, then reuses them', async () => {
    const buyer = await newBuyer();
    fake.clearRequests();
    const res = await t.call('GET', '/api/credits/packages', { session: buyer });
    expect(res.statusCode, res.body).toBe(200);

    const priceCalls = fake.requestsTo('POST', '/v1/prices');
    const linkCalls = fake.requestsTo('POST', '/v1/payment_links');
    expect(priceCalls).toHaveLength(3);
    expect(linkCalls).toHaveLength(3);
    expect(fake.requests.every((r) => r.status === 200)).toBe(true);
    for (const r of fake.requests) {
      expect(r.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(r.headers['idempotency-key']).toMatch(/\S+/);
    }

    const rows = await Promise.all((['Starter', 'Creator', 'Studio'] as const).map(packageRow));
    for (const row of rows) {
      const name = row.name as PackageName;
      const price = priceCalls.find((r) => packageIdOf(r) === row.id);
      expect(price, `price for ${name}`).toBeDefined();
      expect(price!.body).toMatchObject({
        currency: 'usd',
        unit_amount: String(CENTS[name]),
        product_data: { name: expect.stringContaining(name) },
        metadata: { package_id: row.id },
      });
      expect(price!.body).toMatchObject({ product_data: { name: expect.stringContaining(`${Number(CREDITS[name])}`) } });
      const priceId = [...fake.prices.values()].find((p) => p.metadata.package_id === row.id)!.id;

      const link = linkCalls.find((r) => packageIdOf(r) === row.id);
      expect(link, `payment link for ${name}`).toBeDefined();
      expect(link!.body).toEqual({
        line_items: [{ price: priceId, quantity: '1' }],
        // What the link sells, copied by Stripe onto each Checkout Session opened on it.
        metadata: { package_id: row.id, credits: row.credits, bonus_credits: row.bonusCredits },
        after_completion: { type: 'redirect', redirect: { url: RETURN_URL } },
      });
      const made = fake.paymentLinks.get(row.stripePaymentLinkId!);
      expect(made, `stored link of ${name}`).toBeDefined();
      expect(row.stripePaymentLinkUrl).toBe(made!.url);
    }
    expect(new Set(priceCalls.map((r) => r.body.unit_amount))).toEqual(new Set(['500', '2000', '5000']));

    const answered = data(res, creditPackagesResponse).packages;
    expect(answered.map((p) => p.name)).toEqual(['Starter', 'Creator', 'Studio']);
    for (const p of answered) {
      const row = rows.find((r) => r.id === p.uuid)!;
      expect(p.test_mode).toBe(false);
      const url = new URL(p.payment_link);
      expect(`${url.origin}${url.pathname}`).toBe(row.stripePaymentLinkUrl);
      expect(url.origin).toBe('https://buy.stripe.com');
      expect(url.searchParams.get('client_reference_id')).toBe(buyer.userId);
      expect(url.searchParams.get('prefilled_email')).toBe(buyer.email);
    }
    expect(answered.map((p) => [p.price_usd, p.credits, p.bonus_credits])).toEqual([
      ['5.0000', '5.0000', '0.0000'],
      ['20.0000', '20.0000', '2.0000'],
      ['50.0000', '50.0000', '10.0000'],
    ]);

    // A second call, by anyone, makes nothing new; each user's links carry their own id and email.
    fake.clearRequests();
    const again = await t.call('GET', '/api/credits/packages', { session: buyer });
    const other = await newBuyer();
    const theirs = await t.call('GET', '/api/credits/packages', { session: other });
    expect(fake.requests).toHaveLength(0);
    expect(data(again, creditPackagesResponse).packages.map((p) => p.payment_link)).toEqual(answered.map((p) => p.payment_link));
    for (const p of data(theirs, creditPackagesResponse).packages) {
      const url = new URL(p.payment_link);
      expect(url.searchParams.get('client_reference_id')).toBe(other.userId);
      expect(url.searchParams.get('prefilled_email')).toBe(other.email);
    }
  });

  it('makes the links once when the first visits come at once', async () => {
    // As on a fresh deployment: no package has a link yet and several buyers open the page together.
    await t.database.db.update(creditPackages).set({ stripePaymentLinkId: null, stripePaymentLinkUrl: null });
    const visitors = [await newBuyer(), await newBuyer(), await newBuyer()];
    fake.clearRequests();
    const answers = await Promise.all([...visitors, ...visitors].map((s) => t.call('GET', '/api/credits/packages', { session: s })));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(fake.requestsTo('POST', '/v1/prices').filter((r) => r.status === 200)).toHaveLength(3);
    expect(fake.requestsTo('POST', '/v1/payment_links').filter((r) => r.status === 200)).toHaveLength(3);
    const stored = new Set((await t.database.db.select().from(creditPackages)).map((r) => r.stripePaymentLinkUrl));
    for (const res of answers) {
      for (const p of data(res, creditPackagesResponse).packages) {
        const url = new URL(p.payment_link);
        expect(stored.has(`${url.origin}${url.pathname}`)).toBe(true);
      }
    }
  });
});

describe('Payment Links across app instances', () => {
  it('two instances making the same package link at once get one Price and one Payment Link (idempotency keys)', async () => {
    const settings = { secretKey: API_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: fake.url };
    const [a, b] = [createStripeGateway(settings), createStripeGateway(settings)];
    const input = { packageId: randomUUID(), name: 'Ampkit Test: 1.00 credits', amountCents: 100, returnUrl: RETURN_URL };
    const [pricesBefore, linksBefore] = [fake.prices.size, fake.paymentLinks.size];
    fake.clearRequests();
    const [first, second] = [await a.createPaymentLink(input), await b.createPaymentLink(input)];
    expect(second).toEqual(first);
    expect(fake.prices.size).toBe(pricesBefore + 1);
    expect(fake.paymentLinks.size).toBe(linksBefore + 1);
    expect(fake.requests.map((r) => [r.path, r.replayed])).toEqual([
      ['/v1/prices', false],
      ['/v1/payment_links', false],
      ['/v1/prices', true],
      ['/v1/payment_links', true],
    ]);
    // A changed package (another price) is a new request: new objects.
    const changed = await a.createPaymentLink({ ...input, amountCents: 200 });
    expect(changed.id).not.toBe(first.id);
    expect(fake.prices.size).toBe(pricesBefore + 2);
  });
});

describe('checkout.session.completed', () => {
  it('credits once when the same event arrives 10 times at once, and answers 200 to all', async () => {
    const buyer = await newBuyer();
    const session = await sessionFor(buyer, 'Creator');
    const event = completed(session);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(answers.filter((r) => data(r, stripeWebhookResponse).duplicate === false)).toHaveLength(1);
    expect(answers.filter((r) => data(r, stripeWebhookResponse).duplicate === true)).toHaveLength(9);

    await expectBalance(buyer, '27.0000');
    expect((await balanceOf(buyer)).lifetime_purchased).toBe('20.0000');
    expect(await ledgerOf(buyer)).toEqual(sorted([SIGNUP, ['purchase', '20.0000'], ['bonus', '2.0000']]));
    expect(await eventRecorded(event.id)).toBe(true);

    const payment = await paymentOf(session.id);
    expect(payment).toMatchObject({
      provider: 'stripe',
      providerId: session.id,
      paymentIntentId: session.payment_intent,
      userId: buyer.userId,
      packageId: (await packageRow('Creator')).id,
      amountUsd: '20.00',
      creditsPurchased: '22.0000',
      creditsReversed: '0.0000',
      reversalShortfall: '0.0000',
      taxAmount: '0.00',
      currency: 'usd',
      status: 'completed',
    });
    expect(payment!.completedAt).toBeInstanceOf(Date);
  });

  it('finds the package by the Payment Link when the session carries no metadata, and records tax', async () => {
    const buyer = await newBuyer();
    const studio = await packageRow('Studio');
    expect(studio.stripePaymentLinkId).toMatch(/^plink_/);
    const session = await buy(buyer, 'Studio', { metadata: {}, amount_total: 5400, total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 400 } });
    await expectBalance(buyer, '65.0000');
    expect(await paymentOf(session.id)).toMatchObject({ packageId: studio.id, amountUsd: '54.00', taxAmount: '4.00', creditsPurchased: '60.0000' });
  });

  it('verifies a body with non-ASCII text (the raw bytes are what Stripe signs)', async () => {
    const buyer = await newBuyer();
    const session = await sessionFor(buyer, 'Starter', {
      customer_details: { address: null, business_name: null, email: buyer.email, individual_name: null, name: 'Zoë Ångström 🎨 日本', phone: null, tax_exempt: 'none', tax_ids: [] },
    });
    await expectAccepted(await deliver(completed(session)));
    await expectBalance(buyer, '10.0000');
  });

  it('returns the buyer a completed status on the return page', async () => {
    const buyer = await newBuyer();
    const session = await buy(buyer, 'Starter');
    fake.clearRequests();
    const res = await t.call('GET', `/api/payments/checkout-status?session_id=${session.id}`, { session: buyer });
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res, checkoutStatusSchema)).toEqual({
      session_id: session.id,
      status: 'completed',
      payable_until: null,
      credits_purchased: '5.0000',
      amount_usd: '5.0000',
      package_name: 'Starter',
      test_mode: false,
    });
    expect(fake.requests).toHaveLength(0); // settled already: Stripe is not asked
    await expectBalance(buyer, '10.0000');
  });
});

describe('webhook signature', () => {
  async function expectRefused(res: Awaited<ReturnType<typeof deliver>>) {
    expect(res.statusCode, res.body).toBe(400);
    expect(error(res)).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
  }

  const cases: Array<[string, (event: FakeStripeEvent<CheckoutSession>) => Promise<Awaited<ReturnType<typeof deliver>>>]> = [
    [
      'a tampered body',
      async (event) => {
        const signed = signedEvent(event, { secret: WEBHOOK_SECRET, timestamp: nowSeconds() });
        const tampered = signed.body.replace(`"amount_total": ${event.data.object.amount_total}`, '"amount_total": 1');
        expect(tampered).not.toBe(signed.body);
        return deliver(event, { body: tampered, headers: { 'stripe-signature': signed.headers['stripe-signature'] } });
      },
    ],
    ['a wrong secret', (event) => deliver(event, { secret: `whsec_${randomUUID().replaceAll('-', '')}` })],
    ['a timestamp older than 300 s', (event) => deliver(event, { timestamp: nowSeconds() - 301 })],
    ['a timestamp an hour old', (event) => deliver(event, { timestamp: nowSeconds() - 3600 })],
    // Stripe's own tolerance only looks at the past: a signature dated ahead would stay replayable for that long.
    ['a timestamp an hour in the future', (event) => deliver(event, { timestamp: nowSeconds() + 3600 })],
    ['a timestamp 301 s in the future', (event) => deliver(event, { timestamp: nowSeconds() + 301 })],
    [
      'a delivery received more than 300 s after it was signed',
      async (event) => {
        const signedAt = nowSeconds();
        const before = t.clock.now();
        t.clock.advance(301_000);
        try {
          return await deliver(event, { timestamp: signedAt });
        } finally {
          t.clock.set(before);
        }
      },
    ],
    ['a missing Stripe-Signature header', (event) => deliver(event, { headers: { 'stripe-signature': undefined } })],
    ['a malformed Stripe-Signature header', (event) => deliver(event, { headers: { 'stripe-signature': 'v1=abc' } })],
    ['a non-JSON body, correctly signed', () => deliver('checkout.session.completed&id=cs_test_x')],
    ['a signed JSON body that is not an event', () => deliver(JSON.stringify({ hello: 'world' }))],
    ['a signed JSON null', () => deliver('null')],
  ];

  it.each(cases)('refuses %s with 400 and changes nothing', async (_label, send) => {
    const buyer = await newBuyer();
    const session = await sessionFor(buyer, 'Creator');
    const event = completed(session);
    const [events, paymentsBefore, ledgerBefore] = [await eventCount(), await paymentCount(), await ledgerCount()];
    await expectRefused(await send(event));
    expect(await eventRecorded(event.id)).toBe(false);
    expect(await paymentOf(session.id)).toBeUndefined();
    expect(await eventCount()).toBe(events);
    expect(await paymentCount()).toBe(paymentsBefore);
    expect(await ledgerCount()).toBe(ledgerBefore);
    await expectBalance(buyer, '5.0000');

    // The same event, delivered properly afterwards, still applies (nothing was half-recorded).
    await expectAccepted(await deliver(event));
    await expectBalance(buyer, '27.0000');
  });

  it('accepts a signature dated within 300 s either way (clock skew)', async () => {
    const buyer = await newBuyer();
    await expectAccepted(await deliver(completed(await sessionFor(buyer, 'Starter')), { timestamp: nowSeconds() + 200 }));
    await expectAccepted(await deliver(completed(await sessionFor(buyer, 'Starter')), { timestamp: nowSeconds() - 200 }));
    await expectBalance(buyer, '15.0000');
  });

  it('accepts a signed delivery without a session or CSRF token, and with a session but no CSRF token', async () => {
    const buyer = await newBuyer();
    const first = await sessionFor(buyer, 'Starter');
    await expectAccepted(await deliver(completed(first))); // deliver() sends no cookie and no token
    const second = await sessionFor(buyer, 'Starter');
    const signed = signedEvent(completed(second), { secret: WEBHOOK_SECRET, timestamp: nowSeconds() });
    const withCookie = await t.call('POST', '/api/payments/stripe/webhook', {
      session: buyer,
      csrf: null,
      headers: signed.headers,
      body: signed.body,
    });
    await expectAccepted(withCookie);
    await expectBalance(buyer, '15.0000');
  });
});

describe('return page and webhook settle one checkout', () => {
  const statusUrl = (id: string) => `/api/payments/checkout-status?session_id=${id}`;

  it('return page first: asks Stripe, credits; the webhook then credits nothing more', async () => {
    const buyer = await newBuyer();
    const session = await sessionFor(buyer, 'Creator');
    fake.addSession(session);
    fake.clearRequests();

    const res = await t.call('GET', statusUrl(session.id), { session: buyer });
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res, checkoutStatusSchema)).toMatchObject({ session_id: session.id, status: 'completed', credits_purchased: '22.0000', package_name: 'Creator', test_mode: false });
    expect(fake.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
      ['GET', `/v1/checkout/sessions/${session.id}`, `Bearer ${API_KEY}`],
    ]);
    await expectBalance(buyer, '27.0000');

    await expectAccepted(await deliver(completed(session)));
    await expectBalance(buyer, '27.0000');
    expect(await ledgerOf(buyer)).toEqual(sorted([SIGNUP, ['purchase', '20.0000'], ['bonus', '2.0000']]));
    expect((await paymentOf(session.id))!.status).toBe('completed');

    // Asking again answers from the database.
    fake.clearRequests();
    const again = await t.call('GET', statusUrl(session.id), { session: buyer });
    expect(data(again, checkoutStatusSchema).status).toBe('completed');
    expect(fake.requests).toHaveLength(0);
  });

  it('webhook first: the return page finds it completed and credits nothing more', async () => {
    const buyer = await newBuyer();
    const session = await buy(buyer, 'Creator');
    fake.addSession(session);
    fake.clearRequests();
    const res = await t.call('GET', statusUrl(session.id), { session: buyer });
    expect(data(res, checkoutStatusSchema)).toMatchObject({ status: 'completed', credits_purchased: '22.0000' });
    await expectBalance(buyer, '27.0000');
    expect(await ledgerOf(buyer)).toEqual(sorted([SIGNUP, ['purchase', '20.0000'], ['bonus', '2.0000']]));
  });

  it('both at once, several times over: credited once', async () => {
    const buyer = await newBuyer();
    const session = await sessionFor(buyer, 'Studio');
    fake.addSession(session);
    const event = completed(session);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => t.call('GET', statusUrl(session.id), { session: buyer })),
      ...Array.from({ length: 5 }, () => deliver(event)),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    await expectBalance(buyer, '65.0000');
    expect(await ledgerOf(buyer)).toEqual(sorted([SIGNUP, ['purchase', '50.0000'], ['bonus', '10.0000']]));
  });

  it('answers 404 to another user, whether or not the checkout was settled, and credits them nothing', async () => {
    const buyer = await newBuyer();
    const other = await newBuyer();
    const settled = await buy(buyer, 'Starter');
    fake.addSession(settled);
    const unsettled = await sessionFor(buyer, 'Creator');
    fake.addSession(unsettled);

    for (const id of [settled.id, unsettled.id]) {
      const res = await t.call('GET', statusUrl(id), { session: other });
      expect(res.statusCode, res.body).toBe(404);
      expect(error(res)).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await paymentOf(unsettled.id)).toBeUndefined();
    await expectBalance(other, '5.0000');
    await expectBalance(buyer, '10.0000');
  });

  it('answers 404 for a session Stripe does not know (Stripe answers resource_missing)', async () => {
    const buyer = await newBuyer();
    fake.clearRequests();
    const id = stripeId('cs_test', 58);
    const res = await t.call('GET', statusUrl(id), { session: buyer });
    expect(res.statusCode, res.body).toBe(404);
    expect(error(res).code).toBe('NOT_FOUND');
    expect(fake.requests.map((r) => r.status)).toEqual([404]); // not retried
    await expectBalance(buyer, '5.0000');
  });

  it('needs a signed-in user', async () => {
    const res = await t.call('GET', statusUrl(stripeId('cs_test', 58)));
    expect(res.statusCode).toBe(401);
  });
});

describe('asynchronous payments', () => {
  it('records an unpaid checkout as pending and credits it once when the payment succeeds', async () => {
    const buyer = await newBuyer();
    const session = await sessionFor(buyer, 'Creator', { payment_status: 'unpaid' });
    await expectAccepted(await deliver(completed(session)));
    // Completed, its payment still on its way: payable with no end we know of (Stripe says when).
    expect(await paymentOf(session.id)).toMatchObject({ status: 'pending', completedAt: null, payableUntil: null });
    await expectBalance(buyer, '5.0000');

    // The return page meanwhile: Stripe still says unpaid.
    fake.addSession(session);
    const pending = await t.call('GET', `/api/payments/checkout-status?session_id=${session.id}`, { session: buyer });
    expect(data(pending, checkoutStatusSchema).status).toBe('pending');
    await expectBalance(buyer, '5.0000');

    const succeeded = stripeEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' });
    await expectAccepted(await deliver(succeeded));
    await expectAccepted(await deliver(succeeded), true);
    await expectBalance(buyer, '27.0000');
    expect(await ledgerOf(buyer)).toEqual(sorted([SIGNUP, ['purchase', '20.0000'], ['bonus', '2.0000']]));
    expect(await paymentOf(session.id)).toMatchObject({ status: 'completed', completedAt: expect.any(Date) });
  });

  it('marks a failed asynchronous payment failed and credits nothing', async () => {
    const buyer = await newBuyer();
    const session = await sessionFor(buyer, 'Studio', { payment_status: 'unpaid' });
    await expectAccepted(await deliver(completed(session)));
    await expectAccepted(await deliver(stripeEvent('checkout.session.async_payment_failed', { ...session, payment_status: 'unpaid' })));
    expect(await paymentOf(session.id)).toMatchObject({ status: 'failed', completedAt: null });
    await expectBalance(buyer, '5.0000');
    expect(await ledgerOf(buyer)).toEqual([SIGNUP]);

    // A failed payment arriving first still records the checkout, and a late unpaid completion does not revive it.
    const other = await sessionFor(buyer, 'Starter', { payment_status: 'unpaid' });
    await expectAccepted(await deliver(stripeEvent('checkout.session.async_payment_failed', other)));
    await expectAccepted(await deliver(completed(other)));
    expect((await paymentOf(other.id))!.status).toBe('failed');
    await expectBalance(buyer, '5.0000');
  });
});

describe('refunds', () => {
  it('a full refund takes back the package credits, once', async () => {
    const buyer = await newBuyer();
    const session = await buy(buyer, 'Creator');
    await expectBalance(buyer, '27.0000');

    const event = refundEvent(session, 2000);
    expect(event.data.object.refunded).toBe(true);
    await expectAccepted(await deliver(event));
    await expectBalance(buyer, '5.0000');
    expect(await paymentOf(session.id)).toMatchObject({ status: 'refunded', creditsReversed: '22.0000', reversalShortfall: '0.0000' });
    expect(await ledgerOf(buyer)).toEqual(sorted([SIGNUP, ['purchase', '20.0000'], ['bonus', '2.0000'], ['refund', '-22.0000']]));

    await expectAccepted(await deliver(event), true);
    await expectBalance(buyer, '5.0000');
    expect(await ledgerOf(buyer)).toHaveLength(4);
  });

  it('a partial refund takes a proportional share; later refunds take only the difference', async () => {
    const buyer = await newBuyer();
    const session = await buy(buyer, 'Creator');
    const chargeId = stripeId('ch');

    // $5 of $20 back: a quarter of 22 credits.
    const quarter = refundEvent(session, 500, chargeId);
    expect(quarter.data.object.refunded).toBe(false);
    await expectAccepted(await deliver(quarter));
    await expectBalance(buyer, '21.5000');
    expect(await paymentOf(session.id)).toMatchObject({ creditsReversed: '5.5000', reversalShortfall: '0.0000' });

    // amount_refunded is cumulative: $15 in all now, so 16.5 credits in all, 11 more.
    await expectAccepted(await deliver(refundEvent(session, 1500, chargeId)));
    await expectBalance(buyer, '10.5000');
    expect((await paymentOf(session.id))!.creditsReversed).toBe('16.5000');

    // A late delivery of the smaller refund (a new event id) takes nothing more.
    await expectAccepted(await deliver(refundEvent(session, 500, chargeId)));
    await expectBalance(buyer, '10.5000');

    // Then the rest.
    await expectAccepted(await deliver(refundEvent(session, 2000, chargeId)));
    await expectBalance(buyer, '5.0000');
    expect(await paymentOf(session.id)).toMatchObject({ status: 'refunded', creditsReversed: '22.0000', reversalShortfall: '0.0000' });
    expect(await ledgerOf(buyer)).toEqual(
      sorted([SIGNUP, ['purchase', '20.0000'], ['bonus', '2.0000'], ['refund', '-5.5000'], ['refund', '-11.0000'], ['refund', '-5.5000']]),
    );
  });

  it('stops at zero when the credits were spent, and records the shortfall', async () => {
    const buyer = await newBuyer();
    const session = await buy(buyer, 'Starter');
    await expectBalance(buyer, '10.0000');

    const hold = await t.app.services.credits.hold({ userId: buyer.userId, amount: '9', serviceType: 'image_generation', description: 'x' });
    await t.app.services.credits.capture(hold.id);
    await expectBalance(buyer, '1.0000');

    const event = refundEvent(session, 500);
    await expectAccepted(await deliver(event));
    await expectBalance(buyer, '0.0000');
    expect(await paymentOf(session.id)).toMatchObject({ status: 'refunded', creditsReversed: '5.0000', reversalShortfall: '4.0000' });
    expect(await ledgerOf(buyer)).toEqual(sorted([SIGNUP, ['purchase', '5.0000'], ['usage', '-9.0000'], ['refund', '-1.0000']]));

    // Replayed: nothing changes; the shortfall is not counted twice.
    await expectAccepted(await deliver(event), true);
    await expectBalance(buyer, '0.0000');
    expect(await paymentOf(session.id)).toMatchObject({ creditsReversed: '5.0000', reversalShortfall: '4.0000' });
  });

  it('leaves credits under an open hold alone, so the running generation can still be charged', async () => {
    const buyer = await newBuyer();
    const session = await buy(buyer, 'Starter');
    const hold = await t.app.services.credits.hold({ userId: buyer.userId, amount: '7', serviceType: 'image_generation', description: 'x' });

    await expectAccepted(await deliver(refundEvent(session, 500)));
    // 10 - 7 held = 3 available: 3 taken back, 2 short.
    await expectBalance(buyer, '7.0000');
    expect(await paymentOf(session.id)).toMatchObject({ creditsReversed: '5.0000', reversalShortfall: '2.0000' });
    expect((await balanceOf(buyer)).available_credits).toBe('0.0000');

    expect(await t.app.services.credits.capture(hold.id)).toMatchObject({ charged: '7.0000' });
    await expectBalance(buyer, '0.0000');
  });

  it('a refund arriving before its checkout answers 409 and records nothing; the retry applies after the checkout', async () => {
    const buyer = await newBuyer();
    const session = await sessionFor(buyer, 'Creator');
    const refund = refundEvent(session, 2000);

    const early = await deliver(refund);
    expect(early.statusCode, early.body).toBe(409);
    expect(error(early)).toMatchObject({ code: 'CONFLICT' });
    expect(await eventRecorded(refund.id)).toBe(false);
    expect(await paymentOf(session.id)).toBeUndefined();
    await expectBalance(buyer, '5.0000');

    await expectAccepted(await deliver(completed(session)));
    await expectBalance(buyer, '27.0000');

    await expectAccepted(await deliver(refund)); // Stripe's retry of the same event
    expect(await eventRecorded(refund.id)).toBe(true);
    await expectBalance(buyer, '5.0000');
    expect((await paymentOf(session.id))!.status).toBe('refunded');
  });

  it('a refund of a payment not credited yet (async payment still pending) answers 409 and takes nothing', async () => {
    // Stripe does not promise event order: the refund may overtake async_payment_succeeded.
    const buyer = await newBuyer();
    const session = await sessionFor(buyer, 'Creator', { payment_status: 'unpaid' });
    await expectAccepted(await deliver(completed(session)));
    const refund = refundEvent(session, 2000);

    const early = await deliver(refund);
    expect(early.statusCode, early.body).toBe(409);
    expect(await eventRecorded(refund.id)).toBe(false);
    expect(await paymentOf(session.id)).toMatchObject({ status: 'pending', creditsReversed: '0.0000', reversalShortfall: '0.0000' });
    await expectBalance(buyer, '5.0000');

    await expectAccepted(await deliver(stripeEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' })));
    await expectBalance(buyer, '27.0000');
    await expectAccepted(await deliver(refund));
    await expectBalance(buyer, '5.0000');
    expect(await paymentOf(session.id)).toMatchObject({ status: 'refunded', creditsReversed: '22.0000', reversalShortfall: '0.0000' });
  });
});

describe('disputes', () => {
  it('charge.dispute.created marks the payment disputed and takes the credits back, once', async () => {
    const buyer = await newBuyer();
    const session = await buy(buyer, 'Creator');
    const event = stripeEvent('charge.dispute.created', dispute({ amount: 2000, payment_intent: session.payment_intent }));
    await expectAccepted(await deliver(event));
    await expectBalance(buyer, '5.0000');
    expect(await paymentOf(session.id)).toMatchObject({ status: 'disputed', creditsReversed: '22.0000', reversalShortfall: '0.0000' });
    await expectAccepted(await deliver(event), true);
    await expectBalance(buyer, '5.0000');
    expect(await ledgerOf(buyer)).toEqual(sorted([SIGNUP, ['purchase', '20.0000'], ['bonus', '2.0000'], ['refund', '-22.0000']]));
  });

  it('after a partial refund, a dispute takes only what is left', async () => {
    const buyer = await newBuyer();
    const session = await buy(buyer, 'Creator');
    await expectAccepted(await deliver(refundEvent(session, 1000)));
    await expectBalance(buyer, '16.0000');
    await expectAccepted(await deliver(stripeEvent('charge.dispute.created', dispute({ amount: 1000, payment_intent: session.payment_intent }))));
    await expectBalance(buyer, '5.0000');
    expect(await paymentOf(session.id)).toMatchObject({ status: 'disputed', creditsReversed: '22.0000' });
  });

  it('a refund and a dispute of one payment arriving together, each several times, never take back more than was bought', async () => {
    const buyer = await newBuyer();
    const session = await buy(buyer, 'Studio');
    await expectBalance(buyer, '65.0000');
    const chargeId = stripeId('ch');
    const refund = refundEvent(session, 5000, chargeId);
    const disputed = stripeEvent('charge.dispute.created', dispute({ amount: 5000, charge: chargeId, payment_intent: session.payment_intent }));
    const answers = await Promise.all([...Array.from({ length: 4 }, () => deliver(refund)), ...Array.from({ length: 4 }, () => deliver(disputed))]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    await expectBalance(buyer, '5.0000');
    const payment = await paymentOf(session.id);
    expect(payment).toMatchObject({ status: 'disputed', creditsReversed: '60.0000', reversalShortfall: '0.0000' });
    const refunds = (await ledgerOf(buyer)).filter(([type]) => type === 'refund');
    expect(refunds).toEqual([['refund', '-60.0000']]);
  });

  it('a dispute before its checkout, or before its payment succeeded, answers 409 and records nothing', async () => {
    const buyer = await newBuyer();
    const session = await sessionFor(buyer, 'Starter');
    const event = stripeEvent('charge.dispute.created', dispute({ amount: 500, payment_intent: session.payment_intent }));
    const res = await deliver(event);
    expect(res.statusCode).toBe(409);
    expect(await eventRecorded(event.id)).toBe(false);
    await expectBalance(buyer, '5.0000');

    // Known but not credited yet (asynchronous payment pending): still 409, nothing taken.
    await expectAccepted(await deliver(completed({ ...session, payment_status: 'unpaid' })));
    const pending = await deliver(event);
    expect(pending.statusCode, pending.body).toBe(409);
    expect(await eventRecorded(event.id)).toBe(false);
    expect(await paymentOf(session.id)).toMatchObject({ status: 'pending', creditsReversed: '0.0000' });
    await expectBalance(buyer, '5.0000');

    await expectAccepted(await deliver(stripeEvent('checkout.session.async_payment_succeeded', session)));
    await expectAccepted(await deliver(event));
    await expectBalance(buyer, '5.0000');
    expect(await paymentOf(session.id)).toMatchObject({ status: 'disputed', creditsReversed: '5.0000' });
  });
});

describe('status never goes back', () => {
  it('a completed checkout stays completed when a late unpaid completion or a failure arrives', async () => {
    const buyer = await newBuyer();
    const session = await buy(buyer, 'Creator');
    const completedAt = (await paymentOf(session.id))!.completedAt;
    t.clock.advance(1000);

    await expectAccepted(await deliver(completed({ ...session, payment_status: 'unpaid' })));
    await expectAccepted(await deliver(stripeEvent('checkout.session.async_payment_failed', { ...session, payment_status: 'unpaid' })));
    expect(await paymentOf(session.id)).toMatchObject({ status: 'completed', completedAt });
    await expectBalance(buyer, '27.0000');
  });

  it('a refunded checkout stays refunded, and is not credited again, when the completion is delivered late', async () => {
    const buyer = await newBuyer();
    const session = await buy(buyer, 'Starter');
    await expectAccepted(await deliver(refundEvent(session, 500)));
    await expectBalance(buyer, '5.0000');
    await expectAccepted(await deliver(completed(session))); // a new event id for the same session
    await expectAccepted(await deliver(stripeEvent('checkout.session.async_payment_succeeded', session)));
    expect((await paymentOf(session.id))!.status).toBe('refunded');
    await expectBalance(buyer, '5.0000');
  });
});

describe('events the app cannot or need not apply', () => {
  it.each([
    ['an unknown client_reference_id', () => ({ client_reference_id: randomUUID() })],
    ['a client_reference_id that is not a user id', () => ({ client_reference_id: 'someone' })],
    ['no client_reference_id', () => ({ client_reference_id: null })],
  ])('credits a checkout with %s to the verified account of the address the buyer gave', async (_label, overrides) => {
    const buyer = await newBuyer();
    const session = await sessionFor(buyer, 'Starter', overrides());
    await expectAccepted(await deliver(completed(session)));
    expect(await paymentOf(session.id)).toMatchObject({ userId: buyer.userId, customerEmail: null, status: 'completed' });
    await expectBalance(buyer, '10.0000');
  });

  it.each([
    ['an unknown client_reference_id', () => ({ client_reference_id: randomUUID() })],
    ['no client_reference_id', () => ({ client_reference_id: null })],
  ])('records a checkout with %s and an address no account has for an admin to assign, crediting nobody', async (_label, overrides) => {
    const buyer = await newBuyer();
    const stranger = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    const session = await sessionFor(buyer, 'Starter', {
      ...overrides(),
      customer_details: { address: null, business_name: null, email: stranger, individual_name: null, name: 'Stranger', phone: null, tax_exempt: 'none', tax_ids: [] },
    });
    const ledgerBefore = await ledgerCount();
    const event = completed(session);
    await expectAccepted(await deliver(event));
    expect(await eventRecorded(event.id)).toBe(true);
    expect(await paymentOf(session.id)).toMatchObject({ userId: null, anonymousId: null, customerEmail: stranger, status: 'completed' });
    expect(await ledgerCount()).toBe(ledgerBefore);
    await expectBalance(buyer, '5.0000');
  });

  it('acknowledges a checkout for an unknown package and credits nothing', async () => {
    const buyer = await newBuyer();
    const session = await sessionFor(buyer, 'Starter', { metadata: { package_id: randomUUID() }, payment_link: stripeId('plink') });
    const ledgerBefore = await ledgerCount();
    await expectAccepted(await deliver(completed(session)));
    expect(await paymentOf(session.id)).toBeUndefined();
    expect(await ledgerCount()).toBe(ledgerBefore);
    await expectBalance(buyer, '5.0000');
  });

  // checkout.session.expired of a checkout never seen: nothing to mark failed (admin-transactions.api.test.ts has the rest).
  it.each(['payment_intent.succeeded', 'customer.created', 'charge.succeeded', 'checkout.session.expired'])(
    'acknowledges %s and ignores it',
    async (type) => {
      const buyer = await newBuyer();
      const session = await sessionFor(buyer, 'Starter');
      const [paymentsBefore, ledgerBefore] = [await paymentCount(), await ledgerCount()];
      const object = type.startsWith('checkout') ? session : type === 'charge.succeeded' ? charge({ payment_intent: session.payment_intent }) : { id: stripeId('x'), object: type.split('.')[0] };
      await expectAccepted(await deliver(stripeEvent(type, object)));
      expect(await paymentCount()).toBe(paymentsBefore);
      expect(await ledgerCount()).toBe(ledgerBefore);
      await expectBalance(buyer, '5.0000');
    },
  );
});

describe('test checkout in Stripe mode', () => {
  it('answers 404 on the test checkout routes and records nothing', async () => {
    const buyer = await newBuyer();
    const pkg = await packageRow('Starter');
    const paymentsBefore = await paymentCount();
    const page = await t.call('GET', `/api/payments/test-checkout/${pkg.id}`, { session: buyer });
    expect(page.statusCode).toBe(404);
    expect(error(page).code).toBe('NOT_FOUND');
    const open = await t.call('POST', `/api/payments/test-checkout/${pkg.id}/open`, { session: buyer });
    expect(open.statusCode, open.body).toBe(404);
    expect(error(open).code).toBe('NOT_FOUND');
    const confirm = await t.call('POST', `/api/payments/test-checkout/${pkg.id}/confirm`, { session: buyer, body: { checkout_id: 'cs_test_abcdefgh' } });
    expect(confirm.statusCode, confirm.body).toBe(404);
    expect(error(confirm).code).toBe('NOT_FOUND');
    expect(await paymentCount()).toBe(paymentsBefore);
    await expectBalance(buyer, '5.0000');
  });
});

describe('the fake Stripe itself', () => {
  it('refuses a wrong key with 401 and an unknown session with 404, in Stripe error bodies', async () => {
    const wrong = await fetch(`${fake.url}/v1/checkout/sessions/cs_test_nope`, { headers: { authorization: 'Bearer sk_test_wrong' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining('Invalid API Key') } });
    const none = await fetch(`${fake.url}/v1/prices`, { method: 'POST' });
    expect(none.status).toBe(401);
    const missing = await fetch(`${fake.url}/v1/checkout/sessions/cs_test_nope`, { headers: { authorization: `Bearer ${API_KEY}` } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such checkout.session: 'cs_test_nope'" },
    });
  });

  it('keeps payment link ids the app stored', async () => {
    const rows = await t.database.db.select().from(creditPackages).orderBy(asc(creditPackages.sortOrder));
    for (const row of rows) expect(fake.paymentLinks.has(row.stripePaymentLinkId!)).toBe(true);
  });
});
