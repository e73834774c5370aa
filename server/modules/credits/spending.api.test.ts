import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeysResponse, createdApiKeyResponse } from '../../../contract/api-keys.ts';
import { creditBalanceResponse } from '../../../contract/credits.ts';
import { monthResetsAt, spendingCapDetails, spendingResponse } from '../../../contract/spending.ts';
import { createdWebhookResponse, type WebhookPayload } from '../../../contract/webhooks.ts';
import { batches, creditAccounts, creditHolds, creditLedger } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import { makePng } from '../../test-support/media.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/webhook-receiver.ts';

let t: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: '1' }, { queue: true });
  // The local engine's previews are free until priced: a price of 1 makes every charge and cap visible.
  await t.setPrice('image_generation', 'local', '1');
  await t.setPrice('thumbnail', 'local', '0.5');
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const spendingOf = async (session: TestSession) => data(await t.call('GET', '/api/account/spending', { session }), spendingResponse);
const setLimits = (session: TestSession, body: unknown) => t.call('PUT', '/api/account/spending', { session, body });
const balanceOf = async (session: TestSession) => data(await t.call('GET', '/api/credits/balance', { session }), creditBalanceResponse).balance;
const image = async () => ({ imageData: (await makePng(64, 48)).toString('base64'), userPrompt: 'make it black and white' });
/** A paid image generation (1 credit), by the browser session or with a key. */
const generate = async (session: TestSession, key?: string) =>
  t.call('POST', '/api/ai/generate-image', { ...(key ? { headers: { authorization: `Bearer ${key}` } } : { session }), body: await image() });
const holdsOf = (userId: string) => t.database.db.select().from(creditHolds).where(eq(creditHolds.userId, userId));
const ledgerOf = (userId: string) => t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
const photo = readFileSync(new URL('../../test-support/photos/astronaut.jpg', import.meta.url)).toString('base64');

function capRefusal(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(402);
  const body = error(res);
  expect(body.code).toBe('SPENDING_CAP_REACHED');
  return { message: body.message, details: spendingCapDetails.parse(body) };
}

describe('spending limits: GET and PUT /api/account/spending', () => {
  it('answers no limits, nothing spent, and the first of next month (UTC) for a new account', async () => {
    const user = await t.make.user({ credits: '5' });
    expect(await spendingOf(user)).toEqual({
      monthly_cap: null,
      low_balance_alert: null,
      spent_this_month: '0.0000',
      resets_at: monthResetsAt(t.clock.now()).toISOString(),
      low_balance: null,
    });
  });

  it('sets both limits as decimal strings and clears them with null', async () => {
    const user = await t.make.user({ credits: '5' });
    const set = data(await setLimits(user, { monthly_cap: '25.5', low_balance_alert: '2' }), spendingResponse);
    expect(set).toMatchObject({ monthly_cap: '25.5000', low_balance_alert: '2.0000' });
    expect(await spendingOf(user)).toMatchObject({ monthly_cap: '25.5000', low_balance_alert: '2.0000' });
    expect(data(await setLimits(user, { monthly_cap: null, low_balance_alert: null }), spendingResponse)).toMatchObject({ monthly_cap: null, low_balance_alert: null });
  });

  it('refuses wrong shapes with a VALIDATION_ERROR naming the field, and changes nothing', async () => {
    const user = await t.make.user({ credits: '5' });
    data(await setLimits(user, { monthly_cap: '10', low_balance_alert: null }), spendingResponse);
    for (const [body, field] of [
      [{ monthly_cap: 10, low_balance_alert: null }, 'monthly_cap'],
      [{ monthly_cap: '-1', low_balance_alert: null }, 'monthly_cap'],
      [{ monthly_cap: '1.23456', low_balance_alert: null }, 'monthly_cap'],
      [{ monthly_cap: '12345678901', low_balance_alert: null }, 'monthly_cap'],
      [{ monthly_cap: 'ten', low_balance_alert: null }, 'monthly_cap'],
      [{ monthly_cap: '10', low_balance_alert: '' }, 'low_balance_alert'],
      [{ monthly_cap: '10' }, 'low_balance_alert'],
      [{ monthly_cap: '10', low_balance_alert: null, extra: 1 }, undefined],
    ] as const) {
      const res = await setLimits(user, body);
      expect(res.statusCode, res.body).toBe(400);
      const refused = error(res);
      expect(refused.code).toBe('VALIDATION_ERROR');
      if (field) expect(refused.field).toBe(field);
    }
    expect(await spendingOf(user)).toMatchObject({ monthly_cap: '10.0000', low_balance_alert: null });
  });
});

describe('a monthly cap', () => {
  it("stops the paid call that would pass it before anything is held, says the cap, what was spent and the reset date; free calls still run", async () => {
    const user = await t.make.user({ credits: '10' });
    data(await setLimits(user, { monthly_cap: '2', low_balance_alert: null }), spendingResponse);
    for (let i = 0; i < 2; i++) expect((await generate(user)).statusCode).toBe(200);
    const holdsBefore = await holdsOf(user.userId);
    const ledgerBefore = await ledgerOf(user.userId);

    const { message, details } = capRefusal(await generate(user));
    const resets = monthResetsAt(t.clock.now());
    expect(details).toEqual({ cap_scope: 'account', monthly_cap: '2.0000', spent_this_month: '2.0000', required_credits: '1.0000', resets_at: resets.toISOString() });
    expect(message).toContain('monthly spending cap of 2.00 credits');
    expect(message).toContain('2.00 are spent or reserved this month');
    expect(message).toContain(resets.toLocaleDateString('en-US', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }));
    // Nothing held, nothing charged: the same holds and ledger lines, the whole balance available.
    expect(await holdsOf(user.userId)).toEqual(holdsBefore);
    expect(await ledgerOf(user.userId)).toEqual(ledgerBefore);
    const balance = await balanceOf(user);
    expect(balance).toMatchObject({ balance: '8.0000', available_credits: '8.0000' });
    expect(await spendingOf(user)).toMatchObject({ spent_this_month: '2.0000' });

    // A raised cap lets it through at once.
    data(await setLimits(user, { monthly_cap: '3', low_balance_alert: null }), spendingResponse);
    expect((await generate(user)).statusCode).toBe(200);
  });

  it('refuses a whole batch that would pass it, before any item is held or the batch recorded', async () => {
    const user = await t.make.user({ credits: '10' });
    data(await setLimits(user, { monthly_cap: '1', low_balance_alert: null }), spendingResponse);
    const items = ['a.jpg', 'b.jpg', 'c.jpg'].map((name) => ({ imageData: photo, mimeType: 'image/jpeg', name }));
    const res = await t.call('POST', '/api/batches', {
      session: user,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { tool: 'thumbnail-generator', options: { prompt: 'Big reveal' }, items },
    });
    const { details } = capRefusal(res);
    expect(details).toMatchObject({ cap_scope: 'account', monthly_cap: '1.0000', spent_this_month: '0.0000', required_credits: '1.5000' });
    expect(await holdsOf(user.userId)).toEqual([]);
    expect(await t.database.db.select().from(batches).where(eq(batches.userId, user.userId))).toEqual([]);
    expect(await balanceOf(user)).toMatchObject({ balance: '10.0000', available_credits: '10.0000' });
  });

  it("of a key stops that key's calls past it, counted in the key list, while the browser and other keys go on", async () => {
    const user = await t.make.user({ credits: '10' });
    const capped = data(
      await t.call('POST', '/api/account/api-keys', { session: user, body: { name: 'Capped script', scopes: ['generate'], monthly_cap: '1' } }),
      createdApiKeyResponse,
    );
    expect(capped.monthly_cap).toBe('1.0000');
    const free = await t.make.bearerKey(user, ['generate']);

    expect((await generate(user, capped.key)).statusCode).toBe(200);
    const holdsBefore = await holdsOf(user.userId);
    const { details } = capRefusal(await generate(user, capped.key));
    expect(details).toMatchObject({ cap_scope: 'api_key', monthly_cap: '1.0000', spent_this_month: '1.0000', required_credits: '1.0000' });
    expect(await holdsOf(user.userId)).toEqual(holdsBefore);

    expect((await generate(user, free)).statusCode).toBe(200);
    expect((await generate(user)).statusCode).toBe(200);
    const listed = data(await t.call('GET', '/api/account/api-keys', { session: user }), apiKeysResponse).keys.find((k) => k.id === capped.id)!;
    expect(listed).toMatchObject({ monthly_cap: '1.0000', spent_this_month: '1.0000' });
    // The key's charge is marked on its hold; the others' are not.
    const byKey = (await holdsOf(user.userId)).filter((h) => h.apiKeyId === capped.id);
    expect(byKey.map((h) => [h.status, h.capturedAmount])).toEqual([['captured', '1.0000']]);
    // A key can read the limits with account:read, never change them.
    const reader = await t.make.bearerKey(user, ['account:read']);
    expect((await t.call('GET', '/api/account/spending', { headers: { authorization: `Bearer ${reader}` } })).statusCode).toBe(200);
    const put = await t.call('PUT', '/api/account/spending', { headers: { authorization: `Bearer ${reader}` }, body: { monthly_cap: null, low_balance_alert: null } });
    expect(put.statusCode).toBe(403);
  });

  it('holds under concurrency: calls at once never take the month past it', async () => {
    const user = await t.make.user({ credits: '20' });
    data(await setLimits(user, { monthly_cap: '3', low_balance_alert: null }), spendingResponse);
    const answers = await Promise.all(Array.from({ length: 6 }, () => generate(user)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const res of answers.filter((r) => r.statusCode !== 200)) capRefusal(res);
    expect(await balanceOf(user)).toMatchObject({ balance: '17.0000', available_credits: '17.0000' });
  });
});

describe('a low-balance alert', () => {
  it('tells the user once per crossing: the notice state, a mail and a credits.low webhook; again only after the balance came back up', async () => {
    const user = await t.make.user({ credits: '5' });
    data(await setLimits(user, { monthly_cap: null, low_balance_alert: '3' }), spendingResponse);
    const endpoint = data(await t.call('POST', '/api/account/webhooks', { session: user, body: { url: receiver.url, events: ['credits.low'] } }), createdWebhookResponse);
    const lowMails = () => t.smtp.received.filter((m) => m.to.includes(user.email) && m.subject.includes('balance is below'));
    const payloadOf = (body: string) => JSON.parse(body) as WebhookPayload;
    const lowHooks = () => receiver.received.filter((r) => r.headers['ampkit-signature'] && payloadOf(r.body).type === 'credits.low');
    const hooksBefore = lowHooks().length;

    // 5 → 4 → 3: not below 3 yet.
    for (let i = 0; i < 2; i++) expect((await generate(user)).statusCode).toBe(200);
    expect((await spendingOf(user)).low_balance).toBeNull();
    // 3 → 2: crossed.
    expect((await generate(user)).statusCode).toBe(200);
    await expect.poll(() => lowMails().length).toBe(1);
    expect(lowMails()[0]!.text).toContain('Your balance is 2.00 credits, below the alert you set at 3.00 credits.');
    await expect.poll(() => lowHooks().length - hooksBefore).toBe(1);
    const hook = payloadOf(lowHooks().at(-1)!.body);
    expect(hook.data).toEqual({ balance: '2.0000', low_balance_alert: '3.0000' });
    const low = (await spendingOf(user)).low_balance;
    expect(low).toMatchObject({ balance: '2.0000' });
    expect(low!.since).not.toBeNull();

    // 2 → 1: still below, no second alert.
    expect((await generate(user)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(lowMails()).toHaveLength(1);
    expect(lowHooks().length - hooksBefore).toBe(1);

    // Topped up past it, then below again: a second crossing, told again.
    await t.database.db.transaction((tx) =>
      t.app.services.credits.grant(tx, { userId: user.userId, type: 'adjustment', amount: '3', description: 'Top-up for the test', idempotencyKey: `test:${user.userId}` }),
    );
    expect((await spendingOf(user)).low_balance).toBeNull();
    for (let i = 0; i < 2; i++) expect((await generate(user)).statusCode).toBe(200);
    await expect.poll(() => lowMails().length).toBe(2);
    await expect.poll(() => lowHooks().length - hooksBefore).toBe(2);
    const [account] = await t.database.db.select().from(creditAccounts).where(eq(creditAccounts.userId, user.userId));
    expect(account!.balance).toBe('2.0000');
    expect(endpoint.events).toEqual(['credits.low']);
  });
});
