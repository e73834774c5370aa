import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { adminPackageResponse } from '../../contract/admin-payments.ts';
import { API_SCOPES, createdApiKeyResponse, type ApiScope } from '../../contract/api-keys.ts';
import { pricingEntryResponse } from '../../contract/admin-settings.ts';
import { generatedImageResponse, mockupJobStatus, mockupSubmittedResponse } from '../../contract/ai.ts';
import { checkoutStatusSchema, creditPackagesResponse, testCheckoutOpenedSchema } from '../../contract/credits.ts';
import { cmp, sub } from '../../contract/decimal.ts';
import { uploadFileResponse } from '../../contract/files.ts';
import { generationStatus } from '../../contract/generations.ts';
import { dataExportResponse } from '../../contract/privacy.ts';
import { batchAccepted, batchDetail } from '../../contract/batches.ts';
import { adminFaqResponse, adminNotificationResponse } from '../../contract/site.ts';
import { createdWebhookResponse } from '../../contract/webhooks.ts';
import type { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { apiKeys, contentItems, creditAccounts, webhookDeliveries, webhookEndpoints, creditHolds, creditLedger, files, generations, payments, sessions, telegramLinks, transcriptions, users } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { sha256 } from '../lib/crypto.ts';
import { data } from './envelope.ts';
import { makePng, multipartBody } from './media.ts';
import { openSession, signInDirectly, type Call, type TestSession } from './session.ts';

/** Fails with the answer when a builder's call did not succeed, so a broken builder names itself. */
function expectOk(res: { statusCode: number; body: string }, what: string) {
  if (res.statusCode !== 200) throw new Error(`builder ${what} failed: ${res.statusCode} ${res.body}`);
}

/** What the builders use of the test app. */
export interface BuilderHost {
  app: Awaited<ReturnType<typeof buildApp>>;
  config: Config;
  database: Database;
  clock: Clock;
  call: Call;
}

let serial = 0;

/**
 * Builders that make ready objects in one line (Outline's buildUser, Immich's newUser), reached as `t.make`.
 * Users are written directly (a verified account with a live session: the magic-link mail is the auth tests'
 * business); everything a user owns is made through the API as a browser would. Each object kind an id route can
 * name has a builder here and an unknown id of the same shape.
 */
export function builders(t: BuilderHost) {
  const direct = {
    db: t.database.db,
    clock: t.clock,
    credits: t.app.services.credits,
    sessionTtlDays: t.config.SESSION_TTL_DAYS,
  };

  const make = {
    /**
     * A signed-in user with the sign-up bonus, whose balance is exactly `credits` when given (the difference is
     * one ledger adjustment, so the ledger still adds up).
     */
    async user(options: { credits?: string; email?: string; name?: string; admin?: boolean } = {}): Promise<TestSession> {
      const email = options.email ?? `user${++serial}-${randomUUID().slice(0, 8)}@example.com`;
      const session = await signInDirectly(direct, { email, name: options.name ?? 'Test User', admin: options.admin });
      if (options.credits !== undefined) await setBalance(session, options.credits);
      return session;
    },

    /** Another live session of the same user, as signing in again (another browser, or after the first ended). */
    session: (user: Pick<TestSession, 'userId' | 'email'>): Promise<TestSession> => openSession(direct.db, direct, user.userId, user.email),

    /** Another live session of the owner (another browser); answers its id, as the sessions list names it. */
    async otherSession(owner: TestSession): Promise<string> {
      const other = await openSession(direct.db, direct, owner.userId, owner.email);
      const [row] = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, sha256(other.cookie)));
      return row!.id;
    },

    /** A live API key of the owner (with every scope unless told); answers the key itself, shown only at creation. */
    async bearerKey(owner: TestSession, scopes: readonly ApiScope[] = API_SCOPES): Promise<string> {
      const res = await t.call('POST', '/api/account/api-keys', { session: owner, body: { name: `Builder key ${++serial}`, scopes } });
      expectOk(res, 'bearerKey');
      return data(res, createdApiKeyResponse).key;
    },

    /** A live API key of the owner; answers its id, as the keys list names it. */
    async apiKey(owner: TestSession): Promise<string> {
      const res = await t.call('POST', '/api/account/api-keys', { session: owner, body: { name: `Builder key ${++serial}`, scopes: ['account:read'] } });
      expectOk(res, 'apiKey');
      return data(res, createdApiKeyResponse).id;
    },

    /** A webhook endpoint of the owner's (a public address literal: nothing is sent by making it); answers its id. */
    async webhook(owner: TestSession): Promise<string> {
      const res = await t.call('POST', '/api/account/webhooks', { session: owner, body: { url: 'https://93.184.216.34/hooks', events: ['batch.completed'] } });
      expectOk(res, 'webhook');
      return data(res, createdWebhookResponse).id;
    },

    /** A delivery already sent to a webhook endpoint of the owner's (written directly: no job, no network); answers its id. */
    async webhookDelivery(owner: TestSession): Promise<string> {
      const endpointId = await make.webhook(owner);
      const [row] = await t.database.db
        .insert(webhookDeliveries)
        .values({ endpointId, eventId: randomUUID(), eventType: 'batch.completed', body: '{}', status: 'succeeded', attempts: 1, lastStatusCode: 200, deliveredAt: t.clock.now() })
        .returning({ id: webhookDeliveries.id });
      return row!.id;
    },

    /** An uploaded PNG in the user's gallery; answers its id. */
    async file(owner: TestSession, options: { width?: number; height?: number } = {}): Promise<string> {
      const png = await makePng(options.width ?? 96, options.height ?? 64);
      const upload = multipartBody([{ name: 'file', filename: 'photo.png', contentType: 'image/png', data: png }]);
      const res = await t.call('POST', '/api/files/upload', { session: owner, raw: upload });
      expectOk(res, 'file');
      return data(res, uploadFileResponse).file.id;
    },

    /**
     * A finished AI Image Morpher generation on the local engine (charged as a real one: 0.25 credits for a
     * plain variation), with its image in the gallery; answers what the route answered.
     */
    async generation(owner: TestSession, options: { prompt?: string; width?: number; height?: number } = {}) {
      const png = await makePng(options.width ?? 64, options.height ?? 64);
      const res = await t.call('POST', '/api/ai/generate-image', {
        session: owner,
        body: { imageData: png.toString('base64'), ...(options.prompt === undefined ? {} : { userPrompt: options.prompt }) },
      });
      expectOk(res, 'generation');
      return data(res, generatedImageResponse);
    },

    /**
     * A durable generation of the user (an AI Image Morpher run through its job), settled as completed before it is
     * handed out, so nothing about it changes while a test looks; answers its id, as GET /api/generations/:id names it.
     */
    async durableGeneration(owner: TestSession): Promise<string> {
      const { generation_id: id } = await make.generation(owner);
      const res = await t.call('GET', `/api/generations/${id}`, { session: owner });
      expectOk(res, 'durableGeneration (status)');
      const { status } = data(res, generationStatus);
      if (status !== 'completed') throw new Error(`builder durableGeneration: the generation is ${status}, not completed`);
      return id;
    },

    /**
     * A finished batch of the user (one local thumbnail, done), so nothing about it changes while a test looks;
     * answers its id, as GET /api/batches/:id names it.
     */
    async batch(owner: TestSession): Promise<string> {
      const png = await makePng(64, 64);
      const res = await t.call('POST', '/api/batches', {
        session: owner,
        body: { tool: 'thumbnail-generator', options: {}, items: [{ imageData: png.toString('base64'), mimeType: 'image/png', name: 'builder.png' }] },
      });
      if (res.statusCode !== 202) throw new Error(`builder batch: ${res.statusCode} ${res.body}`);
      const id = data(res, batchAccepted).batch_id;
      for (let i = 0; i < 300; i++) {
        const detail = data(await t.call('GET', `/api/batches/${id}`, { session: owner }), batchDetail);
        if (detail.finished_at) return id;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('builder batch: the batch did not finish in 30 s');
    },

    /** A private content item. No route creates one yet (captions will), so this goes through the service. */
    async content(owner: TestSession, options: { title?: string; content?: string } = {}): Promise<string> {
      const row = await t.app.services.content.create({
        userId: owner.userId,
        title: options.title ?? 'Builder caption',
        contentType: 'caption',
        content: options.content ?? 'Sun, sand and salt. #summer',
        language: 'English',
        tone: 'Friendly',
      });
      return String(row.id);
    },

    /** A finished transcription (written as the job leaves one; no engine is needed). Answers its uuid. */
    async transcription(owner: TestSession): Promise<string> {
      const [row] = await t.database.db
        .insert(transcriptions)
        .values({
          userId: owner.userId,
          title: 'Builder transcription',
          status: 'completed',
          source: 'web',
          refinementType: 'raw',
          rawTranscription: 'Welcome to the show.',
          provider: 'Deepgram',
          audioDurationSeconds: 12,
          costCredits: '0.1',
          segments: [{ start: 0, end: 2, text: 'Welcome to the show.' }],
          completedAt: new Date(),
        })
        .returning();
      return row!.id;
    },

    /** A finished mockup generation (needs a test app started with the job queue); answers its job id. */
    async mockupJob(owner: TestSession): Promise<string> {
      const res = await t.call('POST', '/api/ai/generate-image', {
        session: owner,
        body: { toolName: 'mockup-generator', images: [(await makePng(120, 90)).toString('base64')], styles: ['poster'] },
      });
      expectOk(res, 'mockupJob');
      const jobId = data(res, mockupSubmittedResponse).job_id;
      // Settled before it is handed out, so the job's own progress never reads as a change made by someone else.
      for (let i = 0; i < 240; i++) {
        const status = await t.call('GET', `/api/ai/mockup-job-status?job_id=${jobId}`, { session: owner });
        expectOk(status, 'mockupJob (status)');
        if (['completed', 'failed'].includes(data(status, mockupJobStatus).status)) return jobId;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error('builder mockupJob: the job did not finish in a minute');
    },

    /** A ready export of the user's data (needs a test app started with the job queue); answers its id. */
    async dataExport(owner: TestSession): Promise<string> {
      const started = await t.call('POST', '/api/account/export', { session: owner });
      // 409: one is already running for this user, named in the answer.
      const running = started.statusCode === 409 ? (started.json() as { error: { export?: { id: string } } }).error.export : undefined;
      if (started.statusCode !== 200 && !running) expectOk(started, 'dataExport');
      const id = running?.id ?? data(started, dataExportResponse).export.id;
      for (let i = 0; i < 240; i++) {
        const status = await t.call('GET', `/api/account/export/${id}`, { session: owner });
        expectOk(status, 'dataExport (status)');
        const state = data(status, dataExportResponse).export.status;
        if (state === 'ready') return id;
        if (state === 'failed') throw new Error('builder dataExport: the export failed');
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error('builder dataExport: the export did not finish in a minute');
    },

    /** An opened, unpaid test checkout (the built-in TEST payment page); answers its checkout id. */
    async openCheckout(owner: TestSession): Promise<string> {
      const res = await t.call('POST', `/api/payments/test-checkout/${await firstPackage(owner)}/open`, { session: owner });
      expectOk(res, 'openCheckout');
      return data(res, testCheckoutOpenedSchema).checkout_id;
    },

    /** A paid test checkout; answers its checkout session id. */
    async checkout(owner: TestSession): Promise<string> {
      const packageId = await firstPackage(owner);
      const opened = await t.call('POST', `/api/payments/test-checkout/${packageId}/open`, { session: owner });
      expectOk(opened, 'checkout (open)');
      const body = { checkout_id: data(opened, testCheckoutOpenedSchema).checkout_id };
      const res = await t.call('POST', `/api/payments/test-checkout/${packageId}/confirm`, { session: owner, body });
      expectOk(res, 'checkout');
      return data(res, checkoutStatusSchema).session_id;
    },
  };

  /**
   * The admin's objects (admin routes name objects that belong to no user): made through the admin API as the admin
   * area does, by one admin the builders make once. Each answers the id its routes take, as a string.
   */
  let builderAdmin: Promise<TestSession> | undefined;
  const asAdmin = () => (builderAdmin ??= make.user({ admin: true, name: 'Builder Admin' }));
  const adminObjects = {
    /** An active credit package (test mode: no Payment Link). */
    async creditPackage(): Promise<string> {
      const res = await t.call('POST', '/api/admin/credit-packages', { session: await asAdmin(), body: { name: `Builder pack ${++serial}`, price_usd: '9.00', credits: '9' } });
      expectOk(res, 'creditPackage');
      return data(res, adminPackageResponse).package.id;
    },

    /** An active FAQ entry at the end of the list. */
    async faq(): Promise<string> {
      const res = await t.call('POST', '/api/admin/faqs', { session: await asAdmin(), body: { question: `Builder question ${++serial}?`, answer: 'Builder answer.' } });
      expectOk(res, 'faq');
      return String(data(res, adminFaqResponse).faq.id);
    },

    /** An active notification banner, valid from now. */
    async notification(): Promise<string> {
      const body = { identifier: `builder-${++serial}-${randomUUID().slice(0, 8)}`, content: 'Builder <strong>banner</strong>', valid_from: t.clock.now().toISOString() };
      const res = await t.call('POST', '/api/notifications/admin', { session: await asAdmin(), body });
      expectOk(res, 'notification');
      return data(res, adminNotificationResponse).notification.uuid;
    },

    /** A price no tool charges (so it may be renamed or deleted). */
    async price(): Promise<string> {
      const body = { service_type: `builder_${++serial}_${randomUUID().slice(0, 8)}`, user_cost_credits: '0.5', description: 'Builder price' };
      const res = await t.call('POST', '/api/admin/settings/pricing/create', { session: await asAdmin(), body });
      expectOk(res, 'price');
      return String(data(res, pricingEntryResponse).entry.id);
    },

    /**
     * A completed Stripe payment that named no account (what the webhook records for a checkout without
     * client_reference_id whose email matches no one), waiting for the admin to assign it. Written directly: the
     * test apps run without Stripe.
     */
    async unassignedPayment(): Promise<string> {
      const [row] = await t.database.db
        .insert(payments)
        .values({ provider: 'stripe', providerId: `cs_test_${randomUUID().replaceAll('-', '')}`, userId: null, customerEmail: `stranger${++serial}@example.com`, amountUsd: '5.00', creditsPurchased: '5', status: 'completed' })
        .returning({ id: payments.id });
      return row!.id;
    },
  };

  async function firstPackage(owner: TestSession): Promise<string> {
    const packages = await t.call('GET', '/api/credits/packages', { session: owner });
    expectOk(packages, 'credit packages');
    const [first] = data(packages, creditPackagesResponse).packages;
    if (!first) throw new Error('builder: no credit package is seeded');
    return first.uuid;
  }

  async function setBalance(session: TestSession, credits: string) {
    const now = (await t.app.services.credits.account(session.userId)).balance;
    const delta = sub(credits, now);
    if (cmp(delta, '0') === 0) return;
    const entry = { userId: session.userId, type: 'adjustment' as const, description: 'Test balance', idempotencyKey: `test-balance:${randomUUID()}` };
    await t.database.db.transaction(async (tx) => {
      if (cmp(delta, '0') > 0) await t.app.services.credits.grant(tx, { ...entry, amount: delta });
      else await t.app.services.credits.takeBack(tx, { ...entry, amount: sub('0', delta) });
    });
  }

  /**
   * Everything a user owns, read from the tables (not through routes, which may count views): compare two
   * snapshots to prove a refused call changed nothing. Session activity times are left out.
   */
  async function stateOf(userId: string) {
    const db = t.database.db;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const liveSessions = await db
      .select({ id: sessions.id, csrf: sessions.csrfToken, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.id));
    return {
      user,
      sessions: liveSessions,
      account: await db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId)),
      ledger: await db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.seq)),
      holds: await db.select().from(creditHolds).where(eq(creditHolds.userId, userId)).orderBy(asc(creditHolds.id)),
      files: await db.select().from(files).where(eq(files.userId, userId)).orderBy(asc(files.id)),
      content: await db.select().from(contentItems).where(eq(contentItems.userId, userId)).orderBy(asc(contentItems.id)),
      generations: await db.select().from(generations).where(eq(generations.userId, userId)).orderBy(asc(generations.id)),
      payments: await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.id)),
      transcriptions: await db.select().from(transcriptions).where(eq(transcriptions.userId, userId)).orderBy(asc(transcriptions.id)),
      telegram: await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId)),
      webhooks: await db
        .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, events: webhookEndpoints.events, disabledAt: webhookEndpoints.disabledAt })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .orderBy(asc(webhookEndpoints.id)),
      // Last use left out: a refused call may still be a key's use.
      apiKeys: await db
        .select({ id: apiKeys.id, name: apiKeys.name, scopes: apiKeys.scopes, revokedAt: apiKeys.revokedAt })
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(asc(apiKeys.id)),
    };
  }

  return { make: { ...make, ...adminObjects }, stateOf };
}

/** What `make` can build for an id parameter, and an id of the same shape that names nothing. */
export type ObjectKind =
  | 'file'
  | 'content'
  | 'mockupJob'
  | 'durableGeneration'
  | 'batch'
  | 'openCheckout'
  | 'checkout'
  | 'transcription'
  | 'otherSession'
  | 'dataExport'
  | 'apiKey'
  | 'webhook'
  | 'webhookDelivery';

export const unknownIdOf: Record<ObjectKind, (real: string) => string> = {
  file: () => randomUUID(),
  content: (real) => String(Math.min(2_147_483_647, Number(real) + 1_000_000)),
  mockupJob: () => randomUUID(),
  durableGeneration: () => randomUUID(),
  batch: () => randomUUID(),
  transcription: () => randomUUID(),
  otherSession: () => randomUUID(),
  dataExport: () => randomUUID(),
  apiKey: () => randomUUID(),
  webhook: () => randomUUID(),
  webhookDelivery: () => randomUUID(),
  openCheckout: (real) => sameShape(real),
  checkout: (real) => sameShape(real),
};

/** The same prefix and length as a real token id (cs_test_…), with a tail that names nothing. */
function sameShape(real: string): string {
  const prefix = /^[a-z]+_(test_)?/.exec(real)?.[0] ?? '';
  return prefix + randomUUID().replaceAll('-', '').padEnd(real.length, 'x').slice(0, real.length - prefix.length);
}
