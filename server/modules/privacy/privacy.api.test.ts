import { randomUUID } from 'node:crypto';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileResponse } from '../../../contract/auth.ts';
import { creditBalanceResponse, creditPackagesResponse, testCheckoutOpenedSchema } from '../../../contract/credits.ts';
import { add } from '../../../contract/decimal.ts';
import { dataExportResponse, latestExportResponse, pendingCheckoutMessage, PRIVACY_MESSAGES } from '../../../contract/privacy.ts';
import * as schema from '../../db/schema/index.ts';
import { unzip } from '../../test-support/zip.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import type { TestSession } from '../../test-support/session.ts';


async function waitReady(t: TestApp, s: TestSession, id: string) {
  for (let i = 0; i < 240; i++) {
    const res = await t.call('GET', `/api/account/export/${id}`, { session: s });
    const exp = data(res, dataExportResponse).export;
    if (exp.status === 'ready' || exp.status === 'failed') return exp;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('export did not finish');
}

describe('export my data (queue running)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { queue: true });
  });
  afterAll(() => t?.close());

  it('builds a ZIP with every kind of data: profile, ledger CSV (quoted), purchases, generations with prompts, transcriptions, captions, content, files', async () => {
    const s = await t.make.user({ credits: '20', name: 'Zed Export' });
    await t.database.db.transaction((tx) =>
      t.app.services.credits.grant(tx, { userId: s.userId, type: 'adjustment', amount: '1.5', description: 'Goodwill, "sorry"\nfor the wait', idempotencyKey: `x:${randomUUID()}` }),
    );
    const checkout = await t.make.checkout(s);
    const generation = await t.make.generation(s, { prompt: 'make it black and white' });
    const fileId = await t.make.file(s);
    await t.make.content(s, { title: 'Beach caption', content: 'Sun, sand and salt. #summer' });
    await t.app.services.content.create({ userId: s.userId, title: 'Show notes', contentType: 'summary', content: 'A short summary.', language: 'English', tone: 'Neutral' });
    const transcriptionId = await t.make.transcription(s);
    await t.database.db.update(schema.transcriptions).set({ refinedContent: 'Refined: welcome!' }).where(eq(schema.transcriptions.id, transcriptionId));
    await t.database.db.insert(schema.telegramLinks).values({ userId: s.userId, chatId: '4242', telegramUsername: 'zed' });

    const started = await t.call('POST', '/api/account/export', { session: s });
    const exp = data(started, dataExportResponse).export;
    expect(exp.status).toBe('pending');
    const ready = await waitReady(t, s, exp.id);
    expect(ready).toMatchObject({ status: 'ready', download_url: `/api/account/export/${exp.id}/download` });
    expect(new Date(ready.expires_at!).getTime() - new Date(ready.completed_at!).getTime()).toBe(24 * 3_600_000);
    expect(data(await t.call('GET', '/api/account/export', { session: s }), latestExportResponse).export?.id).toBe(exp.id);

    const download = await t.call('GET', ready.download_url!, { session: s });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="ampkit-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = await unzip(download.rawPayload);
    const names = [...entries.keys()];
    expect(names).toEqual(
      expect.arrayContaining(['profile.json', 'README.txt', 'ledger.csv', 'purchases.csv', 'generations.json', 'captions.json', 'content-items.json', 'files.json']),
    );

    const profile = JSON.parse(entries.get('profile.json')!.toString());
    expect(profile.user).toMatchObject({ id: s.userId, email: s.email, name: 'Zed Export' });
    expect(profile.telegram).toMatchObject({ chat_id: '4242', telegram_username: 'zed' });
    const balance = data(await t.call('GET', '/api/credits/balance', { session: s }), creditBalanceResponse);
    expect(profile.credits.balance).toBe(balance.balance.balance);

    const ledger = entries.get('ledger.csv')!.toString();
    const lines = ledger.split('\r\n');
    expect(lines[0]).toBe('date,type,amount,balance_after,description,generation_type,id');
    expect(ledger).toContain(',adjustment,1.5000,');
    expect(ledger).toContain('"Goodwill, ""sorry""\nfor the wait"');
    expect(ledger).toContain(',Welcome bonus,');

    const purchases = entries.get('purchases.csv')!.toString();
    expect(purchases.split('\r\n')[0]).toBe('date,completed_at,provider,checkout_id,amount_usd,currency,credits_purchased,credits_reversed,status,id');
    expect(purchases).toContain(`,test,${checkout},`);
    expect(purchases).toContain(',completed,');

    const generations = JSON.parse(entries.get('generations.json')!.toString());
    expect(generations).toEqual(expect.arrayContaining([expect.objectContaining({ id: generation.generation_id ?? expect.any(String), prompt: 'make it black and white', tool: expect.any(String) })]));

    expect(JSON.parse(entries.get('captions.json')!.toString())).toEqual([expect.objectContaining({ title: 'Beach caption', content: 'Sun, sand and salt. #summer', content_type: 'caption' })]);
    expect(JSON.parse(entries.get('content-items.json')!.toString())).toEqual([expect.objectContaining({ title: 'Show notes', content_type: 'summary' })]);

    const transcript = names.find((n) => n.startsWith('transcriptions/'));
    expect(transcript).toMatch(/^transcriptions\/\d+-builder-transcription\.txt$/);
    const transcriptText = entries.get(transcript!)!.toString();
    expect(transcriptText).toContain('Welcome to the show.');
    expect(transcriptText).toContain('Refined: welcome!');

    const filesList = JSON.parse(entries.get('files.json')!.toString()) as Array<{ id: string; path: string }>;
    expect(filesList.map((f) => f.id)).toContain(fileId);
    const [row] = await t.database.db.select().from(schema.files).where(eq(schema.files.id, fileId));
    const stored = await t.app.services.storage.get(row!.storageKey);
    const chunks: Buffer[] = [];
    for await (const c of stored!.stream) chunks.push(c as Buffer);
    const path = filesList.find((f) => f.id === fileId)!.path;
    expect(path).toBe(`files/${fileId}.png`);
    expect(entries.get(path)!.equals(Buffer.concat(chunks))).toBe(true);
    // Every generated image is in the ZIP too, byte for byte in size.
    const generated = await t.database.db.select().from(schema.files).where(eq(schema.files.userId, s.userId));
    for (const f of generated) expect(entries.get(`files/${f.id}.${f.storageKey.split('.').pop()}`)?.length).toBe(f.sizeBytes);

    // SMTP is set in tests: the user is told it is ready.
    const mail = await t.smtp.waitForMail(s.email);
    expect(mail.subject).toContain('data export is ready');
  });

  it("answers another user's export id, and its download, exactly like an unknown id (404); a visitor gets 401", async () => {
    const owner = await t.make.user();
    const intruder = await t.make.user();
    const id = await t.make.dataExport(owner);
    for (const path of [`/api/account/export/${id}`, `/api/account/export/${id}/download`]) {
      const theirs = await t.call('GET', path, { session: intruder });
      const unknown = await t.call('GET', path.replace(id, randomUUID()), { session: intruder });
      expect(theirs.statusCode).toBe(404);
      expect(error(theirs)).toMatchObject({ code: 'NOT_FOUND', message: error(unknown).message });
      expect((await t.call('GET', path)).statusCode).toBe(401);
    }
    // Another session of the owner (another browser where they signed in) may download it.
    const again = await t.make.session(owner);
    expect((await t.call('GET', `/api/account/export/${id}/download`, { session: again })).statusCode).toBe(200);
    expect(error(await t.call('GET', '/api/account/export/not-a-uuid', { session: owner })).message).toContain('export');
  });

  it('expires after 24 hours: answered expired at once with no link, the download answers 404, and the sweep deletes object and row', async () => {
    const s = await t.make.user();
    const id = await t.make.dataExport(s);
    const [row] = await t.database.db.select().from(schema.dataExports).where(eq(schema.dataExports.id, id));
    expect(await t.app.services.storage.exists(row!.storageKey!)).toBe(true);
    (t.clock as { advance(ms: number): void }).advance(24 * 3_600_000 + 1000);
    try {
      const late = await t.call('GET', `/api/account/export/${id}/download`, { session: s });
      expect(late.statusCode).toBe(404);
      expect(error(late).message).toBe(PRIVACY_MESSAGES.exportExpired);
      // Before the sweep runs, the export and the newest-export answer both say expired, with no download link.
      const expired = { id, status: 'expired', download_url: null, expires_at: row!.expiresAt!.toISOString() };
      expect(data(await t.call('GET', `/api/account/export/${id}`, { session: s }), dataExportResponse).export).toMatchObject(expired);
      expect(data(await t.call('GET', '/api/account/export', { session: s }), latestExportResponse).export).toMatchObject(expired);
      const swept = await t.app.services.privacy.sweepExports();
      expect(swept.expired).toBeGreaterThanOrEqual(1);
      expect(await t.app.services.storage.exists(row!.storageKey!)).toBe(false);
      expect(await t.database.db.select().from(schema.dataExports).where(eq(schema.dataExports.id, id))).toEqual([]);
      expect((await t.call('GET', `/api/account/export/${id}`, { session: s })).statusCode).toBe(404);
      expect(data(await t.call('GET', '/api/account/export', { session: s }), latestExportResponse).export).toBeNull();
    } finally {
      (t.clock as { advance(ms: number): void }).advance(-(24 * 3_600_000 + 1000));
    }
  });
});

describe('export my data (no queue running)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers 409 with the running export to a second request, and the job is run later by whoever picks it up', async () => {
    const s = await t.make.user();
    const first = data(await t.call('POST', '/api/account/export', { session: s }), dataExportResponse).export;
    const second = await t.call('POST', '/api/account/export', { session: s });
    expect(second.statusCode).toBe(409);
    expect(error(second)).toMatchObject({ code: 'CONFLICT', message: PRIVACY_MESSAGES.exportRunning, export: { id: first.id, status: 'pending' } });
    expect(await t.database.db.select().from(schema.dataExports).where(eq(schema.dataExports.userId, s.userId))).toHaveLength(1);
    // The handler run twice (a retried job) builds it once and leaves it ready.
    await t.app.services.privacy.buildExport(first.id, { retryCount: 0, retryLimit: 2 });
    await t.app.services.privacy.buildExport(first.id, { retryCount: 1, retryLimit: 2 });
    expect(data(await t.call('GET', `/api/account/export/${first.id}`, { session: s }), dataExportResponse).export.status).toBe('ready');
    // Ready, so a new one may start.
    expect((await t.call('POST', '/api/account/export', { session: s })).statusCode).toBe(200);
  });
});

/** Rows of any table of the schema whose text mentions `needle` (the whole row cast to text). */
async function tablesMentioning(t: TestApp, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const res = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${table} as r where r::text ilike ${`%${needle}%`}`);
    const n = Number((res as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
    if (n > 0) found.push(`${getTableName(table)} (${n})`);
  }
  return found;
}

describe('delete my account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { queue: true });
  });
  afterAll(() => t?.close());

  it('refuses a wrong confirmation with 400 naming the field, changing nothing', async () => {
    const s = await t.make.user();
    const before = await t.stateOf(s.userId);
    for (const email of ['someone@else.com', '']) {
      const res = await t.call('POST', '/api/account/delete', { session: s, body: { email } });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(error(res))).toContain('email');
    }
    expect((await t.call('POST', '/api/account/delete', { session: s, body: {} })).statusCode).toBe(400);
    expect(await t.stateOf(s.userId)).toEqual(before);
  });

  it('is blocked with 409 while a checkout can still be paid (saying which, until when) or a credit hold is open, and goes through once they settle', async () => {
    const s = await t.make.user({ credits: '5' });
    const checkoutId = await t.make.openCheckout(s);
    const before = await t.stateOf(s.userId);
    const pending = await t.call('POST', '/api/account/delete', { session: s, body: { email: s.email } });
    expect(pending.statusCode).toBe(409);
    const until = new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString();
    const checkout = { checkout_id: checkoutId, package_id: expect.any(String), package_name: 'Starter', payable_until: until, test: true };
    expect(error(pending)).toMatchObject({ code: 'CONFLICT', message: pendingCheckoutMessage(checkout), checkout });
    expect(error(pending).message).toMatch(/^Your checkout of the Starter package can still be paid until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC\. Cancel it on its checkout page/);
    expect(await t.stateOf(s.userId)).toEqual(before);

    await t.database.db.update(schema.payments).set({ status: 'failed' }).where(eq(schema.payments.userId, s.userId));
    const hold = await t.app.services.credits.hold({ userId: s.userId, amount: '1', serviceType: 'test', description: 'Running work' });
    const held = await t.call('POST', '/api/account/delete', { session: s, body: { email: s.email } });
    expect(held.statusCode).toBe(409);
    expect(error(held).message).toBe(PRIVACY_MESSAGES.openHold);

    await t.app.services.credits.release(hold.id);
    expect((await t.call('POST', '/api/account/delete', { session: s, body: { email: s.email } })).statusCode).toBe(200);
  });

  it('a cancelled checkout does not hold it up (issue 26 item 1: Cancel left it pending, and deletion answered 409 for good)', async () => {
    const s = await t.make.user();
    const packageId = data(await t.call('GET', '/api/credits/packages', { session: s }), creditPackagesResponse).packages[0]!.uuid;
    const opened = await t.call('POST', `/api/payments/test-checkout/${packageId}/open`, { session: s });
    const checkoutId = data(opened, testCheckoutOpenedSchema).checkout_id;
    const cancelled = await t.call('POST', `/api/payments/test-checkout/${packageId}/cancel`, { session: s, body: { checkout_id: checkoutId } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const res = await t.call('POST', '/api/account/delete', { session: s, body: { email: s.email } });
    expect(res.statusCode, res.body).toBe(200);
    const [payment] = await t.database.db.select().from(schema.payments).where(eq(schema.payments.providerId, checkoutId));
    expect(payment).toMatchObject({ status: 'cancelled', userId: null, anonymousId: expect.any(String) });
  });

  it('an abandoned checkout holds it up for 24 hours only, with no sweep needed', async () => {
    const s = await t.make.user();
    await t.make.openCheckout(s);
    const clock = t.clock as { advance(ms: number): void };
    clock.advance(20 * 60_000);
    const early = await t.call('POST', '/api/account/delete', { session: s, body: { email: s.email } });
    expect(early.statusCode).toBe(409);
    clock.advance(24 * 3_600_000 - 20 * 60_000 + 1000);
    try {
      const res = await t.call('POST', '/api/account/delete', { session: s, body: { email: s.email } });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      clock.advance(-(24 * 3_600_000 + 1000));
    }
  });

  it('a Stripe payment still being confirmed (an asynchronous payment) holds it up with no end, and says so', async () => {
    const s = await t.make.user();
    const now = t.clock.now();
    await t.database.db.insert(schema.payments).values({
      provider: 'stripe',
      providerId: `cs_test_${randomUUID()}`,
      userId: s.userId,
      amountUsd: '5',
      creditsPurchased: '5',
      status: 'pending',
      payableUntil: null,
      createdAt: now,
      updatedAt: now,
    });
    const res = await t.call('POST', '/api/account/delete', { session: s, body: { email: s.email } });
    expect(res.statusCode).toBe(409);
    expect(error(res)).toMatchObject({ message: expect.stringMatching(/still being confirmed by Stripe/), checkout: { payable_until: null, test: false } });
  });

  it('removes every row and object of the user; the ledger and payments stay under an anonymous id that adds up; the address gets no second bonus', async () => {
    const s = await t.make.user({ credits: '12', name: 'Dana Gone' });
    await t.make.checkout(s);
    await t.make.generation(s, { prompt: 'delete me too' });
    await t.make.file(s);
    await t.make.content(s);
    await t.make.transcription(s);
    await t.make.dataExport(s);
    await t.database.db.insert(schema.telegramLinks).values({ userId: s.userId, chatId: `chat-${randomUUID()}` });
    const trackingId = randomUUID();
    await t.database.db.insert(schema.visits).values([
      { trackingId, sessionId: randomUUID(), userId: s.userId, referrerDomain: 'Direct/None', ipHash: 'h1' },
      { trackingId, sessionId: randomUUID(), userId: null, referrerDomain: 'example.org', ipHash: 'h2' },
    ]);
    await t.database.db.insert(schema.magicLinks).values({ email: s.email, tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 60_000) });
    const other = await t.make.session(s);

    const keys = [
      ...(await t.database.db.select().from(schema.files).where(eq(schema.files.userId, s.userId))).flatMap((f) => [f.storageKey, f.thumbnailKey]),
      ...(await t.database.db.select().from(schema.dataExports).where(eq(schema.dataExports.userId, s.userId))).map((e) => e.storageKey),
    ].filter((k): k is string => !!k);
    expect(keys.length).toBeGreaterThan(3);
    const ledgerBefore = await t.database.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, s.userId));
    const balance = data(await t.call('GET', '/api/credits/balance', { session: s }), creditBalanceResponse).balance.balance;

    // Typed with other case and spaces: still the same address.
    const res = await t.call('POST', '/api/account/delete', { session: s, body: { email: `  ${s.email.toUpperCase()} ` } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/ampkit_session=;.*Expires=Thu, 01 Jan 1970/i);
    for (const session of [s, other]) expect((await t.call('GET', '/api/auth/profile', { session })).statusCode).toBe(401);

    expect(await tablesMentioning(t, s.userId)).toEqual([]);
    expect(await tablesMentioning(t, s.email)).toEqual([]);
    expect(await tablesMentioning(t, 'Dana Gone')).toEqual([]);
    expect(await tablesMentioning(t, trackingId)).toEqual([]);
    for (const key of keys) expect(await t.app.services.storage.exists(key), key).toBe(false);

    const [moved] = await t.database.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.id, ledgerBefore[0]!.id));
    const [tomb] = await t.database.db.select().from(schema.deletedAccounts).where(eq(schema.deletedAccounts.id, moved!.anonymousId!));
    expect(tomb!.closingBalance).toBe(balance);
    const anonymous = await t.database.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.anonymousId, tomb!.id));
    expect(anonymous).toHaveLength(ledgerBefore.length + 1);
    expect(anonymous.every((r) => r.userId === null)).toBe(true);
    // Amounts and dates kept; the closing row forfeits the balance, so the rows add up to zero.
    for (const row of ledgerBefore) expect(anonymous.find((a) => a.id === row.id)).toMatchObject({ amount: row.amount, createdAt: row.createdAt, type: row.type });
    expect(anonymous.reduce((sum, r) => add(sum, r.amount), '0')).toMatch(/^0(\.0+)?$/);
    const paid = await t.database.db.select().from(schema.payments).where(eq(schema.payments.anonymousId, tomb!.id));
    expect(paid).toEqual([expect.objectContaining({ userId: null, status: 'completed', amountUsd: expect.any(String) })]);

    // Signing up again with the same address: a fresh account, without the sign-up bonus.
    const back = await t.signIn(s.email);
    expect(back.userId).not.toBe(s.userId);
    expect(data(await t.call('GET', '/api/credits/balance', { session: back }), creditBalanceResponse).balance.balance).toBe('0.0000');
    const profile = data(await t.call('GET', '/api/auth/profile', { session: back }), profileResponse);
    expect(profile.user.email).toBe(s.email);
    expect(profile.welcome).toEqual({ signup_bonus: '0' });
    // The control: a new address still gets it.
    const fresh = await t.signIn(`fresh-${randomUUID().slice(0, 8)}@example.com`);
    expect(data(await t.call('GET', '/api/credits/balance', { session: fresh }), creditBalanceResponse).balance.balance).toBe('5.0000');
  });
});
