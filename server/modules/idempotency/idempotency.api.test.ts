import { readFileSync } from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { generatedImageResponse } from '../../../contract/ai.ts';
import { TOOL_DEFINITIONS, TOOLS } from '../../../contract/tools.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, generations, idempotencyKeys } from '../../db/schema/index.ts';
import type { SampleImages } from '../ai/tools/definition.ts';
import { OWN_ROUTE_TOOLS, SERVER_TOOLS } from '../ai/tools/index.ts';
import { jobDefinitions } from '../../services.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import { startFakeReplicate, type FakeReplicate } from '../../test-support/fake-ai/replicate.ts';
import { makePng, multipartBody, readFixture } from '../../test-support/media.ts';

/**
 * Every paid POST takes an Idempotency-Key: a repeat with the same key and body answers the first answer and
 * charges nothing more (a repeat while the first still runs waits for it); the same key with another body answers 409.
 */

/** The whole answer, envelope and all: a replay must answer exactly what the first call answered. */
const json = (res: { body: string }): unknown => JSON.parse(res.body);
const b64 = (buf: Buffer) => buf.toString('base64');
const HEADER = 'idempotency-key';

let t: TestApp;
let png: string;
/** Another image of the same kind: what a user uploads instead of the first. */
let otherPng: string;
beforeAll(async () => {
  t = await createTestApp();
  // The local engine's previews are free by default: priced here, so every paid route charges what this test replays.
  for (const tool of TOOLS) await t.setPrice(tool.price.serviceType, 'local', '0.25');
  // Transcriptions queue a job: none runs here, the hold is what they charge (generations run as always).
  t.holdJobs();
  png = b64(await makePng(96, 64));
  otherPng = b64(await makePng(64, 96));
});
/** Photos with a person in them (the background remover's local engine refuses any other). */
const person = b64(readFileSync(new URL('../../test-support/photos/astronaut.jpg', import.meta.url)));
const otherPerson = b64(readFileSync(new URL('../../test-support/photos/camera.jpg', import.meta.url)));

/** The tools with a paid route of their own: each definition's sample, with the images given. */
const toolSamples = (images: () => SampleImages) =>
  Object.fromEntries(OWN_ROUTE_TOOLS.map((id) => [`POST ${TOOL_DEFINITIONS[id].call.path}`, async () => SERVER_TOOLS[id].sample!(images())]));
afterAll(() => t?.close());

let n = 0;
const newUser = () => t.make.user({ email: `idem-${++n}-${Math.random().toString(16).slice(2, 8)}@example.com` });

/** A JSON body, or a multipart one (`{ raw }`, the transcription upload). */
const post = (s: TestSession, url: string, body: unknown, key?: string) => {
  const headers: Record<string, string> = key === undefined ? {} : { [HEADER]: key };
  const raw = (body as { raw?: { body: Buffer; contentType: string } }).raw;
  return raw ? t.call('POST', url, { session: s, raw, headers }) : t.call('POST', url, { session: s, body, headers });
};

/** What a paid call took: a balance captured at once, or credits held for a queued job. */
const taken = (f: { balance: string; held: string }) => `${f.balance} held ${f.held}`;

/** What a user was charged, as rows and as a balance, and how many generations they ran. */
async function footprint(s: TestSession) {
  const [ledger] = await t.database.db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.userId, s.userId));
  const [gens] = await t.database.db.select({ n: count() }).from(generations).where(eq(generations.userId, s.userId));
  const audit = await t.app.services.credits.audit(s.userId);
  return { ledgerRows: Number(ledger!.n), generations: Number(gens!.n), balance: audit.balance, held: audit.held };
}

async function usageRows(s: TestSession) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, s.userId), eq(creditLedger.type, 'usage')));
  return Number(row!.n);
}

/** A gallery image of the user's to upscale (made by a morph, charged before the test's own calls). */
async function sourceImage(s: TestSession): Promise<string> {
  const res = await post(s, '/api/ai/generate-image', { imageData: png });
  expect(res.statusCode, res.body).toBe(200);
  return data(res, generatedImageResponse).uuid;
}

/** A batch of two thumbnails of one image. */
const batchOf = (image: string) => ({ tool: 'thumbnail-generator', options: {}, items: [1, 2].map((n) => ({ imageData: image, mimeType: 'image/png', name: `${n}.png` })) });

/**
 * A valid body for every paid route (a tool with a route of its own: its definition's sample). A new paid route fails the first test below until it has one,
 * so it cannot ship without the replay test.
 */
const SAMPLES: Record<string, (s: TestSession) => Promise<object>> = {
  'POST /api/ai/generate-image': async () => ({ imageData: png, userPrompt: 'make it warmer' }),
  ...toolSamples(() => ({ png, person })),
  'POST /api/ai/upscale-image': async (s) => ({ image_uuid: await sourceImage(s), scale_factor: 2, quality_tier: 'fast', provider: 'local' }),
  'POST /api/batches': async () => batchOf(png),
  'POST /api/transcriptions': async () => ({
    raw: multipartBody([
      { name: 'refinement_type', data: 'raw' },
      { name: 'audio_file', filename: 'tone.wav', contentType: 'audio/wav', data: readFixture('tone.wav') },
    ]),
  }),
};

/** The tone with its last sample changed: still a valid WAV of the same length, another file. */
const otherTone = () => {
  const wav = Buffer.from(readFixture('tone.wav'));
  wav[wav.length - 1] = (wav[wav.length - 1]! + 1) % 256;
  return wav;
};

/** The transcription upload's parts, each send with a new multipart boundary. */
const transcriptionUpload = (parts: { audio?: Buffer; filename?: string; refinement?: string; extra?: { name: string; data: string } } = {}) => ({
  raw: multipartBody([
    { name: 'refinement_type', data: parts.refinement ?? 'raw' },
    { name: 'audio_file', filename: parts.filename ?? 'tone.wav', contentType: 'audio/wav', data: parts.audio ?? readFixture('tone.wav') },
    ...(parts.extra ? [parts.extra] : []),
  ]),
});

/**
 * Each paid route's sample with another upload in it (another image, another source image, another audio file) and
 * everything else the same. A new paid route fails the test below until it has one here.
 */
const OTHER_UPLOADS: Record<string, (s: TestSession) => Promise<object>> = {
  'POST /api/ai/generate-image': async () => ({ imageData: otherPng, userPrompt: 'make it warmer' }),
  ...toolSamples(() => ({ png: otherPng, person: otherPerson })),
  'POST /api/ai/upscale-image': async (s) => ({ image_uuid: await sourceImage(s), scale_factor: 2, quality_tier: 'fast', provider: 'local' }),
  'POST /api/batches': async () => batchOf(otherPng),
  'POST /api/transcriptions': async () => transcriptionUpload({ audio: otherTone() }),
};

const paidRoutes = () => t.app.paidRoutes.map((r) => `${r.method} ${r.url}`).sort();

describe('every paid route (from the route table)', () => {
  it('is declared paid and has a sample body here', () => {
    expect(paidRoutes()).toEqual(expect.arrayContaining(['POST /api/ai/generate-image', 'POST /api/ai/upscale-image']));
    expect(paidRoutes()).toEqual(Object.keys(SAMPLES).sort());
  });

  it('replays the first answer for the same key and body, and charges nothing more', async () => {
    for (const route of paidRoutes()) {
      const [, url] = route.split(' ') as [string, string];
      const s = await newUser();
      const body = await SAMPLES[route]!(s);
      const before = await footprint(s);
      const key = `generic-${route}`;
      const first = await post(s, url, body, key);
      expect(first.statusCode, `${route}: ${first.body}`).toBeLessThan(300);
      const charged = await footprint(s);
      expect(taken(charged), `${route} charges or holds something, or this test proves nothing`).not.toBe(taken(before));

      const again = await post(s, url, body, key);
      expect(again.statusCode, route).toBe(first.statusCode);
      expect(json(again), route).toEqual(json(first));
      expect(again.headers['idempotent-replayed'], route).toBe('true');
      expect(await footprint(s), route).toEqual(charged);

      // Without the key, the same body is a new action and is charged again (the baseline).
      const fresh = await post(s, url, body);
      expect(fresh.statusCode, route).toBe(first.statusCode);
      expect(taken(await footprint(s)), route).not.toBe(taken(charged));
    }
  });

  it('answers 409 for the same key with another upload, runs and charges nothing', async () => {
    expect(Object.keys(OTHER_UPLOADS).sort()).toEqual(paidRoutes());
    for (const route of paidRoutes()) {
      const [, url] = route.split(' ') as [string, string];
      const s = await newUser();
      const body = await SAMPLES[route]!(s);
      const other = await OTHER_UPLOADS[route]!(s);
      const key = `upload-${route}`;
      const first = await post(s, url, body, key);
      expect(first.statusCode, `${route}: ${first.body}`).toBeLessThan(300);
      const charged = await footprint(s);

      const res = await post(s, url, other, key);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(409);
      expect(error(res), route).toMatchObject({ code: 'CONFLICT', message: 'This Idempotency-Key was used for a different request. Send a new key for a new action.' });
      expect(res.headers['idempotent-replayed'], route).toBeUndefined();
      expect(await footprint(s), route).toEqual(charged);
    }
  });
});

describe('transcriptions with an Idempotency-Key: the digest covers the upload', () => {
  it('replays the same file and fields sent again (a new multipart boundary); another file, field or file name answers 409', async () => {
    const s = await newUser();
    const first = await post(s, '/api/transcriptions', transcriptionUpload(), 'audio-1');
    expect(first.statusCode, first.body).toBe(200);
    const charged = await footprint(s);

    const again = await post(s, '/api/transcriptions', transcriptionUpload(), 'audio-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again)).toEqual(json(first));
    expect(again.headers['idempotent-replayed']).toBe('true');

    for (const [label, upload] of [
      ['another file', transcriptionUpload({ audio: otherTone() })],
      ['another refinement_type', transcriptionUpload({ refinement: 'summary' })],
      ['another file name', transcriptionUpload({ filename: 'other.wav' })],
      ['one more field', transcriptionUpload({ extra: { name: 'note', data: 'x' } })],
    ] as const) {
      const res = await post(s, '/api/transcriptions', upload, 'audio-1');
      expect(res.statusCode, `${label}: ${res.body}`).toBe(409);
      expect(error(res).message, label).toMatch(/different request/i);
    }
    expect(await footprint(s)).toEqual(charged);

    // A new key: another file is a new transcription.
    const fresh = await post(s, '/api/transcriptions', transcriptionUpload({ audio: otherTone() }), 'audio-2');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(taken(await footprint(s))).not.toBe(taken(charged));
  });

  it('a malformed upload answers 400 and claims nothing: the same key then runs the real upload', async () => {
    const s = await newUser();
    const { body, contentType } = transcriptionUpload().raw;
    const cut = { body: body.subarray(0, body.length - 40), contentType };
    const bad = await t.call('POST', '/api/transcriptions', { session: s, raw: cut, headers: { [HEADER]: 'cut-short' } });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(error(bad)).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The upload is not valid multipart/form-data.' });
    const good = await post(s, '/api/transcriptions', transcriptionUpload(), 'cut-short');
    expect(good.statusCode, good.body).toBe(200);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a paid route that takes multipart/form-data without reading it before the key is claimed is refused at start-up', async () => {
    const unread: FastifyPluginAsync = async (app) => {
      app.post('/api/test-only/paid-upload', { config: { auth: 'user', paid: true }, schema: { consumes: ['multipart/form-data'] } }, async () => ({}));
    };
    await expect(createTestApp({}, { routes: unread })).rejects.toThrow(/readMultipartBody/);
  });
});

describe('upscale-image with an Idempotency-Key', () => {
  it('same key twice: the same answer, one ledger row; same key with another body: 409, nothing charged', async () => {
    const s = await newUser();
    const source = await sourceImage(s);
    const body = { image_uuid: source, scale_factor: 2, quality_tier: 'fast', provider: 'local' };
    const usageBefore = await usageRows(s);
    const first = await post(s, '/api/ai/upscale-image', body, 'upscale-1');
    expect(first.statusCode, first.body).toBe(200);
    const second = await post(s, '/api/ai/upscale-image', body, 'upscale-1');
    expect(second.statusCode).toBe(200);
    expect(json(second)).toEqual(json(first));
    expect(await usageRows(s)).toBe(usageBefore + 1);
    const after = await footprint(s);

    const other = await post(s, '/api/ai/upscale-image', { ...body, scale_factor: 4 }, 'upscale-1');
    expect(other.statusCode, other.body).toBe(409);
    expect(error(other)).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/different request/i) });
    expect(await footprint(s)).toEqual(after);
    // The same body with its keys in another order is the same request.
    const reordered = await post(s, '/api/ai/upscale-image', { provider: 'local', quality_tier: 'fast', scale_factor: 2, image_uuid: source }, 'upscale-1');
    expect(json(reordered)).toEqual(json(first));
    expect(await footprint(s)).toEqual(after);
  });
});

describe('generate-image (morph) with an Idempotency-Key', () => {
  it('same key twice: the same answer, one ledger row; same key with another body: 409, nothing charged', async () => {
    const s = await newUser();
    const body = { imageData: png, userPrompt: 'black and white', variability: 3 };
    const first = await post(s, '/api/ai/generate-image', body, 'morph-1');
    expect(first.statusCode, first.body).toBe(200);
    const second = await post(s, '/api/ai/generate-image', body, 'morph-1');
    expect(json(second)).toEqual(json(first));
    expect(await usageRows(s)).toBe(1);
    const after = await footprint(s);
    expect(after.balance).toBe('4.7500');

    const other = await post(s, '/api/ai/generate-image', { ...body, userPrompt: 'sepia' }, 'morph-1');
    expect(other.statusCode).toBe(409);
    expect(error(other).code).toBe('CONFLICT');
    expect(await footprint(s)).toEqual(after);
  });

  it('5 calls with one key at once: one runs and is charged, the others answer 409 or its answer', async () => {
    const s = await newUser();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(s, '/api/ai/generate-image', { imageData: png }, 'burst')));
    const ran = answers.filter((r) => r.statusCode === 200);
    expect(ran.length).toBeGreaterThanOrEqual(1);
    for (const r of ran) expect(json(r)).toEqual(json(ran[0]!));
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(error(r).message).toMatch(/still being processed/i);
    }
    expect(await usageRows(s)).toBe(1);
    expect((await footprint(s)).balance).toBe('4.7500');
  });

  it('keys are per user: another user with the same key gets their own answer and pays for it', async () => {
    const a = await newUser();
    const b = await newUser();
    const body = { imageData: png };
    const mine = await post(a, '/api/ai/generate-image', body, 'shared-key');
    const theirs = await post(b, '/api/ai/generate-image', body, 'shared-key');
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(data(theirs, generatedImageResponse).uuid).not.toBe(data(mine, generatedImageResponse).uuid);
    expect((await footprint(a)).balance).toBe('4.7500');
    expect((await footprint(b)).balance).toBe('4.7500');
  });

  it('a failed answer frees the key: after a 402 and a top-up, the same key runs and charges once', async () => {
    const s = await newUser();
    const hold = await t.app.services.credits.hold({ userId: s.userId, amount: '4.9', serviceType: 'test', description: 'x' });
    const short = await post(s, '/api/ai/generate-image', { imageData: png }, 'after-402');
    expect(short.statusCode).toBe(402);
    await t.app.services.credits.release(hold.id);
    const retry = await post(s, '/api/ai/generate-image', { imageData: png }, 'after-402');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(json(await post(s, '/api/ai/generate-image', { imageData: png }, 'after-402'))).toEqual(json(retry));
    expect((await footprint(s)).balance).toBe('4.7500');
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a tab', 'a\tb'],
    ['non-ASCII', 'clé'],
  ])('refuses a key that is %s with 400 and charges nothing', async (_label, key) => {
    const s = await newUser();
    const res = await post(s, '/api/ai/generate-image', { imageData: png }, key);
    expect(res.statusCode, res.body).toBe(400);
    expect(error(res).code).toBe('VALIDATION_ERROR');
    expect(await footprint(s)).toMatchObject({ balance: '5.0000', generations: 0 });
  });

  it('accepts 255 printable ASCII characters', async () => {
    const s = await newUser();
    const key = Array.from({ length: 255 }, (_, i) => String.fromCharCode(0x20 + (i % 95))).join('');
    expect((await post(s, '/api/ai/generate-image', { imageData: png }, key)).statusCode).toBe(200);
    expect((await post(s, '/api/ai/generate-image', { imageData: png }, key)).headers['idempotent-replayed']).toBe('true');
    expect((await footprint(s)).balance).toBe('4.7500');
  });

  it('keeps a key 24 hours: after that the same key is a new action, and the cleanup job deletes old keys', async () => {
    const s = await newUser();
    const first = await post(s, '/api/ai/generate-image', { imageData: png }, 'day-old');
    t.clock.advance(23 * 3600_000);
    expect(json(await post(s, '/api/ai/generate-image', { imageData: png }, 'day-old'))).toEqual(json(first));
    expect((await footprint(s)).balance).toBe('4.7500');
    t.clock.advance(2 * 3600_000);
    const later = await post(s, '/api/ai/generate-image', { imageData: png }, 'day-old');
    expect(later.statusCode).toBe(200);
    expect(data(later, generatedImageResponse).uuid).not.toBe(data(first, generatedImageResponse).uuid);
    expect((await footprint(s)).balance).toBe('4.5000');

    await post(s, '/api/ai/generate-image', { imageData: png }, 'to-expire');
    t.clock.advance(25 * 3600_000);
    const cleanup = jobDefinitions(t.app.services, t.app.log).find((j) => j.name === 'idempotency.cleanup');
    expect(cleanup?.cron).toBeTruthy();
    await cleanup!.handle({}, { id: 'test', retryCount: 0 });
    const left = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, s.userId));
    expect(left).toEqual([]);
  });
});

describe('a repeat while the first call is still running', () => {
  let rt: TestApp;
  let replicate: FakeReplicate;
  beforeAll(async () => {
    replicate = await startFakeReplicate();
    rt = await createTestApp({ REPLICATE_API_TOKEN: 'r8_test_replicate_token', REPLICATE_BASE_URL: replicate.url });
    await rt.setPrice('image_generation', 'local', '0.25');
  });
  afterAll(async () => {
    await rt?.close();
    await replicate?.close();
  });

  it('waits for the first call and answers its answer (never a failure), charged once; later the key replays', async () => {
    const s = await rt.make.user();
    const source = data(await rt.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: png } }), generatedImageResponse).uuid;
    const body = { image_uuid: source, scale_factor: 2, quality_tier: 'standard', provider: 'replicate' };
    const send = () => rt.call('POST', '/api/ai/upscale-image', { session: s, body, headers: { [HEADER]: 'slow-1' } });
    replicate.failNext({ delayMs: 1500 });
    const first = send();
    // Wait until the first call holds the key.
    for (let i = 0; i < 100; i++) {
      const rows = await rt.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, s.userId));
      if (rows.length > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const during = await send();
    const done = await first;
    expect(done.statusCode, done.body).toBe(200);
    // The repeat (a retry after a dropped connection) got the first call's answer, not an error that reads like one.
    expect(during.statusCode, during.body).toBe(200);
    expect(during.headers['idempotent-replayed']).toBe('true');
    expect(json(during)).toEqual(json(done));
    const replay = await send();
    expect(json(replay)).toEqual(json(done));
    const [usage] = await rt.database.db
      .select({ n: count() })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, s.userId), eq(creditLedger.type, 'usage')));
    expect(Number(usage!.n)).toBe(2); // the source morph and one upscale
    const audit = await rt.app.services.credits.audit(s.userId);
    expect(audit.ledgerSum).toBe(audit.balance);
    expect(audit.held).toBe('0.0000');
  });
});
