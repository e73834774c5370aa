import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTransactionActionResponse, adminTransactionsResponse } from '../../../contract/admin-payments.ts';
import { creditBalanceResponse } from '../../../contract/credits.ts';
import { adminAudit, creditLedger, creditPackages, deletedAccounts, payments, stripeEvents, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import {
  balanceTransaction,
  charge,
  checkoutSession,
  dispute,
  signedEvent,
  startFakeStripe,
  stripeEvent,
  stripeId,
  type FakeStripe,
} from '../../test-support/fake-stripe.ts';

/**
 * The Stripe Transactions tab's calls (spec 3 §3, §7) and the payment gaps the webhook closes: a won dispute, an
 * expired checkout, a checkout that names no account. Stripe mode, against the fake Stripe; rows for the list are
 * written directly so dates, statuses and names are exactly what each test needs.
 */

const API_KEY = `sk_test_${randomUUID().replaceAll('-', '')}`;
const WEBHOOK_SECRET = `whsec_${randomUUID().replaceAll('-', '')}`;

let fake: FakeStripe;
let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  fake = await startFakeStripe({ apiKey: API_KEY });
  t = await createTestApp({ STRIPE_SECRET_KEY: API_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url });
  admin = await t.make.user({ admin: true });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const list = async (query: string) => {
  const res = await t.call('GET', `/api/admin/stripe-transactions${query}`, { session: admin });
  expect(res.statusCode, res.body).toBe(200);
  return data(res, adminTransactionsResponse);
};

async function deliver(event: object) {
  const signed = signedEvent(event, { secret: WEBHOOK_SECRET, timestamp: Math.floor(t.clock.now().getTime() / 1000) });
  const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: signed.headers, payload: signed.body });
  return res;
}
async function accepted(event: object, duplicate = false) {
  const res = await deliver(event);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toEqual({ received: true, duplicate });
}

async function balanceOf(s: TestSession) {
  return data(await t.call('GET', '/api/credits/balance', { session: s }), creditBalanceResponse).balance.balance;
}

async function paymentBy(providerId: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.providerId, providerId));
  return row;
}

async function auditRows(action: string, targetId: string) {
  return t.database.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.action, action), eq(adminAudit.targetId, targetId)))
    .orderBy(desc(adminAudit.id));
}

async function creatorPackage() {
  const [row] = await t.database.db.select().from(creditPackages).where(eq(creditPackages.name, 'Creator'));
  return row!;
}

/** A completed Creator purchase through a signed webhook; answers the session. */
async function buy(buyer: { userId: string | null; email: string }, overrides: Parameters<typeof checkoutSession>[0] = {}) {
  const pkg = await creatorPackage();
  const session = checkoutSession({
    client_reference_id: buyer.userId,
    customer_details: { address: null, business_name: null, email: buyer.email, individual_name: null, name: 'Buyer', phone: null, tax_exempt: 'none', tax_ids: [] },
    amount_total: 2000,
    metadata: { package_id: pkg.id },
    ...overrides,
  });
  await accepted(stripeEvent('checkout.session.completed', session));
  return session;
}

// ---------------------------------------------------------------------------------------------------
// The list: a fixed set of rows in a date range of their own (2020), so other tests' rows never match
// ---------------------------------------------------------------------------------------------------

describe('GET /api/admin/stripe-transactions', () => {
  let buyer: TestSession;
  const seeded: string[] = [];
  beforeAll(async () => {
    buyer = await t.make.user({ name: 'Ada, "The" Buyer\nsecond line', email: `ada-${randomUUID().slice(0, 6)}@example.com` });
    const [gone] = await t.database.db.insert(deletedAccounts).values({}).returning();
    const rows: Array<Partial<typeof payments.$inferInsert> & { day: string; status: (typeof payments.$inferInsert)['status'] }> = [];
    // 45 completed payments from 2020-03-01 to 2020-03-15 (3 a day), then one of each other status on 2020-03-16.
    for (let i = 0; i < 45; i++) rows.push({ day: `2020-03-${String(1 + Math.floor(i / 3)).padStart(2, '0')}T${String(10 + (i % 3)).padStart(2, '0')}:00:00Z`, status: 'completed' });
    rows.push({ day: '2020-03-16T23:59:59Z', status: 'refunded' });
    rows.push({ day: '2020-03-16T00:00:00Z', status: 'disputed' });
    rows.push({ day: '2020-03-16T12:00:00Z', status: 'failed', userId: null, anonymousId: gone!.id });
    rows.push({ day: '2020-03-16T13:00:00Z', status: 'pending', userId: null, customerEmail: '=cmd|calc@example.com' });
    for (const [i, r] of rows.entries()) {
      const created = new Date(r.day);
      const [row] = await t.database.db
        .insert(payments)
        .values({
          provider: i % 2 ? 'stripe' : 'test',
          providerId: `cs_list_${i}_${randomUUID().slice(0, 8)}`,
          userId: 'userId' in r ? r.userId : buyer.userId,
          anonymousId: r.anonymousId ?? null,
          customerEmail: r.customerEmail ?? null,
          amountUsd: '20.00',
          creditsPurchased: '22',
          stripeFee: '0.88',
          taxAmount: '1.50',
          status: r.status,
          createdAt: created,
          completedAt: r.status === 'completed' ? new Date(created.getTime() + 1000) : null,
          updatedAt: created,
        })
        .returning({ id: payments.id });
      seeded.push(row!.id);
    }
  });

  const YEAR = '&start_date=2020-01-01&end_date=2020-12-31';

  it('answers pages of 20, newest first, with total_pages, and an empty page beyond the end', async () => {
    const first = await list(`?page=1${YEAR}`);
    expect(first.transactions).toHaveLength(20);
    expect(first.pagination).toEqual({ page: 1, limit: 20, total: 49, total_pages: 3 });
    const times = first.transactions.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const third = await list(`?page=3${YEAR}`);
    expect(third.transactions).toHaveLength(9);
    const all = [...first.transactions, ...(await list(`?page=2${YEAR}`)).transactions, ...third.transactions].map((r) => r.id);
    expect(new Set(all).size).toBe(49);
    expect(new Set(all)).toEqual(new Set(seeded));
    const beyond = await list(`?page=4${YEAR}`);
    expect(beyond.transactions).toEqual([]);
    expect(beyond.pagination.total_pages).toBe(3);
    expect((await list(`?limit=100${YEAR}`)).transactions).toHaveLength(49);
    expect((await list(`?limit=1${YEAR}`)).pagination.total_pages).toBe(49);
  });

  it('shows each row with the spec fields; a deleted account as such, an unassigned payment with the address Stripe gave', async () => {
    const rows = (await list(`?limit=100${YEAR}`)).transactions;
    const completed = rows.find((r) => r.status === 'completed')!;
    expect(completed).toMatchObject({
      user_name: 'Ada, "The" Buyer\nsecond line',
      user_email: buyer.email,
      amount_usd: '20.00',
      credits_purchased: '22.0000',
      stripe_fee: '0.88',
      tax_amount: '1.50',
      unassigned: false,
      deleted_account: false,
    });
    expect(Object.keys(completed)).toEqual(
      expect.arrayContaining(['id', 'payment_provider_id', 'user_name', 'user_email', 'amount_usd', 'credits_purchased', 'stripe_fee', 'tax_amount', 'status', 'created_at', 'completed_at']),
    );
    expect(rows.find((r) => r.status === 'failed')).toMatchObject({ user_name: 'Deleted account', user_email: null, deleted_account: true, unassigned: false });
    expect(rows.find((r) => r.status === 'pending')).toMatchObject({ user_name: null, user_email: '=cmd|calc@example.com', unassigned: true });
  });

  it('filters by inclusive calendar days and by status, and the stats follow the filters', async () => {
    const day = await list('?start_date=2020-03-16&end_date=2020-03-16');
    expect(day.transactions.map((r) => r.status).sort()).toEqual(['disputed', 'failed', 'pending', 'refunded']);
    const twoDays = await list('?start_date=2020-03-01&end_date=2020-03-02');
    expect(twoDays.pagination.total).toBe(6);
    expect(twoDays.stats).toEqual({ total_revenue: '120.00', total_transactions: 6, total_fees: '5.28', total_taxes: '9.00' });
    const refunded = await list(`?status=refunded${YEAR}`);
    expect(refunded.transactions.map((r) => r.status)).toEqual(['refunded']);
    // Revenue and taxes count completed payments only; fees count every matched payment (Stripe keeps them).
    expect(refunded.stats).toEqual({ total_revenue: '0.00', total_transactions: 1, total_fees: '0.88', total_taxes: '0.00' });
    expect((await list(`?status=completed${YEAR}`)).stats).toEqual({ total_revenue: '900.00', total_transactions: 45, total_fees: '39.60', total_taxes: '67.50' });
    expect((await list('?start_date=2020-03-17&end_date=2020-03-31')).transactions).toEqual([]);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?page=0', 'page'],
    ['?status=paid', 'status'],
    ['?start_date=2020-02-30', 'start_date'],
    ['?start_date=03/01/2020', 'start_date'],
    ['?start_date=2020-03-02&end_date=2020-03-01', 'end_date'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await t.call('GET', `/api/admin/stripe-transactions${query}`, { session: admin });
    expect(res.statusCode).toBe(400);
    expect(error(res).field).toBe(field);
  });

  it('exports every matching row (not a page) as RFC 4180 CSV with formula cells defused', async () => {
    const res = await t.call('GET', `/api/admin/stripe-transactions?export=true&page=3${YEAR}`, { session: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ampkit-transactions-2020-01-01-to-2020-12-31.csv"');
    const text = res.body;
    expect(text.startsWith('id,payment_provider_id,provider,user_name,user_email,package_name,amount_usd,credits_purchased,stripe_fee,tax_amount,status,created_at,completed_at\r\n')).toBe(true);
    // 49 rows + the header; the name's quote is doubled and its line break kept inside the quotes.
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(50);
    expect(text).toContain(`,"Ada, ""The"" Buyer\nsecond line",${buyer.email},`);
    expect(text).toContain(`,'=cmd|calc@example.com,`);
    expect(text).toContain(',Deleted account,,');
    const filtered = await t.call('GET', `/api/admin/stripe-transactions?export=true&status=disputed${YEAR}`, { session: admin });
    expect(filtered.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(filtered.headers['content-disposition']).toContain('-disputed.csv');
  });
});

describe('the CSV export in batches', () => {
  it('exports more rows than one batch (500), each once and in order, with created_at in microseconds and ties across a batch edge', async () => {
    // 1,203 rows on 2019-06-01, microseconds apart in threes (the 500th and 501st share one created_at), as rows
    // written with SQL now() carry microseconds a JavaScript Date cannot hold.
    await t.database.db.execute(sql`
      insert into payments (provider, provider_id, amount_usd, credits_purchased, status, created_at, updated_at)
      select 'stripe', 'cs_bulk_' || i, 5, 5, 'completed',
             timestamptz '2019-06-01 12:00:00.123456+00' + (i / 3) * interval '1 microsecond', now()
      from generate_series(1, 1203) as i`);
    const expected = (
      await t.database.db
        .select({ providerId: payments.providerId })
        .from(payments)
        .where(and(gte(payments.createdAt, new Date('2019-06-01T00:00:00Z')), lt(payments.createdAt, new Date('2019-06-02T00:00:00Z'))))
        .orderBy(desc(payments.createdAt), desc(payments.id))
    ).map((r) => r.providerId);
    expect(expected).toHaveLength(1203);

    const res = await t.call('GET', '/api/admin/stripe-transactions?export=true&start_date=2019-06-01&end_date=2019-06-01', { session: admin });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 1203);
    const exported = lines.slice(1).map((line) => line.split(',')[1]);
    expect(new Set(exported).size).toBe(1203);
    expect(exported).toEqual(expected);
  });

  it("names an export without dates by the service clock's day", async () => {
    const later = 2 * 24 * 3600 * 1000;
    t.clock.advance(later);
    try {
      const day = t.clock.now().toISOString().slice(0, 10);
      expect(day).not.toBe(new Date().toISOString().slice(0, 10));
      const boss = await t.make.user({ admin: true });
      const res = await t.call('GET', '/api/admin/stripe-transactions?export=true&status=refunded', { session: boss });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="ampkit-transactions-${day}-refunded.csv"`);
    } finally {
      t.clock.advance(-later);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// refresh-tax
// ---------------------------------------------------------------------------------------------------

describe('POST /api/admin/stripe-transactions?sub_action=refresh-tax', () => {
  const refresh = (paymentId: string) => t.call('POST', '/api/admin/stripe-transactions?sub_action=refresh-tax', { session: admin, body: { payment_id: paymentId } });

  it("reads the fee from the charge's balance transaction and the tax from the Checkout Session, and audits it", async () => {
    const buyer = await t.make.user();
    // The charge is not in Stripe yet when the webhook arrives: the fee stays empty.
    const session = await buy(buyer, { total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 } });
    const payment = (await paymentBy(session.id))!;
    expect(payment.stripeFee).toBeNull();

    const txn = balanceTransaction({ amount: 2160, stripeFee: 93, feeTax: 19 });
    fake.addBalanceTransaction(txn);
    fake.addCharge(charge({ amount: 2160, payment_intent: session.payment_intent, balance_transaction: txn.id }));
    fake.addSession({ ...session, total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 160 } });
    fake.clearRequests();
    const res = await refresh(payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res, adminTransactionActionResponse).transaction).toMatchObject({ id: payment.id, stripe_fee: '1.12', tax_amount: '1.60' });
    const intentCall = fake.requests.find((r) => r.path === `/v1/payment_intents/${session.payment_intent}`)!;
    expect(Object.values(intentCall.query.expand as object)).toEqual(['latest_charge.balance_transaction']);
    expect(await paymentBy(session.id)).toMatchObject({ stripeFee: '1.12', taxAmount: '1.60' });
    const [row] = await auditRows('payment.refresh-tax', payment.id);
    expect(row).toMatchObject({ area: 'transactions', targetUserId: buyer.userId, before: { stripe_fee: null, tax_amount: '0.00' }, after: { stripe_fee: '1.12', tax_amount: '1.60' } });
  });

  it('fills the fee by itself when the charge exists as the checkout completes', async () => {
    const buyer = await t.make.user();
    const intent = stripeId('pi');
    const txn = balanceTransaction({ amount: 2000, stripeFee: 88 });
    fake.addBalanceTransaction(txn);
    fake.addCharge(charge({ amount: 2000, payment_intent: intent, balance_transaction: txn.id }));
    const session = await buy(buyer, { payment_intent: intent });
    expect((await paymentBy(session.id))!.stripeFee).toBe('0.88');
  });

  it('answers 400 for a test checkout payment, 404 for an unknown id, 409 when Stripe has no charge yet; nothing changes', async () => {
    const buyer = await t.make.user();
    const [testPayment] = await t.database.db
      .insert(payments)
      .values({ provider: 'test', providerId: `cs_test_${randomUUID()}`, userId: buyer.userId, amountUsd: '5', creditsPurchased: '5', status: 'completed' })
      .returning();
    const bad = await refresh(testPayment!.id);
    expect(bad.statusCode).toBe(400);
    expect(error(bad)).toMatchObject({ field: 'payment_id', message: expect.stringContaining('test checkout') });
    expect((await refresh(randomUUID())).statusCode).toBe(404);
    const invalid = await t.call('POST', '/api/admin/stripe-transactions?sub_action=refresh-tax', { session: admin, body: { payment_id: 'nope' } });
    expect(invalid.statusCode).toBe(400);
    expect(error(invalid).field).toBe('payment_id');

    const session = await buy(buyer, { total_details: null as never });
    fake.addSession({ ...session, total_details: null as never });
    const none = await refresh((await paymentBy(session.id))!.id);
    expect(none.statusCode, none.body).toBe(409);
    expect(await auditRows('payment.refresh-tax', testPayment!.id)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// The payment gaps
// ---------------------------------------------------------------------------------------------------

describe('charge.dispute.closed', () => {
  it('won: gives back what the dispute took, once, and the payment is completed again; lost: nothing', async () => {
    const buyer = await t.make.user();
    const session = await buy(buyer);
    expect(await balanceOf(buyer)).toBe('27.0000');
    const disputeObj = dispute({ amount: 2000, payment_intent: session.payment_intent });
    await accepted(stripeEvent('charge.dispute.created', disputeObj));
    expect(await balanceOf(buyer)).toBe('5.0000');
    expect((await paymentBy(session.id))!.status).toBe('disputed');

    const lost = stripeEvent('charge.dispute.closed', { ...disputeObj, status: 'lost' });
    await accepted(lost);
    expect(await balanceOf(buyer)).toBe('5.0000');
    expect((await paymentBy(session.id))!.status).toBe('disputed');

    const won = stripeEvent('charge.dispute.closed', { ...disputeObj, status: 'won' });
    await accepted(won);
    expect(await balanceOf(buyer)).toBe('27.0000');
    expect(await paymentBy(session.id)).toMatchObject({ status: 'completed', creditsReversed: '0.0000', reversalShortfall: '0.0000' });
    // The same event again, and the same closure under another event id: nothing more.
    await accepted(won, true);
    await accepted(stripeEvent('charge.dispute.closed', { ...disputeObj, status: 'won' }));
    expect(await balanceOf(buyer)).toBe('27.0000');
    const audit = await t.app.services.credits.audit(buyer.userId);
    expect(audit.ledgerSum).toBe(audit.balance);
  });

  it('an inquiry closed without a chargeback (warning_closed) gives the credits back like a win, in either order', async () => {
    const buyer = await t.make.user();
    const session = await buy(buyer);
    const inquiry = dispute({ amount: 2000, payment_intent: session.payment_intent, status: 'warning_needs_response' });
    await accepted(stripeEvent('charge.dispute.created', inquiry));
    expect(await balanceOf(buyer)).toBe('5.0000');
    await accepted(stripeEvent('charge.dispute.closed', { ...inquiry, status: 'warning_closed' }));
    expect(await balanceOf(buyer)).toBe('27.0000');
    expect((await paymentBy(session.id))!.status).toBe('completed');

    const other = await t.make.user();
    const second = await buy(other);
    const early = dispute({ amount: 2000, payment_intent: second.payment_intent, status: 'warning_closed' });
    await accepted(stripeEvent('charge.dispute.closed', early));
    await accepted(stripeEvent('charge.dispute.created', { ...early, status: 'warning_needs_response' }));
    expect(await balanceOf(other)).toBe('27.0000');
    expect((await paymentBy(second.id))!.status).toBe('completed');
  });

  it('won after the credits were partly spent: gives back only what was taken', async () => {
    const buyer = await t.make.user();
    const session = await buy(buyer);
    // Spend 20 of the 27 (an adjustment stands in for usage).
    await t.app.services.credits.takeBack(t.database.db, { userId: buyer.userId, type: 'adjustment', amount: '20', description: 'spent', idempotencyKey: `spent:${session.id}` });
    const disputeObj = dispute({ amount: 2000, payment_intent: session.payment_intent });
    await accepted(stripeEvent('charge.dispute.created', disputeObj));
    expect(await balanceOf(buyer)).toBe('0.0000');
    expect(await paymentBy(session.id)).toMatchObject({ creditsReversed: '22.0000', reversalShortfall: '15.0000' });
    await accepted(stripeEvent('charge.dispute.closed', { ...disputeObj, status: 'won' }));
    expect(await balanceOf(buyer)).toBe('7.0000');
    expect(await paymentBy(session.id)).toMatchObject({ status: 'completed', creditsReversed: '0.0000', reversalShortfall: '0.0000' });
  });

  /** The buyer's ledger rows of the purchase and its reversals, as sorted [type, amount] pairs (the signup bonus left out). */
  async function purchaseLedger(userId: string) {
    const rows = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    return rows
      .filter((r) => r.type !== 'bonus' || !r.idempotencyKey?.startsWith('signup'))
      .map((r) => [r.type, r.amount])
      .sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`));
  }

  it('won before created (Stripe does not promise order): the credits stay, the payment stays completed; replays change nothing', async () => {
    const buyer = await t.make.user();
    const session = await buy(buyer);
    const ledgerBefore = await purchaseLedger(buyer.userId);
    const disputeObj = dispute({ amount: 2000, payment_intent: session.payment_intent });
    const won = stripeEvent('charge.dispute.closed', { ...disputeObj, status: 'won' });
    const created = stripeEvent('charge.dispute.created', disputeObj);
    await accepted(won);
    expect(await balanceOf(buyer)).toBe('27.0000');
    expect(await paymentBy(session.id)).toMatchObject({ status: 'completed', creditsReversed: '0.0000' });

    await accepted(created);
    expect(await balanceOf(buyer)).toBe('27.0000');
    expect(await paymentBy(session.id)).toMatchObject({ status: 'completed', creditsReversed: '0.0000', reversalShortfall: '0.0000' });
    // Replays of both, as the same events and under new event ids: still nothing taken, nothing given.
    await accepted(won, true);
    await accepted(created, true);
    await accepted(stripeEvent('charge.dispute.created', disputeObj));
    await accepted(stripeEvent('charge.dispute.closed', { ...disputeObj, status: 'won' }));
    expect(await balanceOf(buyer)).toBe('27.0000');
    expect(await paymentBy(session.id)).toMatchObject({ status: 'completed', creditsReversed: '0.0000' });
    expect(await purchaseLedger(buyer.userId)).toEqual(ledgerBefore);
    const audit = await t.app.services.credits.audit(buyer.userId);
    expect(audit.ledgerSum).toBe(audit.balance);
  });

  it('created then won, then created again under a new event id: the credits given back are not taken again', async () => {
    const buyer = await t.make.user();
    const session = await buy(buyer);
    const disputeObj = dispute({ amount: 2000, payment_intent: session.payment_intent });
    await accepted(stripeEvent('charge.dispute.created', disputeObj));
    await accepted(stripeEvent('charge.dispute.closed', { ...disputeObj, status: 'won' }));
    expect(await balanceOf(buyer)).toBe('27.0000');
    await accepted(stripeEvent('charge.dispute.created', disputeObj));
    await accepted(stripeEvent('charge.dispute.closed', { ...disputeObj, status: 'won' }));
    expect(await balanceOf(buyer)).toBe('27.0000');
    expect(await paymentBy(session.id)).toMatchObject({ status: 'completed', creditsReversed: '0.0000' });
    expect(await purchaseLedger(buyer.userId)).toEqual([
      ['adjustment', '22.0000'],
      ['bonus', '2.0000'],
      ['purchase', '20.0000'],
      ['refund', '-22.0000'],
    ]);
  });

  it('lost before created: disputed, the credits taken back once, whichever comes again', async () => {
    const buyer = await t.make.user();
    const session = await buy(buyer);
    const disputeObj = dispute({ amount: 2000, payment_intent: session.payment_intent });
    const lost = stripeEvent('charge.dispute.closed', { ...disputeObj, status: 'lost' });
    const created = stripeEvent('charge.dispute.created', disputeObj);
    await accepted(lost);
    expect(await balanceOf(buyer)).toBe('5.0000');
    expect(await paymentBy(session.id)).toMatchObject({ status: 'disputed', creditsReversed: '22.0000', reversalShortfall: '0.0000' });

    await accepted(created);
    await accepted(lost, true);
    await accepted(created, true);
    await accepted(stripeEvent('charge.dispute.created', disputeObj));
    await accepted(stripeEvent('charge.dispute.closed', { ...disputeObj, status: 'lost' }));
    expect(await balanceOf(buyer)).toBe('5.0000');
    expect(await paymentBy(session.id)).toMatchObject({ status: 'disputed', creditsReversed: '22.0000', reversalShortfall: '0.0000' });
    expect(await purchaseLedger(buyer.userId)).toEqual([
      ['bonus', '2.0000'],
      ['purchase', '20.0000'],
      ['refund', '-22.0000'],
    ]);
    const audit = await t.app.services.credits.audit(buyer.userId);
    expect(audit.ledgerSum).toBe(audit.balance);
  });

  it('lost before its payment is known answers 409 and records nothing, so Stripe retries', async () => {
    const event = stripeEvent('charge.dispute.closed', dispute({ status: 'lost', payment_intent: stripeId('pi') }));
    const res = await deliver(event);
    expect(res.statusCode).toBe(409);
    expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
  });

  it('won before its payment is known answers 409 so Stripe retries', async () => {
    const res = await deliver(stripeEvent('charge.dispute.closed', dispute({ status: 'won', payment_intent: stripeId('pi') })));
    expect(res.statusCode).toBe(409);
  });
});

describe('checkout.session.expired', () => {
  it('marks a pending purchase expired, once; a completed one and an unknown one stay as they are', async () => {
    const buyer = await t.make.user();
    const pending = await buy(buyer, { payment_status: 'unpaid', status: 'open' });
    // An open session is payable until Stripe's expires_at.
    expect(await paymentBy(pending.id)).toMatchObject({ status: 'pending', payableUntil: new Date(pending.expires_at * 1000) });
    const expired = stripeEvent('checkout.session.expired', { ...pending, status: 'expired' });
    await accepted(expired);
    expect((await paymentBy(pending.id))!.status).toBe('expired');
    await accepted(expired, true);
    expect((await paymentBy(pending.id))!.status).toBe('expired');
    expect(await balanceOf(buyer)).toBe('5.0000');

    const done = await buy(buyer);
    await accepted(stripeEvent('checkout.session.expired', { ...done, status: 'expired' }));
    expect((await paymentBy(done.id))!.status).toBe('completed');

    const unknown = checkoutSession({ status: 'expired', payment_status: 'unpaid' });
    await accepted(stripeEvent('checkout.session.expired', unknown));
    expect(await paymentBy(unknown.id)).toBeUndefined();
  });
});

describe('a checkout without client_reference_id', () => {
  it("is credited to the verified account with the buyer's address (any case), once", async () => {
    const buyer = await t.make.user({ email: `match-${randomUUID().slice(0, 6)}@example.com` });
    const session = await buy({ userId: null, email: buyer.email.toUpperCase() });
    const event = stripeEvent('checkout.session.completed', session);
    await accepted(event);
    expect(await balanceOf(buyer)).toBe('27.0000');
    expect(await paymentBy(session.id)).toMatchObject({ userId: buyer.userId, customerEmail: null, status: 'completed' });
  });

  it('is not credited to an unverified account with that address: it waits for an admin to assign it', async () => {
    const email = `unverified-${randomUUID().slice(0, 6)}@example.com`;
    const [unverified] = await t.database.db.insert(users).values({ email, name: 'Not yet' }).returning();
    const session = await buy({ userId: null, email });
    expect(await paymentBy(session.id)).toMatchObject({ userId: null, anonymousId: null, customerEmail: email, status: 'completed' });
    expect(await t.app.services.credits.audit(unverified!.id)).toMatchObject({ balance: '0.0000' });
  });

  it('unmatched: recorded for the admin, who assigns it once (by email or id), audited', async () => {
    const stranger = `stranger-${randomUUID().slice(0, 6)}@example.com`;
    const session = await buy({ userId: null, email: stranger });
    const payment = (await paymentBy(session.id))!;
    expect(payment).toMatchObject({ userId: null, customerEmail: stranger, status: 'completed' });
    const rows = (await list('?status=completed')).transactions;
    expect(rows.find((r) => r.id === payment.id)).toMatchObject({ unassigned: true, user_email: stranger, user_name: null });

    const owner = await t.make.user();
    const assign = (body: object) => t.call('POST', '/api/admin/stripe-transactions?sub_action=assign', { session: admin, body });
    const missing = await assign({ payment_id: payment.id });
    expect(missing.statusCode).toBe(400);
    expect(error(missing).field).toBe('user_id');
    expect((await assign({ payment_id: payment.id, user_id: randomUUID() })).statusCode).toBe(404);
    expect((await assign({ payment_id: randomUUID(), user_id: owner.userId })).statusCode).toBe(404);
    expect(await balanceOf(owner)).toBe('5.0000');

    const res = await assign({ payment_id: payment.id, email: owner.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res, adminTransactionActionResponse).transaction).toMatchObject({ unassigned: false, user_email: owner.email, user_id: owner.userId });
    expect(await balanceOf(owner)).toBe('27.0000');
    expect(await paymentBy(session.id)).toMatchObject({ userId: owner.userId, customerEmail: null });
    const [row] = await auditRows('payment.assign', payment.id);
    expect(row).toMatchObject({ area: 'transactions', targetUserId: owner.userId, before: { user_id: null }, after: { user_id: owner.userId, credits_granted: '22.0000' } });

    // Once only: a second assignment is refused; a late replay of the checkout credits nothing more.
    const again = await assign({ payment_id: payment.id, user_id: (await t.make.user()).userId });
    expect(again.statusCode).toBe(409);
    await accepted(stripeEvent('checkout.session.completed', session));
    await accepted(stripeEvent('checkout.session.async_payment_succeeded', session));
    expect(await balanceOf(owner)).toBe('27.0000');
    const audit = await t.app.services.credits.audit(owner.userId);
    expect(audit.ledgerSum).toBe(audit.balance);
  });

  it('a pending unassigned payment, once assigned, is credited to that account when it completes', async () => {
    const stranger = `later-${randomUUID().slice(0, 6)}@example.com`;
    const session = await buy({ userId: null, email: stranger }, { payment_status: 'unpaid' });
    const payment = (await paymentBy(session.id))!;
    const owner = await t.make.user();
    const res = await t.call('POST', '/api/admin/stripe-transactions?sub_action=assign', { session: admin, body: { payment_id: payment.id, user_id: owner.userId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(owner)).toBe('5.0000');
    await accepted(stripeEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }));
    expect(await balanceOf(owner)).toBe('27.0000');
  });
});
