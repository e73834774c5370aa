import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileResponse } from '../../../contract/auth.ts';
import { checkoutStatusSchema, costPredictionSchema, creditBalanceResponse, creditPackageSchema, creditPackagesResponse, creditTransactionsResponse, testCheckoutOpenedSchema } from '../../../contract/credits.ts';
import { TOOL_CATALOGUE } from '../../../contract/tools.ts';
import { toolPricingDetailResponse, toolPricingResponse } from '../../../contract/pricing.ts';
import { payments } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';

let t: TestApp;
let alice: TestSession;
let bob: TestSession;
beforeAll(async () => {
  // Transcription off, so its card is priced by its providers' raw rate whatever this machine has installed (the
  // local draft engine's own price is tested in transcriptions.api.test.ts).
  t = await createTestApp({ TRANSCRIPTION_PROVIDER: 'none' });
  alice = await t.make.user({ email: 'alice@example.com', name: 'Alice' });
  bob = await t.make.user({ email: 'bob@example.com', name: 'Bob' });
});
afterAll(() => t?.close());

async function firstPackage(session: TestSession) {
  const [first] = data(await t.call('GET', '/api/credits/packages', { session }), creditPackagesResponse).packages;
  if (!first) throw new Error('the packages are seeded');
  return first;
}

describe('credits routes', () => {
  it('need a session', async () => {
    for (const url of ['/api/credits/balance', '/api/credits/transactions', '/api/credits/packages', '/api/credits/predict-cost?service_type=caption']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('GET /api/credits/balance answers the credits object with decimal strings', async () => {
    const res = await t.call('GET', '/api/credits/balance', { session: alice });
    expect(res.statusCode).toBe(200);
    expect(data(res, creditBalanceResponse).balance).toEqual({ balance: '5.0000', available_credits: '5.0000', lifetime_used: '0.0000', lifetime_purchased: '0.0000' });
  });

  it('GET /api/credits/transactions lists only my rows, newest first, with signed amounts', async () => {
    const hold = await t.app.services.credits.hold({ userId: alice.userId, amount: '0.25', serviceType: 'image_generation', description: 'AI Image Morpher' });
    await t.app.services.credits.capture(hold.id);
    const res = await t.call('GET', '/api/credits/transactions', { session: alice });
    const list = data(res, creditTransactionsResponse).transactions;
    expect(list.map((x) => [x.type, x.amount])).toEqual([
      ['usage', '-0.2500'],
      ['bonus', '5.0000'],
    ]);
    // A hold no generation made has no receipt.
    expect(list[0]).toMatchObject({ description: 'AI Image Morpher', generation_type: 'image_generation', generation_id: null, uuid: expect.any(String), created_at: expect.any(String) });
    const bobs = data(await t.call('GET', '/api/credits/transactions', { session: bob }), creditTransactionsResponse).transactions;
    expect(bobs).toHaveLength(1);
    expect((await t.call('GET', '/api/credits/transactions?limit=0', { session: alice })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/credits/transactions?limit=abc', { session: alice })).statusCode).toBe(400);
  });

  it('GET /api/credits/predict-cost answers affordability, with preprocessing added when asked', async () => {
    const plain = data(await t.call('GET', '/api/credits/predict-cost?service_type=image_generation', { session: bob }), costPredictionSchema);
    expect(plain).toEqual({ can_afford: true, required_credits: '0.2500', available_credits: '5.0000', deficit: '0.0000' });
    const pre = data(await t.call('GET', '/api/credits/predict-cost?service_type=image_generation&variant=standard&requires_preprocessing=true', { session: bob }), costPredictionSchema);
    expect(pre.required_credits).toBe('0.3000');
    const upscale = data(await t.call('GET', '/api/credits/predict-cost?service_type=upscale&variant=local_2x_standard', { session: bob }), costPredictionSchema);
    expect(upscale.required_credits).toBe('0.0100'); // 0.004 USD estimate x 2.5
  });

  it('predict-cost reports the deficit when the balance is short', async () => {
    const poor = await t.make.user();
    const hold = await t.app.services.credits.hold({ userId: poor.userId, amount: '4.9', serviceType: 'mockup', description: 'x' });
    const res = data(await t.call('GET', '/api/credits/predict-cost?service_type=mockup', { session: poor }), costPredictionSchema);
    expect(res).toEqual({ can_afford: false, required_credits: '0.5000', available_credits: '0.1000', deficit: '0.4000' });
    await t.app.services.credits.release(hold.id);
  });

  it('predict-cost refuses unknown services and bad parameters with 400', async () => {
    for (const q of ['service_type=teleport', '', 'service_type=caption&requires_preprocessing=maybe', 'service_type=caption&extra=1']) {
      const res = await t.call('GET', `/api/credits/predict-cost?${q}`, { session: bob });
      expect(res.statusCode, q).toBe(400);
      expect(error(res).code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('pricing routes (public)', () => {
  it('GET /api/pricing/tools keys every tool by title with a 2-decimal dollar_amount', async () => {
    const res = await t.call('GET', '/api/pricing/tools');
    expect(res.statusCode).toBe(200);
    const pricing = data(res, toolPricingResponse).tool_pricing;
    expect(Object.keys(pricing).sort()).toEqual(TOOL_CATALOGUE.map((tool) => tool.title).sort());
    // No AI provider is set here: the image tools are priced on the local engine (free previews), transcription as ever.
    expect(pricing['AI Image Morpher']).toMatchObject({ dollar_amount: '0.00', tool_id: 'image-variator', service_variant: 'local' });
    expect(pricing['AI Headshot Generator']).toMatchObject({ dollar_amount: '0.00', service_variant: 'local' });
    expect(pricing['Audio Transcription']).toMatchObject({ service_variant: 'raw' });
    expect(pricing['Audio Transcription']?.dollar_amount).toBe('0.10');
    for (const entry of Object.values(pricing)) expect(entry.dollar_amount).toMatch(/^\d+\.\d{2}$/);
  });

  it('GET /api/pricing/{slug} answers one tool with its variants', async () => {
    const res = data(await t.call('GET', '/api/pricing/audio-transcription'), toolPricingDetailResponse);
    expect(res).toMatchObject({ tool_id: 'transcription', dollar_amount: '0.10' });
    expect(res.variants.map((v) => [v.service_variant, v.user_cost_credits])).toEqual(
      expect.arrayContaining([
        ['raw', '0.1000'],
        ['refined', '0.2500'],
        ['summary', '0.3000'],
        ['conclusions', '0.3500'],
        ['devils_advocate', '0.3500'],
        ['action_points', '0.3000'],
      ]),
    );
    expect((await t.call('GET', '/api/pricing/ai-image-morpher')).statusCode).toBe(200);
    expect((await t.call('GET', '/api/pricing/no-such-tool')).statusCode).toBe(404);
    expect((await t.call('GET', '/api/pricing/Bad%20Slug')).statusCode).toBe(400);
  });
});

describe('test checkout (no Stripe settings)', () => {
  it('lists the seeded packages in test mode, pointing at the built-in checkout', async () => {
    const packages = data(await t.call('GET', '/api/credits/packages', { session: alice }), creditPackagesResponse).packages;
    expect(packages.map((p) => [p.name, p.price_usd, p.credits, p.bonus_credits])).toEqual([
      ['Starter', '5.0000', '5.0000', '0.0000'],
      ['Creator', '20.0000', '20.0000', '2.0000'],
      ['Studio', '50.0000', '50.0000', '10.0000'],
    ]);
    for (const p of packages) {
      expect(p.test_mode).toBe(true);
      expect(p.payment_link).toBe(`/checkout/test/${p.uuid}`);
    }
  });

  it('confirms a purchase through the webhook code path: credited once, recorded, visible on the return page', async () => {
    const buyer = await t.make.user();
    const [, creator] = data(await t.call('GET', '/api/credits/packages', { session: buyer }), creditPackagesResponse).packages;
    if (!creator) throw new Error('the Creator package is seeded');
    const page = await t.call('GET', `/api/payments/test-checkout/${creator.uuid}`, { session: buyer });
    expect(data(page, creditPackageSchema)).toMatchObject({ name: 'Creator', test_mode: true });

    const opened = data(await t.call('POST', `/api/payments/test-checkout/${creator.uuid}/open`, { session: buyer }), testCheckoutOpenedSchema);
    const res = await t.call('POST', `/api/payments/test-checkout/${creator.uuid}/confirm`, { session: buyer, body: opened });
    expect(res.statusCode).toBe(200);
    const status = data(res, checkoutStatusSchema);
    expect(status).toMatchObject({ status: 'completed', credits_purchased: '22.0000', amount_usd: '20.0000', package_name: 'Creator', test_mode: true });
    expect(status.session_id).toMatch(/^cs_test_/);

    expect(data(await t.call('GET', '/api/credits/balance', { session: buyer }), creditBalanceResponse).balance).toEqual({
      balance: '27.0000',
      available_credits: '27.0000',
      lifetime_used: '0.0000',
      lifetime_purchased: '20.0000',
    });
    const list = data(await t.call('GET', '/api/credits/transactions', { session: buyer }), creditTransactionsResponse).transactions;
    expect(list.map((x) => [x.type, x.amount])).toEqual([
      ['bonus', '2.0000'],
      ['purchase', '20.0000'],
      ['bonus', '5.0000'],
    ]);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerId, status.session_id));
    expect(row).toMatchObject({ provider: 'test', userId: buyer.userId, status: 'completed', amountUsd: '20.00', creditsPurchased: '22.0000' });
    expect(row!.completedAt).toBeInstanceOf(Date);

    const back = await t.call('GET', `/api/payments/checkout-status?session_id=${status.session_id}`, { session: buyer });
    expect(data(back, checkoutStatusSchema)).toEqual(status);
    const audit = await t.app.services.credits.audit(buyer.userId);
    expect(audit.ledgerSum).toBe(audit.balance);
  });

  it("hides another user's checkout (404) and refuses bad ids", async () => {
    const starter = await firstPackage(alice);
    const opened = data(await t.call('POST', `/api/payments/test-checkout/${starter.uuid}/open`, { session: alice }), testCheckoutOpenedSchema);
    const mine = data(await t.call('POST', `/api/payments/test-checkout/${starter.uuid}/confirm`, { session: alice, body: opened }), checkoutStatusSchema);
    expect((await t.call('GET', `/api/payments/checkout-status?session_id=${mine.session_id}`, { session: bob })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/payments/checkout-status?session_id=cs_test_unknown123', { session: bob })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/payments/checkout-status?session_id=../../x', { session: bob })).statusCode).toBe(400);
    expect((await t.call('POST', '/api/payments/test-checkout/not-a-uuid/confirm', { session: bob })).statusCode).toBe(400);
    const unknown = await t.call('POST', '/api/payments/test-checkout/00000000-0000-4000-8000-000000000000/confirm', {
      session: bob,
      body: { checkout_id: 'cs_test_unknown123' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(data(await t.call('GET', '/api/credits/balance', { session: bob }), creditBalanceResponse).balance.balance).toBe('5.0000');
  });

  it('needs a session and its CSRF token to confirm, and changes nothing otherwise', async () => {
    const starter = await firstPackage(bob);
    expect((await t.call('POST', `/api/payments/test-checkout/${starter.uuid}/confirm`)).statusCode).toBe(401);
    expect((await t.call('POST', `/api/payments/test-checkout/${starter.uuid}/confirm`, { session: bob, csrf: null })).statusCode).toBe(403);
    expect(data(await t.call('GET', '/api/credits/balance', { session: bob }), creditBalanceResponse).balance.balance).toBe('5.0000');
  });

  it('shows the spend in the profile credits after usage', async () => {
    const s = await t.make.user();
    const hold = await t.app.services.credits.hold({ userId: s.userId, amount: '1.25', serviceType: 'mockup', description: 'Mockup' });
    const during = data(await t.call('GET', '/api/auth/profile', { session: s }), profileResponse).credits;
    expect(during).toMatchObject({ balance: '5.0000', available_credits: '3.7500' });
    await t.app.services.credits.capture(hold.id);
    expect(data(await t.call('GET', '/api/auth/profile', { session: s }), profileResponse).credits).toEqual({
      balance: '3.7500',
      available_credits: '3.7500',
      lifetime_used: '1.2500',
      lifetime_purchased: '0.0000',
    });
  });
});

describe('pricing with an AI provider set', () => {
  let pt: TestApp;
  beforeAll(async () => {
    pt = await createTestApp({ GEMINI_API_KEY: 'test-gemini-key', GEMINI_BASE_URL: 'http://127.0.0.1:9' });
  });
  afterAll(() => pt?.close());

  it('prices the image tools on the provider (standard variant), and caption by the vision provider', async () => {
    const pricing = data(await pt.call('GET', '/api/pricing/tools'), toolPricingResponse).tool_pricing;
    expect(pricing['AI Image Morpher']).toMatchObject({ dollar_amount: '0.25', service_variant: 'standard' });
    expect(pricing['Thumbnail Generator']).toMatchObject({ dollar_amount: '0.30', service_variant: 'standard' });
    expect(pricing['Caption Generator']).toMatchObject({ dollar_amount: '0.05', service_variant: 'standard' });
  });
});
