import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReferrerStats, AdminStatistics } from '../../../contract/admin-statistics.ts';
import { creditLedger, files, generations, payments, users, visits } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import type { TestSession } from '../../test-support/session.ts';

const DAY = 86_400_000;
const MB = 1024 * 1024;

let t: TestApp;
let admin: TestSession;
let u1: TestSession;
let u2: TestSession;
let u3: TestSession;
let now: Date;
const ago = (days: number, plusSeconds = 0) => new Date(now.getTime() - days * DAY + plusSeconds * 1000);

type Gen = typeof generations.$inferInsert;
function gen(user: TestSession, days: number, values: Partial<Gen>): Gen {
  return { userId: user.userId, tool: 'ai-headshot', serviceType: 'headshot', serviceVariant: 'standard', provider: 'test', status: 'completed', credits: '0.5', createdAt: ago(days), ...values };
}
async function outputFile(user: TestSession, tool: string, sizeBytes: number, days: number): Promise<string> {
  const [row] = await t.database.db
    .insert(files)
    .values({ userId: user.userId, entityType: 'generated_image', category: 'image', fileType: 'image/png', sizeBytes, storageKey: `files/${randomUUID()}.png`, toolName: tool, createdAt: ago(days) })
    .returning({ id: files.id });
  return row!.id;
}

const PORTRAIT = 'Corporate portrait in  navy suit';

/**
 * A hand-made history (now = the test clock): headshots, a transcription and a free local preview in the last 30
 * days, one headshot 40 days back, three browser sessions in the last week and one 100 days back, and payments.
 */
beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now();
  admin = await t.make.user({ admin: true });
  [u1, u2, u3] = [await t.make.user(), await t.make.user(), await t.make.user()];
  const db = t.database.db;
  // u3 signed up 40 days ago: a new user for 90 days, not for 30.
  await db.update(users).set({ createdAt: ago(40) }).where(eq(users.id, u3.userId));

  const f1 = await outputFile(u1, 'ai-headshot', MB, 1);
  const f2 = await outputFile(u2, 'ai-headshot', MB / 2, 2);
  const f3 = await outputFile(u3, 'image-variator', MB / 4, 20);
  // An upload is an input: never counted as a tool's output.
  await t.database.db.insert(files).values({ userId: u1.userId, entityType: 'upload', category: 'upload', fileType: 'image/png', sizeBytes: 5 * MB, storageKey: 'files/in.png', toolName: 'ai-headshot', createdAt: ago(1) });
  await db.insert(generations).values([
    gen(u1, 1, { prompt: PORTRAIT, processingTimeMs: 2000, outputFileIds: [f1] }),
    gen(u2, 2, { prompt: PORTRAIT, processingTimeMs: 4000, outputFileIds: [f2] }),
    gen(u1, 3, { prompt: PORTRAIT, status: 'failed', processingTimeMs: 1000 }),
    gen(u1, 0.5, { status: 'processing' }),
    // Four minutes of refined transcription at 0.25 a minute (actual cost 0.0043 a minute).
    gen(u2, 10, { tool: 'transcription', serviceType: 'transcription', serviceVariant: 'refined', credits: '1' }),
    gen(u3, 20, { tool: 'image-variator', serviceType: 'image_generation', serviceVariant: 'local', credits: '0', prompt: 'make it pop', processingTimeMs: 500, outputFileIds: [f3] }),
    gen(u1, 40, { prompt: PORTRAIT, processingTimeMs: 3000 }),
  ]);

  const [t1, t2, t3, t4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const [s1, s2, s3, s4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const visit = (trackingId: string, sessionId: string, userId: string | null, referrerDomain: string, createdAt: Date) => ({ trackingId, sessionId, userId, referrerDomain, ipHash: 'h', createdAt });
  await db.insert(visits).values([
    // u1 landed from Google anonymously, then came back signed in two minutes later in the same session.
    visit(t1, s1, null, 'google.com', ago(5)),
    visit(t1, s1, u1.userId, 'Direct/None', ago(5, 120)),
    // A visitor who left after one page.
    visit(t2, s2, null, 'news.ycombinator.com', ago(3)),
    visit(t3, s3, u2.userId, 'Direct/None', ago(2)),
    visit(t3, s3, u2.userId, 'Direct/None', ago(2, 60)),
    visit(t4, s4, u3.userId, 'twitter.com', ago(100)),
  ]);

  const payment = (user: TestSession, amountUsd: string, status: 'completed' | 'refunded' | 'pending', days: number) => ({
    provider: 'test',
    providerId: `cs_${randomUUID()}`,
    userId: user.userId,
    amountUsd,
    creditsPurchased: amountUsd,
    status,
    createdAt: ago(days),
  });
  await db.insert(payments).values([
    payment(u1, '20.00', 'completed', 10),
    payment(u1, '5.00', 'completed', 1),
    payment(u1, '5.00', 'refunded', 1),
    payment(u2, '50.00', 'completed', 200),
    payment(u3, '5.00', 'pending', 1),
  ]);

  // The top-20 cut, 200 days back: prompt k used k times (k = 1…25) and one long prompt used 30 times.
  const batch: Gen[] = [];
  for (let k = 1; k <= 25; k++) {
    const prompt = k === 24 ? `A medium length caption request, number ${k}, for a beach photo` : `caption idea ${k}`;
    for (let i = 0; i < k; i++) batch.push(gen(u2, 200, { tool: 'caption-generator', serviceType: 'caption', credits: '0.05', prompt }));
  }
  for (let i = 0; i < 30; i++) batch.push(gen(u1, 200, { tool: 'caption-generator', serviceType: 'caption', credits: '0.05', prompt: 'long '.repeat(50) + 'end' }));
  await db.insert(generations).values(batch);
});
afterAll(() => t?.close());

async function statistics(query: string): Promise<AdminStatistics> {
  const res = await t.call('GET', `/api/admin/statistics${query}`, { session: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AdminStatistics;
}
async function referrers(query = ''): Promise<AdminReferrerStats> {
  const res = await t.call('GET', `/api/admin/referrer-stats${query}`, { session: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AdminReferrerStats;
}

describe('GET /api/admin/statistics', () => {
  it('computes every tool field and the margin over the last 30 days by default', async () => {
    const stats = await statistics('?action=overview');
    expect(stats.days).toBe(30);
    expect(stats.action).toBe('overview');
    expect(new Date(stats.generated_at).getTime()).toBe(now.getTime());
    expect(new Date(stats.since).getTime()).toBe(ago(30).getTime());
    expect(stats.tool_usage).toEqual([
      {
        tool_name: 'ai-headshot',
        total_usage: 4,
        unique_users: 2,
        avg_success_rate: 66.67,
        total_credits: '1.0000',
        total_files: 2,
        total_size_mb: 1.5,
        revenue_usd: '1.0000',
        // Two completed headshots at 0.04 actual each: (1 − 0.08) ÷ 1.
        actual_cost_usd: '0.0800',
        margin_percent: 92,
      },
      {
        tool_name: 'image-variator',
        total_usage: 1,
        unique_users: 1,
        avg_success_rate: 100,
        total_credits: '0.0000',
        total_files: 1,
        total_size_mb: 0.25,
        revenue_usd: '0.0000',
        actual_cost_usd: '0.0000',
        margin_percent: null,
      },
      {
        tool_name: 'transcription',
        total_usage: 1,
        unique_users: 1,
        avg_success_rate: 100,
        total_credits: '1.0000',
        total_files: 0,
        total_size_mb: 0,
        revenue_usd: '1.0000',
        // Four minutes (1 credit ÷ 0.25) at 0.0043.
        actual_cost_usd: '0.0172',
        margin_percent: 98.28,
      },
    ]);
  });

  it('computes user behaviour from generations, sign-ups and visit sessions', async () => {
    const stats = await statistics('?days=30');
    expect(stats.user_behavior).toEqual({
      // u1, u2, u3 generated; u1 and u2 also visited signed in.
      total_active_users: 3,
      // admin, u1, u2 signed up now; u3 40 days ago.
      new_users: 3,
      total_sessions: 3,
      // (120 + 0 + 60) ÷ 3 seconds.
      avg_session_duration: 60,
      total_generations: 6,
      // One session of three had a single visit.
      avg_bounce_rate: 33.33,
    });
    expect((await statistics('?days=90')).user_behavior).toMatchObject({ new_users: 4, total_generations: 7, total_sessions: 3 });
    expect((await statistics('?days=365')).user_behavior).toMatchObject({ total_sessions: 4, avg_bounce_rate: 50 });
  });

  it('lists popular prompts with their lengths, counts, success and time', async () => {
    const stats = await statistics('?action=prompts&days=30');
    expect(stats.action).toBe('prompts');
    expect(stats.popular_prompts).toEqual([
      {
        tool_name: 'ai-headshot',
        prompt: PORTRAIT,
        prompt_length: 32,
        word_count: 5,
        usage_count: 3,
        success_rate: 66.67,
        avg_generation_time: 2.33,
        length_category: 'short',
      },
      { tool_name: 'image-variator', prompt: 'make it pop', prompt_length: 11, word_count: 3, usage_count: 1, success_rate: 100, avg_generation_time: 0.5, length_category: 'short' },
    ]);
  });

  it('leaves out what is older than the range and takes it in for a longer one', async () => {
    const week = await statistics('?days=7');
    expect(week.tool_usage.map((r) => [r.tool_name, r.total_usage])).toEqual([['ai-headshot', 4]]);
    expect(week.user_behavior).toMatchObject({ total_active_users: 2, new_users: 3, total_generations: 4 });
    const quarter = await statistics('?days=90');
    expect(quarter.tool_usage.find((r) => r.tool_name === 'ai-headshot')).toMatchObject({ total_usage: 5, total_credits: '1.5000', avg_success_rate: 75 });
    expect(quarter.popular_prompts[0]).toMatchObject({ prompt: PORTRAIT, usage_count: 4, avg_generation_time: 2.5 });
  });

  it('keeps the top 20 prompts, most used first, the text cut and the length named', async () => {
    const stats = await statistics('?action=prompts&days=365');
    expect(stats.popular_prompts).toHaveLength(20);
    const [long, ...rest] = stats.popular_prompts;
    expect(long).toMatchObject({ tool_name: 'caption-generator', usage_count: 30, prompt_length: 253, word_count: 51, length_category: 'long' });
    expect(long!.prompt).toHaveLength(200);
    expect(rest.map((p) => p.usage_count)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7]);
    expect(rest[1]).toMatchObject({ length_category: 'medium', word_count: 11 });
    expect(rest[0]).toMatchObject({ prompt: 'caption idea 25', success_rate: 100, avg_generation_time: null });
  });

  it('answers every section for each sub-tab action', async () => {
    for (const action of ['tools', 'users']) {
      const stats = await statistics(`?action=${action}&days=7`);
      expect(stats.action).toBe(action);
      expect(stats.tool_usage.length).toBeGreaterThan(0);
    }
  });

  it('refuses a range other than 7, 30, 90 or 365 days and an unknown action, naming the field', async () => {
    for (const query of ['?days=5', '?days=abc', '?days=30.5', '?action=overview&days=0']) {
      const res = await t.call('GET', `/api/admin/statistics${query}`, { session: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.field).toBe('days');
    }
    const res = await t.call('GET', '/api/admin/statistics?action=everything', { session: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('action');
  });

  it('is for admins only', async () => {
    expect((await t.call('GET', '/api/admin/statistics', { session: u1 })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/statistics')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/referrer-stats', () => {
  it('counts visits, signed-in users and sessions per domain, with the purchases of the users each brought', async () => {
    const all = await referrers();
    expect(all.days).toBeNull();
    expect(all.referrers).toEqual([
      // u1's later visit and u2's two; u2 first came direct and bought for $50.
      { domain: 'Direct/None', visit_count: 3, unique_users: 2, unique_sessions: 2, purchases: 1, revenue_usd: '50.00' },
      // u1 first came from Google: both completed purchases (the refunded one does not count).
      { domain: 'google.com', visit_count: 1, unique_users: 0, unique_sessions: 1, purchases: 2, revenue_usd: '25.00' },
      { domain: 'news.ycombinator.com', visit_count: 1, unique_users: 0, unique_sessions: 1, purchases: 0, revenue_usd: '0.00' },
      // u3 came from Twitter; the pending payment is not a purchase.
      { domain: 'twitter.com', visit_count: 1, unique_users: 1, unique_sessions: 1, purchases: 0, revenue_usd: '0.00' },
    ]);
  });

  it('limits visits and purchases to the range when days is given', async () => {
    const month = await referrers('?days=30');
    expect(month.days).toBe(30);
    expect(month.referrers).toEqual([
      { domain: 'Direct/None', visit_count: 3, unique_users: 2, unique_sessions: 2, purchases: 0, revenue_usd: '0.00' },
      { domain: 'google.com', visit_count: 1, unique_users: 0, unique_sessions: 1, purchases: 2, revenue_usd: '25.00' },
      { domain: 'news.ycombinator.com', visit_count: 1, unique_users: 0, unique_sessions: 1, purchases: 0, revenue_usd: '0.00' },
    ]);
    // A referrer whose visits are older than the range still shows the purchases its users made in it.
    const day = await referrers('?days=2');
    expect(day.referrers).toEqual([
      { domain: 'Direct/None', visit_count: 2, unique_users: 1, unique_sessions: 1, purchases: 0, revenue_usd: '0.00' },
      { domain: 'google.com', visit_count: 0, unique_users: 0, unique_sessions: 0, purchases: 1, revenue_usd: '5.00' },
    ]);
  });

  it('refuses a bad range, naming days', async () => {
    for (const query of ['?days=0', '?days=x', '?days=731']) {
      const res = await t.call('GET', `/api/admin/referrer-stats${query}`, { session: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.field).toBe('days');
    }
  });
});

describe('statistics over a real generation', () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await createTestApp();
  });
  afterAll(() => real?.close());

  it('counts the credits the ledger captured and the stored output of a generation made through the API', async () => {
    const boss = await real.make.user({ admin: true });
    const maker = await real.make.user({ credits: '5' });
    await real.make.generation(maker, { prompt: 'neon city' });
    const stats = (await real.call('GET', '/api/admin/statistics', { session: boss })).json().data as AdminStatistics;
    const [row] = stats.tool_usage;
    const usage = await real.database.db.select({ amount: creditLedger.amount }).from(creditLedger).where(eq(creditLedger.type, 'usage'));
    const captured = usage.reduce((sum, r) => sum - Number(r.amount), 0);
    const outputs = await real.database.db.select({ size: files.sizeBytes }).from(files).where(eq(files.entityType, 'generated_image'));
    expect(row).toMatchObject({ tool_name: 'image-variator', total_usage: 1, unique_users: 1, avg_success_rate: 100, total_files: 1 });
    expect(Number(row!.total_credits)).toBe(captured);
    expect(row!.total_size_mb).toBe(Math.round((outputs[0]!.size / MB) * 100) / 100);
    expect(stats.popular_prompts).toMatchObject([{ tool_name: 'image-variator', prompt: 'neon city', usage_count: 1, word_count: 2 }]);
  });
});
