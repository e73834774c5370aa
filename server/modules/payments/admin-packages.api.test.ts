import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPackageResponse, adminPackagesResponse, type AdminPackage } from '../../../contract/admin-payments.ts';
import { creditBalanceResponse, creditPackagesResponse } from '../../../contract/credits.ts';
import { adminAudit, creditPackages, payments } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import { checkoutSession, signedEvent, startFakeStripe, stripeEvent, type FakeStripe } from '../../test-support/fake-stripe.ts';

/** The credit packages editor (System Settings, beyond the spec), in Stripe mode and in test mode. */

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

const fields = (p: AdminPackage) => ({
  name: p.name,
  description: p.description,
  price_usd: p.price_usd,
  credits: p.credits,
  bonus_credits: p.bonus_credits,
  sort_order: p.sort_order,
  is_active: p.is_active,
});

async function adminPackages() {
  const res = await t.call('GET', '/api/admin/credit-packages', { session: admin });
  expect(res.statusCode, res.body).toBe(200);
  return data(res, adminPackagesResponse);
}
async function shopPackages(s: TestSession) {
  return data(await t.call('GET', '/api/credits/packages', { session: s }), creditPackagesResponse).packages;
}
const rowOf = async (id: string) => (await t.database.db.select().from(creditPackages).where(eq(creditPackages.id, id)))[0]!;
const auditOf = (action: string, id: string) =>
  t.database.db.select().from(adminAudit).where(and(eq(adminAudit.action, action), eq(adminAudit.targetId, id))).orderBy(desc(adminAudit.id));

async function balanceOf(s: TestSession) {
  return data(await t.call('GET', '/api/credits/balance', { session: s }), creditBalanceResponse).balance.balance;
}
const paymentOf = async (sessionId: string) => (await t.database.db.select().from(payments).where(eq(payments.providerId, sessionId)))[0];

/** A paid Checkout Session opened on a Payment Link: Stripe copies the link's metadata onto it. */
function sessionOn(linkId: string, buyer: TestSession) {
  return checkoutSession({
    client_reference_id: buyer.userId,
    amount_total: 3000,
    metadata: { ...fake.paymentLinks.get(linkId)!.metadata },
    payment_link: linkId,
  });
}

/** Delivers the session's checkout.session.completed, signed as Stripe signs it. */
async function completed(session: ReturnType<typeof checkoutSession>) {
  const signed = signedEvent(stripeEvent('checkout.session.completed', session), {
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(t.clock.now().getTime() / 1000),
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: signed.headers, payload: signed.body });
  expect(res.statusCode, res.body).toBe(200);
}

describe('credit packages in Stripe mode', () => {
  it('lists every package with its link; a price change makes a new Price and Payment Link and turns the old link off', async () => {
    const buyer = await t.make.user();
    await shopPackages(buyer); // makes the links
    const listed = await adminPackages();
    expect(listed.test_mode).toBe(false);
    expect(listed.packages.map((p) => p.name)).toEqual(['Starter', 'Creator', 'Studio']);
    const creator = listed.packages.find((p) => p.name === 'Creator')!;
    expect(creator).toMatchObject({ price_usd: '20.00', credits: '20.0000', bonus_credits: '2.0000', is_active: true });
    const oldLinkId = (await rowOf(creator.id)).stripePaymentLinkId!;
    expect(fake.paymentLinks.get(oldLinkId)!.active).toBe(true);

    fake.clearRequests();
    const res = await t.call('PUT', `/api/admin/credit-packages/${creator.id}`, { session: admin, body: { ...fields(creator), price_usd: '25' } });
    expect(res.statusCode, res.body).toBe(200);
    const updated = data(res, adminPackageResponse).package;
    expect(updated.price_usd).toBe('25.00');
    expect(fake.requests.map((r) => [r.method, r.path.replace(oldLinkId, ':old')])).toEqual([
      ['POST', '/v1/prices'],
      ['POST', '/v1/payment_links'],
      ['POST', '/v1/payment_links/:old'],
    ]);
    expect(fake.requests[0]!.body).toMatchObject({ unit_amount: '2500', metadata: { package_id: creator.id } });
    expect(fake.requests[2]!.body).toEqual({ active: 'false' });
    expect(fake.paymentLinks.get(oldLinkId)!.active).toBe(false);
    const row = await rowOf(creator.id);
    expect(row.stripePaymentLinkId).not.toBe(oldLinkId);
    expect(fake.paymentLinks.get(row.stripePaymentLinkId!)!.active).toBe(true);
    expect(updated.payment_link_url).toBe(row.stripePaymentLinkUrl);

    // Buyers see the new price and link at once.
    const shop = (await shopPackages(buyer)).find((p) => p.uuid === creator.id)!;
    expect(shop.price_usd).toBe('25.0000');
    expect(shop.payment_link.startsWith(row.stripePaymentLinkUrl!)).toBe(true);

    const [audit] = await auditOf('package.update', creator.id);
    expect(audit).toMatchObject({
      area: 'settings',
      before: { price_usd: '20.00', stripe_payment_link_id: oldLinkId },
      after: { price_usd: '25.00', stripe_payment_link_id: row.stripePaymentLinkId },
    });

    // Back to the old price: a new link again (not Stripe's replay of the one turned off).
    const back = await t.call('PUT', `/api/admin/credit-packages/${creator.id}`, { session: admin, body: { ...fields(updated), price_usd: '20.00' } });
    expect(back.statusCode, back.body).toBe(200);
    const again = await rowOf(creator.id);
    expect([oldLinkId, row.stripePaymentLinkId]).not.toContain(again.stripePaymentLinkId);
    expect(fake.paymentLinks.get(again.stripePaymentLinkId!)!.active).toBe(true);
  });

  it('a description or order change keeps the link', async () => {
    const starter = (await adminPackages()).packages.find((p) => p.name === 'Starter')!;
    const linkId = (await rowOf(starter.id)).stripePaymentLinkId;
    fake.clearRequests();
    const res = await t.call('PUT', `/api/admin/credit-packages/${starter.id}`, { session: admin, body: { ...fields(starter), description: 'Try every tool', sort_order: 0 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests).toEqual([]);
    expect((await rowOf(starter.id)).stripePaymentLinkId).toBe(linkId);
    const [audit] = await auditOf('package.update', starter.id);
    expect(audit!.before).toEqual({ description: '5 credits to try every tool', sort_order: 1 });
    expect(audit!.after).toEqual({ description: 'Try every tool', sort_order: 0 });
  });

  it('creates a package with its link, then deactivates it (link off, gone from the shop, kept in the list)', async () => {
    const res = await t.call('POST', '/api/admin/credit-packages', {
      session: admin,
      body: { name: 'Agency', description: '200 credits', price_usd: '150', credits: '200', bonus_credits: '25', sort_order: 9 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = data(res, adminPackageResponse).package;
    expect(created).toMatchObject({ name: 'Agency', price_usd: '150.00', credits: '200.0000', bonus_credits: '25.0000', is_active: true });
    const linkId = (await rowOf(created.id)).stripePaymentLinkId!;
    expect(fake.paymentLinks.get(linkId)!.active).toBe(true);
    expect(created.payment_link_url).toBe(fake.paymentLinks.get(linkId)!.url);
    const [createdAudit] = await auditOf('package.create', created.id);
    expect(createdAudit).toMatchObject({ area: 'settings', before: null, after: { name: 'Agency', price_usd: '150.00', stripe_payment_link_id: linkId } });

    const buyer = await t.make.user();
    expect((await shopPackages(buyer)).map((p) => p.name)).toContain('Agency');
    const off = await t.call('DELETE', `/api/admin/credit-packages/${created.id}`, { session: admin });
    expect(off.statusCode, off.body).toBe(200);
    expect(data(off, adminPackageResponse).package).toMatchObject({ is_active: false, payment_link_url: null });
    expect(fake.paymentLinks.get(linkId)!.active).toBe(false);
    expect((await shopPackages(buyer)).map((p) => p.name)).not.toContain('Agency');
    expect((await adminPackages()).packages.map((p) => p.name)).toContain('Agency');
    const [audit] = await auditOf('package.deactivate', created.id);
    expect(audit).toMatchObject({ before: { is_active: true, stripe_payment_link_id: linkId }, after: { is_active: false, stripe_payment_link_id: null } });
  });

  it('a checkout opened on the link before a credits edit is credited what that link sold; one on the new link, the new credits', async () => {
    const made = await t.call('POST', '/api/admin/credit-packages', {
      session: admin,
      body: { name: 'Pro', description: '', price_usd: '30', credits: '30', bonus_credits: '3', sort_order: 8 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const pro = data(made, adminPackageResponse).package;
    const oldLink = (await rowOf(pro.id)).stripePaymentLinkId!;
    expect(fake.paymentLinks.get(oldLink)!.metadata).toEqual({ package_id: pro.id, credits: '30.0000', bonus_credits: '3.0000' });
    const buyer = await t.make.user();
    // The buyer opens the old link's checkout page; the admin then changes the credits; the buyer pays.
    const opened = sessionOn(oldLink, buyer);
    const edit = await t.call('PUT', `/api/admin/credit-packages/${pro.id}`, { session: admin, body: { ...fields(pro), credits: '40', bonus_credits: '0' } });
    expect(edit.statusCode, edit.body).toBe(200);
    const newLink = (await rowOf(pro.id)).stripePaymentLinkId!;
    expect(newLink).not.toBe(oldLink);
    expect(fake.paymentLinks.get(newLink)!.metadata).toEqual({ package_id: pro.id, credits: '40.0000', bonus_credits: '0.0000' });

    await completed(opened);
    expect(await balanceOf(buyer)).toBe('38.0000'); // 5 on signing up + 30 + 3
    expect(await paymentOf(opened.id)).toMatchObject({ creditsPurchased: '33.0000', packageId: pro.id });
    await completed(sessionOn(newLink, buyer));
    expect(await balanceOf(buyer)).toBe('78.0000');
    // A session of a link made before links said what they sold: the package as it is now.
    await completed({ ...sessionOn(oldLink, buyer), metadata: { package_id: pro.id } });
    expect(await balanceOf(buyer)).toBe('118.0000');
    const audit = await t.app.services.credits.audit(buyer.userId);
    expect(audit.ledgerSum).toBe(audit.balance);
  });

  it('when saving a change fails after its new link was made, that link is turned off and the old one stays on; nothing is saved', async () => {
    const made = await t.call('POST', '/api/admin/credit-packages', {
      session: admin,
      body: { name: 'Fragile', description: '', price_usd: '12', credits: '12', sort_order: 7 },
    });
    const fragile = data(made, adminPackageResponse).package;
    const before = await rowOf(fragile.id);
    const auditsBefore = (await auditOf('package.update', fragile.id)).length;
    // The database refuses the write (a trigger stands in for any failure of the transaction).
    await t.database.db.execute(sql`create function test_refuse_package() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await t.database.db.execute(
      sql`create trigger test_refuse_package before insert or update on credit_packages for each row when (new.description = 'refuse me') execute function test_refuse_package()`,
    );
    try {
      const linksBefore = fake.paymentLinks.size;
      const res = await t.call('PUT', `/api/admin/credit-packages/${fragile.id}`, { session: admin, body: { ...fields(fragile), price_usd: '13', description: 'refuse me' } });
      expect(res.statusCode).toBe(500);
      expect(fake.paymentLinks.size).toBe(linksBefore + 1);
      const newLink = [...fake.paymentLinks.values()].at(-1)!;
      expect(newLink.metadata.package_id).toBe(fragile.id);
      expect(newLink.active).toBe(false);
      expect(fake.paymentLinks.get(before.stripePaymentLinkId!)!.active).toBe(true);
      expect(await rowOf(fragile.id)).toEqual(before);
      expect(await auditOf('package.update', fragile.id)).toHaveLength(auditsBefore);

      // A new package whose save fails: the link made for it is turned off, no package is left.
      const create = await t.call('POST', '/api/admin/credit-packages', {
        session: admin,
        body: { name: 'Never', description: 'refuse me', price_usd: '9', credits: '9' },
      });
      expect(create.statusCode).toBe(500);
      expect(fake.paymentLinks.size).toBe(linksBefore + 2);
      const orphan = [...fake.paymentLinks.values()].at(-1)!;
      expect(orphan.active).toBe(false);
      expect(await t.database.db.select().from(creditPackages).where(eq(creditPackages.name, 'Never'))).toEqual([]);
    } finally {
      await t.database.db.execute(sql`drop trigger test_refuse_package on credit_packages`);
      await t.database.db.execute(sql`drop function test_refuse_package()`);
    }
  });

  it('when Stripe will not turn the old link off after a change was saved, the change stands', async () => {
    const made = await t.call('POST', '/api/admin/credit-packages', {
      session: admin,
      body: { name: 'Stubborn', description: '', price_usd: '14', credits: '14', sort_order: 6 },
    });
    const stubborn = data(made, adminPackageResponse).package;
    const oldLink = (await rowOf(stubborn.id)).stripePaymentLinkId!;
    fake.paymentLinks.delete(oldLink); // Stripe answers 404 to turning it off
    const res = await t.call('PUT', `/api/admin/credit-packages/${stubborn.id}`, { session: admin, body: { ...fields(stubborn), price_usd: '15' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_links/${oldLink}`, status: 404 });
    const row = await rowOf(stubborn.id);
    expect(row).toMatchObject({ priceUsd: '15.00' });
    expect(row.stripePaymentLinkId).not.toBe(oldLink);
    expect(fake.paymentLinks.get(row.stripePaymentLinkId!)!.active).toBe(true);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ price_usd: '0.10' }, 'price_usd'],
    [{ price_usd: '5.123' }, 'price_usd'],
    [{ price_usd: 5 }, 'price_usd'],
    [{ credits: '0' }, 'credits'],
    [{ credits: '-1' }, 'credits'],
    [{ bonus_credits: 'x' }, 'bonus_credits'],
    [{ sort_order: 1.5 }, 'sort_order'],
    [{ extra: true }, ''],
  ])('refuses %j with 400 naming the field, and changes nothing', async (change, field) => {
    const studio = (await adminPackages()).packages.find((p) => p.name === 'Studio')!;
    const before = await rowOf(studio.id);
    const auditsBefore = (await auditOf('package.update', studio.id)).length;
    fake.clearRequests();
    const res = await t.call('PUT', `/api/admin/credit-packages/${studio.id}`, { session: admin, body: { ...fields(studio), ...change } });
    expect(res.statusCode).toBe(400);
    if (field) expect(error(res).field).toBe(field);
    expect(await rowOf(studio.id)).toEqual(before);
    expect(fake.requests).toEqual([]);
    expect(await auditOf('package.update', studio.id)).toHaveLength(auditsBefore);
  });

  it('answers 404 for an unknown package', async () => {
    const studio = (await adminPackages()).packages.find((p) => p.name === 'Studio')!;
    expect((await t.call('PUT', `/api/admin/credit-packages/${randomUUID()}`, { session: admin, body: fields(studio) })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/admin/credit-packages/${randomUUID()}`, { session: admin })).statusCode).toBe(404);
  });
});

describe('credit packages in test mode', () => {
  it('edits without Stripe: no links, the shop shows the change', async () => {
    const local = await createTestApp();
    try {
      const boss = await local.make.user({ admin: true });
      const listed = data(await local.call('GET', '/api/admin/credit-packages', { session: boss }), adminPackagesResponse);
      expect(listed.test_mode).toBe(true);
      const starter = listed.packages[0]!;
      const res = await local.call('PUT', `/api/admin/credit-packages/${starter.id}`, { session: boss, body: { ...fields(starter), price_usd: '6.50', credits: '6' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(data(res, adminPackageResponse).package.payment_link_url).toBeNull();
      const shop = data(await local.call('GET', '/api/credits/packages', { session: boss }), creditPackagesResponse).packages;
      expect(shop[0]).toMatchObject({ price_usd: '6.5000', credits: '6.0000', test_mode: true });
    } finally {
      await local.close();
    }
  });
});
