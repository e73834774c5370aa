import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchAccepted, batchDetail, batchList, BATCH_MESSAGES, nothingToRunDetails, type BatchDetail } from '../../../contract/batches.ts';
import { creditBalanceResponse } from '../../../contract/credits.ts';
import { batchItems, batches, creditLedger, generations } from '../../db/schema/index.ts';
import { createTestApp, createTestAppWithGemini, type TestApp } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import type { FakeGemini } from '../../test-support/fake-ai/gemini.ts';
import type { TestSession } from '../../test-support/session.ts';
import { claimGeneration } from '../ai/repository.ts';
import { unzip } from '../../test-support/zip.ts';

const photo = (name: string) => readFileSync(new URL(`../../test-support/photos/${name}`, import.meta.url)).toString('base64');
const astronaut = photo('astronaut.jpg');
const coffee = photo('coffee.jpg');
const camera = photo('camera.jpg');
/** Text named like an image: what the tool refuses before anything is held. */
const fake = Buffer.from('this is a text file, not a photo at all').toString('base64');
const item = (imageData: string, name: string) => ({ imageData, mimeType: 'image/jpeg', name });

const balance = async (t: TestApp, s: TestSession) => data(await t.call('GET', '/api/credits/balance', { session: s }), creditBalanceResponse).balance;
const post = (t: TestApp, s: TestSession, body: object, key = crypto.randomUUID()) =>
  t.call('POST', '/api/batches', { session: s, body, headers: { 'idempotency-key': key } });
const usageLines = async (t: TestApp, s: TestSession) =>
  t.database.db.select().from(creditLedger).where(and(eq(creditLedger.userId, s.userId), eq(creditLedger.type, 'usage')));

async function finished(t: TestApp, s: TestSession, id: string, timeoutMs = 60_000): Promise<BatchDetail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const batch = data(await t.call('GET', `/api/batches/${id}`, { session: s }), batchDetail);
    if (batch.status !== 'running' && batch.finished_at) return batch;
    if (Date.now() > until) throw new Error(`batch still running: ${JSON.stringify(batch.counts)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('batches on the local engine, priced', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BATCH_CONCURRENCY_PER_USER: '2' });
    // The local engine's previews are free until priced: a price makes every charge visible.
    await t.setPrice('thumbnail', 'local', '0.5');
  });
  afterAll(() => t?.close());

  it('runs the good images, refuses the bad ones by name before any hold, charges exactly the done items, zips exactly their results, and tells the user once', async () => {
    const s = await t.make.user({ credits: '5' });
    const other = await t.make.user({ credits: '5' });
    const theirs = await t.make.file(other);
    const res = await post(t, s, {
      tool: 'thumbnail-generator',
      options: { prompt: 'Big reveal', style: 'viral-bold', addText: false },
      items: [item(astronaut, 'astronaut.jpg'), item(fake, 'notes.png'), item(coffee, 'coffee.jpg'), { image_uuid: theirs }, item(coffee, 'coffee.jpg')],
    });
    expect(res.statusCode, res.body).toBe(202);
    const accepted = data(res, batchAccepted);
    expect(accepted.quote).toEqual({ items: 3, unit_price: '0.5000', total: '1.5000', engine: 'Local engine', preview: true });
    expect(accepted.items.map((i) => (i.generation_id ? 'held' : i.status))).toEqual(['held', 'failed', 'held', 'failed', 'held']);
    expect(accepted.items[1]!.error!.message).toMatch(/^notes\.png: /);
    expect(accepted.items[3]!.error!.message).toBe(`${theirs}: this image was not found in your files.`);
    // Held at once for the three, nothing for the refused ones.
    expect((await balance(t, s)).available_credits).toBe('3.5000');

    const done = await finished(t, s, accepted.batch_id);
    expect(done.status).toBe('finished');
    expect(done.counts).toEqual({ queued: 0, running: 0, done: 3, failed: 2, cancelled: 0 });
    expect(done.charged).toBe('1.5000');
    expect(done.items.filter((i) => i.status === 'done').every((i) => i.credits === '0.5000' && i.result?.uuid)).toBe(true);
    expect(done.items.filter((i) => i.status === 'failed').every((i) => i.credits === '0')).toBe(true);
    expect(await balance(t, s)).toMatchObject({ balance: '3.5000', available_credits: '3.5000' });
    expect(await usageLines(t, s)).toHaveLength(3);

    const zip = await t.call('GET', `/api/batches/${accepted.batch_id}/download`, { session: s });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await unzip(zip.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['astronaut-thumbnail-generator.png', 'coffee-thumbnail-generator (2).png', 'coffee-thumbnail-generator.png']);
    for (const bytes of entries.values()) expect((await sharp(bytes).metadata()).width).toBe(1280);

    // Told once: a mail (the in-app notice is the batch leaving the active list).
    const mail = await t.smtp.waitForMail(s.email);
    expect(mail.subject).toBe('Thumbnail Generator batch: 3 done, 2 not charged');
    expect(mail.text).toContain(`/batches/${accepted.batch_id}`);
    expect(t.smtp.received.filter((m) => m.to.includes(s.email.toLowerCase()))).toHaveLength(1);
    expect(data(await t.call('GET', '/api/batches?active=true', { session: s }), batchList).batches).toEqual([]);
    const [listed] = data(await t.call('GET', '/api/batches', { session: s }), batchList).batches;
    expect(listed).toMatchObject({ batch_id: accepted.batch_id, status: 'finished', total_items: 5, charged: '1.5000' });
    // The gallery shows the batch as a group of its results.
    expect(listed!.previews.map((p) => p.uuid)).toEqual(done.items.filter((i) => i.status === 'done').map((i) => i.result!.uuid));
    // Batch items are not in the single generations' running list.
    expect(await t.call('GET', '/api/generations?active=true', { session: s }).then((r) => r.json().data.generations)).toEqual([]);
  });

  it('refuses the whole batch with the 402 figures when it costs more than the balance, holding nothing', async () => {
    const s = await t.make.user({ credits: '1' });
    const res = await post(t, s, { tool: 'thumbnail-generator', options: {}, items: [item(astronaut, 'a.jpg'), item(coffee, 'b.jpg'), item(camera, 'c.jpg')] });
    expect(res.statusCode).toBe(402);
    expect(error(res)).toMatchObject({ code: 'INSUFFICIENT_CREDITS', required_credits: '1.5000', available_credits: '1.0000', deficit: '0.5000' });
    expect(await balance(t, s)).toMatchObject({ balance: '1.0000', available_credits: '1.0000' });
    expect(await t.database.db.select().from(batches).where(eq(batches.userId, s.userId))).toHaveLength(0);
    expect(await t.database.db.select().from(generations).where(eq(generations.userId, s.userId))).toHaveLength(0);
  });

  it('refuses what is not a batch: an unknown or non-batch tool, the image in the options, a bad option, 51 items, no usable image', async () => {
    const s = await t.make.user({ credits: '5' });
    const one = [item(astronaut, 'a.jpg')];
    const cases: Array<[object, string | RegExp]> = [
      [{ tool: 'nope', items: one }, BATCH_MESSAGES.unknownTool],
      [{ tool: 'transcription', items: one }, BATCH_MESSAGES.unknownTool],
      [{ tool: 'thumbnail-generator', options: { imageData: astronaut }, items: one }, BATCH_MESSAGES.imageInOptions],
      [{ tool: 'thumbnail-generator', options: { style: 'nope' }, items: one }, /^options\.style: /],
      [{ tool: 'thumbnail-generator', items: Array.from({ length: 51 }, () => one[0]) }, /at most 50/],
      [{ tool: 'thumbnail-generator', items: [] }, /at least one/],
      [{ tool: 'thumbnail-generator', items: [item(fake, 'x.png')] }, BATCH_MESSAGES.nothingToRun],
      [{ tool: 'thumbnail-generator', items: [{ image_uuid: 'not-a-uuid' }] }, /./],
      [{ tool: 'thumbnail-generator', items: [{ imageData: astronaut }] }, /./],
    ];
    for (const [body, message] of cases) {
      const res = await post(t, s, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(error(res).message).toMatch(message);
    }
    // No usable image: each item's refusal, named, in the contract's shape.
    const none = await post(t, s, { tool: 'thumbnail-generator', items: [item(fake, 'x.png'), { imageData: 'this is not base64 at all!!', mimeType: 'image/png', name: 'y.png' }] });
    expect(nothingToRunDetails.parse(error(none)).items.map((i) => i.message)).toEqual([expect.stringMatching(/^x\.png: /), expect.stringMatching(/^y\.png: /)]);
    expect(await t.database.db.select().from(batches).where(eq(batches.userId, s.userId))).toHaveLength(0);
    expect((await balance(t, s)).available_credits).toBe('5.0000');
  });

  it("answers 404 for another user's batch on every route, and replays a repeated POST by its Idempotency-Key", async () => {
    const s = await t.make.user({ credits: '5' });
    const other = await t.make.user({ credits: '5' });
    const key = crypto.randomUUID();
    const body = { tool: 'background-remover', options: {}, items: [item(astronaut, 'me.jpg')] };
    const first = data(await post(t, s, body, key), batchAccepted);
    const again = await post(t, s, body, key);
    expect(again.statusCode).toBe(202);
    expect(data(again, batchAccepted).batch_id).toBe(first.batch_id);
    expect(await t.database.db.select().from(batches).where(eq(batches.userId, s.userId))).toHaveLength(1);
    await finished(t, s, first.batch_id);
    for (const [method, url] of [
      ['GET', `/api/batches/${first.batch_id}`],
      ['POST', `/api/batches/${first.batch_id}/cancel`],
      ['POST', `/api/batches/${first.batch_id}/retry`],
      ['GET', `/api/batches/${first.batch_id}/download`],
    ] as const) {
      const res = await t.call(method, url, { session: other });
      expect(res.statusCode, url).toBe(404);
      expect(error(res).message).toBe(BATCH_MESSAGES.notFound);
    }
    expect(data(await t.call('GET', '/api/batches', { session: other }), batchList).batches).toEqual([]);
  });

  it('a mockup batch: every image in each style, priced per style, one ZIP entry per style', async () => {
    await t.setPrice('mockup', 'local', '0.2');
    const s = await t.make.user({ credits: '5' });
    const res = await post(t, s, { tool: 'mockup-generator', options: { styles: ['t-shirt', 'coffee-mug'], background: 'photo-studio' }, items: [item(astronaut, 'logo.jpg'), item(camera, 'cam.jpg')] });
    const accepted = data(res, batchAccepted);
    expect(accepted.quote).toMatchObject({ items: 2, unit_price: '0.4000', total: '0.8000' });
    const done = await finished(t, s, accepted.batch_id);
    expect(done.counts).toMatchObject({ done: 2, failed: 0 });
    expect(done.charged).toBe('0.8000');
    expect(done.items.every((i) => i.result?.thumbnail_url)).toBe(true);
    const entries = await unzip((await t.call('GET', `/api/batches/${accepted.batch_id}/download`, { session: s })).rawPayload);
    expect([...entries.keys()].sort()).toEqual([
      'cam-mockup-generator-coffee-mug.png',
      'cam-mockup-generator-t-shirt.png',
      'logo-mockup-generator-coffee-mug.png',
      'logo-mockup-generator-t-shirt.png',
    ]);
    expect(await balance(t, s)).toMatchObject({ balance: '4.2000', available_credits: '4.2000' });
  });

  it('a caption batch: each text in the ZIP as a .txt (caption, then hashtags)', async () => {
    const s = await t.make.user({ credits: '5' });
    const accepted = data(await post(t, s, { tool: 'caption-generator', options: { platform: 'Instagram' }, items: [item(coffee, 'latte.jpg')] }), batchAccepted);
    const done = await finished(t, s, accepted.batch_id);
    expect(done.counts.done).toBe(1);
    expect(done.items[0]!.result).toMatchObject({ uuid: null, text: expect.any(String) });
    const entries = await unzip((await t.call('GET', `/api/batches/${accepted.batch_id}/download`, { session: s })).rawPayload);
    expect([...entries.keys()]).toEqual(['latte-caption-generator.txt']);
    expect(entries.get('latte-caption-generator.txt')!.toString('utf8')).toMatch(/\n\n#\w+/);
  });

  it('a headshot batch refuses the photo without a face by name; the rest runs', async () => {
    const s = await t.make.user({ credits: '5' });
    const res = await post(t, s, { tool: 'ai-headshot', options: { style: 'Professional' }, items: [item(astronaut, 'me.jpg'), item(coffee, 'coffee.jpg')] });
    const accepted = data(res, batchAccepted);
    expect(accepted.items[1]).toMatchObject({ status: 'failed', generation_id: null });
    expect(accepted.items[1]!.error!.message).toMatch(/^coffee\.jpg: .*face/i);
    const done = await finished(t, s, accepted.batch_id);
    expect(done.counts).toMatchObject({ done: 1, failed: 1 });
  });
});

describe('batches with a provider: failures, retry, cancel, and one user at a time', () => {
  let t: TestApp;
  let gemini: FakeGemini;
  beforeAll(async () => {
    ({ t, gemini } = await createTestAppWithGemini({ BATCH_CONCURRENCY_PER_USER: '1', GENERATION_CONCURRENCY: '4' }));
  });
  afterAll(() => t?.close());

  it('releases a failed item (not charged); a retry holds and runs it again and charges it once', async () => {
    const s = await t.make.user({ credits: '5' });
    gemini.failNext('safety');
    const accepted = data(await post(t, s, { tool: 'thumbnail-generator', options: {}, items: [item(astronaut, 'a.jpg'), item(coffee, 'b.jpg')] }), batchAccepted);
    expect(accepted.quote).toMatchObject({ items: 2, unit_price: '0.3000', total: '0.6000', preview: false });
    const first = await finished(t, s, accepted.batch_id);
    expect(first.counts).toMatchObject({ done: 1, failed: 1 });
    const failed = first.items.find((i) => i.status === 'failed')!;
    expect(failed).toMatchObject({ credits: '0', error: { error_class: expect.any(String) } });
    expect(await balance(t, s)).toMatchObject({ balance: '4.7000', available_credits: '4.7000' });

    const retried = data(await t.call('POST', `/api/batches/${accepted.batch_id}/retry`, { session: s }), batchDetail);
    expect(retried.status).toBe('running');
    expect(retried.items.find((i) => i.id === failed.id)!.generation_id).not.toBe(failed.generation_id);
    const second = await finished(t, s, accepted.batch_id);
    expect(second.counts).toMatchObject({ done: 2, failed: 0 });
    expect(await balance(t, s)).toMatchObject({ balance: '4.4000', available_credits: '4.4000' });
    expect(await usageLines(t, s)).toHaveLength(2);
    const again = await t.call('POST', `/api/batches/${accepted.batch_id}/retry`, { session: s });
    expect(again.statusCode).toBe(409);
    expect(error(again).message).toBe(BATCH_MESSAGES.nothingToRetry);
  });

  it("claims a user's batch item only while they run fewer than their limit: the exact check behind the queue's group", async () => {
    const s = await t.make.user({ credits: '5' });
    gemini.failNext({ delayMs: 2500 }, { delayMs: 10 });
    const accepted = data(await post(t, s, { tool: 'thumbnail-generator', options: {}, items: [item(astronaut, 'a.jpg'), item(coffee, 'b.jpg')] }), batchAccepted);
    let batch = data(await t.call('GET', `/api/batches/${accepted.batch_id}`, { session: s }), batchDetail);
    for (let i = 0; i < 100 && !batch.items.some((it) => it.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      batch = data(await t.call('GET', `/api/batches/${accepted.batch_id}`, { session: s }), batchDetail);
    }
    const waiting = batch.items.find((it) => it.status === 'queued')!;
    // A second worker's claim while the first item runs (limit 1): refused, and the item is left as it was.
    expect(await claimGeneration(t.database.db, waiting.generation_id!, 9, 1)).toBe('busy');
    const [row] = await t.database.db.select().from(generations).where(eq(generations.id, waiting.generation_id!));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    const done = await finished(t, s, accepted.batch_id);
    expect(done.counts.done).toBe(2);
  });

  it("runs one user's items one at a time, puts another user's single generation first, and cancels the queued items at once (released)", async () => {
    const s = await t.make.user({ credits: '5' });
    const single = await t.make.user({ credits: '5' });
    // Each provider call takes 1.5 s: enough to see what runs at once.
    gemini.failNext(...Array.from({ length: 6 }, () => ({ delayMs: 1500 })));
    const accepted = data(
      await post(t, s, { tool: 'thumbnail-generator', options: {}, items: Array.from({ length: 5 }, (_, i) => item(astronaut, `p${i}.jpg`)) }),
      batchAccepted,
    );
    let most = 0;
    const watch = setInterval(() => {
      void t.database.db
        .select()
        .from(generations)
        .where(and(eq(generations.userId, s.userId), eq(generations.status, 'processing')))
        .then((rows) => (most = Math.max(most, rows.length)));
    }, 50);
    // A single generation sent after the batch starts before the batch's next item.
    const started = Date.now();
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: single,
      body: { toolName: 'thumbnail-generator', imageData: coffee, mimeType: 'image/jpeg' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(4_000);
    const cancelled = data(await t.call('POST', `/api/batches/${accepted.batch_id}/cancel`, { session: s }), batchDetail);
    expect(cancelled.counts.cancelled).toBeGreaterThanOrEqual(2);
    const done = await finished(t, s, accepted.batch_id);
    clearInterval(watch);
    expect(done.status).toBe('cancelled');
    expect(done.counts.done + done.counts.cancelled).toBe(5);
    expect(most).toBe(1);
    expect(await balance(t, s)).toMatchObject({ balance: String((5 - 0.3 * done.counts.done).toFixed(4)), available_credits: String((5 - 0.3 * done.counts.done).toFixed(4)) });
    expect((await usageLines(t, s)).length).toBe(done.counts.done);
    const rows = await t.database.db.select().from(batchItems).where(eq(batchItems.batchId, accepted.batch_id));
    expect(rows).toHaveLength(5);
  });
});
