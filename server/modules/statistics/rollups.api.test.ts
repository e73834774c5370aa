import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATISTICS_DAYS } from '../../../contract/admin-statistics.ts';
import { files, generations, users, visits } from '../../db/schema/index.ts';
import { manualClock } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import type { TestSession } from '../../test-support/session.ts';
import { rawSource } from './repository/raw-source.ts';
import { rollupSource } from './repository/rollup-source.ts';
import { createStatisticsService } from './service.ts';
import { mulberry32 } from '../../lib/random.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A small deterministic generator: the same history on every run and both engines. */
const random = mulberry32;

// Midnight UTC at the start of a month, plus a few hours: the ranges' starts fall on days, months and part-days.
const NOW = Date.UTC(2026, 2, 1, 5, 30, 0);
const TOOLS: Array<[string, string, string, string]> = [
  ['ai-headshot', 'headshot', 'standard', '0.5'],
  ['thumbnail-generator', 'thumbnail', 'standard', '0.3'],
  ['thumbnail-generator', 'thumbnail', 'local', '0'],
  ['transcription', 'transcription', 'refined', '0.75'],
  ['caption-generator', 'caption', 'standard', '0.05'],
];
const PROMPTS = [null, '', '   ', 'neon city', 'neon  city', 'Neon city', 'a cat', 'b cat', 'long '.repeat(60) + 'end', ...Array.from({ length: 30 }, (_, i) => `idea ${i}`)];
const STATUSES = ['completed', 'completed', 'completed', 'failed', 'processing', 'pending'] as const;

/** Instants at and around the UTC day and month edges of every range's start from each `now` the tests use. */
function edgeInstants(): number[] {
  const out: number[] = [];
  for (const now of NOWS)
    for (const days of STATISTICS_DAYS) {
      const since = now - days * DAY;
      const midnight = Math.ceil(since / DAY) * DAY;
      for (const at of [since, since - 1, since + 1, midnight, midnight - 1, midnight + 1]) out.push(at);
    }
  return out;
}

// At a UTC midnight, a millisecond either side, mid-day, and later on (the rollup's whole today and the future).
const NOWS = [NOW, Date.UTC(2026, 2, 1), Date.UTC(2026, 2, 1) - 1, Date.UTC(2026, 2, 1) + 1, Date.UTC(2026, 1, 14, 23, 59, 59, 999), NOW + 3 * DAY];

let t: TestApp;
let people: TestSession[];

beforeAll(async () => {
  t = await createTestApp();
  people = [];
  for (let i = 0; i < 6; i++) people.push(await t.make.user());
  const rnd = random(14);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const instants = [...edgeInstants(), ...Array.from({ length: 500 }, () => NOW + 5 * DAY - Math.floor(rnd() * 400 * DAY))];

  const rows: Array<typeof generations.$inferInsert> = instants.map((at) => {
    const [tool, serviceType, serviceVariant, credits] = pick(TOOLS);
    const status = pick(STATUSES);
    return {
      userId: pick(people).userId,
      tool,
      serviceType,
      serviceVariant,
      provider: 'test',
      status,
      credits,
      prompt: pick(PROMPTS),
      processingTimeMs: rnd() < 0.2 ? null : Math.floor(rnd() * 40_000),
      outputFileIds: status === 'completed' && rnd() < 0.7 ? [randomUUID(), randomUUID()].slice(0, 1 + Math.floor(rnd() * 2)) : [],
      // Some providers report their real cost (on any status: only a completed one's counts).
      providerCostUsd: rnd() < 0.3 ? (rnd() * 0.1).toFixed(6) : null,
      createdAt: new Date(at),
    };
  });
  const sessions = Array.from({ length: 40 }, () => randomUUID());
  const visitRows = instants.slice(0, 300).map((at, i) => ({
    trackingId: randomUUID(),
    // Sessions long enough to straddle a range's start and a midnight.
    sessionId: sessions[i % sessions.length]!,
    userId: rnd() < 0.5 ? pick(people).userId : null,
    referrerDomain: 'google.com',
    ipHash: 'h',
    createdAt: new Date(at + Math.floor(rnd() * 6 * HOUR)),
  }));
  // Outputs at the same instants, and files the output sizes leave out: uploads, and generated files with no tool.
  const kinds: Array<[string, string | null]> = [
    ['generated_image', 'ai-headshot'],
    ['generated_image', 'thumbnail-generator'],
    ['generated_audio', 'transcription'],
    ['generated_image', null],
    ['upload', 'ai-headshot'],
    ['generatedximage', 'ai-headshot'],
  ];
  const fileRows = instants.slice(0, 400).map((at) => {
    const [entityType, toolName] = pick(kinds);
    return {
      userId: pick(people).userId,
      entityType,
      category: 'image',
      fileType: 'image/png',
      sizeBytes: Math.floor(rnd() * 3_000_000),
      storageKey: `files/${randomUUID()}.png`,
      toolName,
      createdAt: new Date(at + Math.floor(rnd() * 2 * HOUR) - HOUR),
    };
  });
  // Written in a session whose time zone is far from UTC: the rollups' days are UTC days whatever the connection's.
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'Pacific/Kiritimati'`);
    for (let i = 0; i < rows.length; i += 100) await tx.insert(generations).values(rows.slice(i, i + 100));
    await tx.insert(visits).values(visitRows);
    await tx.insert(files).values(fileRows);
  });
});
afterAll(() => t?.close());

async function expectRollupsEqualRaw(): Promise<void> {
  for (const now of NOWS) {
    const clock = manualClock(new Date(now));
    const fromRollups = createStatisticsService({ db: t.database.db, clock, source: rollupSource });
    const fromRaw = createStatisticsService({ db: t.database.db, clock, source: rawSource });
    for (const days of STATISTICS_DAYS) {
      const raw = await fromRaw.overview({ action: 'overview', days });
      expect(await fromRollups.overview({ action: 'overview', days }), `${new Date(now).toISOString()} ${days} days`).toEqual(raw);
    }
  }
}

/** The rollups as the triggers left them, keyed by content (a rebuild numbers prompts afresh). */
async function rollupTables(): Promise<unknown[]> {
  const db = t.database.db;
  const all = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
  return Promise.all([
    all(sql`select day::text, tool, service_type, service_variant, total, completed, failed, credits::text, files, measured_cost::text, measured_credits::text, measured_completed from stats_generation_days order by 1, 2, 3, 4`),
    all(sql`select tool, user_id, last_at::text from stats_tool_users order by 1, 2`),
    all(sql`select user_id, last_at::text from stats_visit_users order by 1`),
    all(sql`select session_id, first_at::text, last_at::text, visits from stats_sessions order by 1`),
    all(sql`select tool, hash, prompt, uses from stats_prompts order by 1, 2`),
    all(sql`select d.day::text, p.tool, p.hash, d.uses, d.completed, d.failed, d.timed, d.time_ms::text from stats_prompt_days d join stats_prompts p on p.id = d.prompt_id order by 1, 2, 3`),
    all(sql`select m.month::text, p.tool, p.hash, m.uses, m.completed, m.failed, m.timed, m.time_ms::text from stats_prompt_months m join stats_prompts p on p.id = m.prompt_id order by 1, 2, 3`),
    all(sql`select tool, day::text, users from stats_tool_user_days order by 1, 2`),
    all(sql`select user_id, last_at::text from stats_active_users order by 1`),
    all(sql`select day::text, users from stats_active_user_days order by 1`),
    // Compared by value: a sum of seconds kept by triggers may carry other trailing zeros than a fresh one.
    all(sql`select day::text, sessions, seconds::float8 as seconds, bounces from stats_session_days order by 1`),
    all(sql`select day::text, tool, files, bytes::text from stats_output_days order by 1, 2`),
  ]);
}

async function expectTriggersEqualRebuild(): Promise<void> {
  const kept = await rollupTables();
  await t.database.db.execute(sql`select stats_rebuild()`);
  expect(await rollupTables()).toEqual(kept);
}

describe('statistics from rollups', () => {
  it('answers exactly what the raw rows answer, for every range and a now at, around and between UTC midnights', async () => {
    const tables = await rollupTables();
    expect((tables[0] as unknown[]).length).toBeGreaterThan(100);
    // Every per-day count has rows to get wrong; sessions and outputs have days on both sides of the ranges' starts.
    for (const table of tables.slice(7)) expect((table as unknown[]).length).toBeGreaterThan(0);
    for (const table of tables.slice(10)) expect((table as unknown[]).length).toBeGreaterThan(10);
    await expectRollupsEqualRaw();
    await expectTriggersEqualRebuild();
  });

  it('stays exact as generations settle, change and go, a user is deleted and visits are purged', async () => {
    const db = t.database.db;
    const open = await db.select({ id: generations.id }).from(generations).where(inArray(generations.status, ['pending', 'processing']));
    expect(open.length).toBeGreaterThan(20);
    const [settle, fail, move] = [open.slice(0, 10), open.slice(10, 15), open.slice(15, 18)];
    for (const [i, { id }] of settle.entries()) {
      // Half settle with the provider's real cost, as the lifecycle records it.
      await db.update(generations).set({ status: 'completed', credits: '0.4', outputFileIds: [randomUUID()], processingTimeMs: 1234, ...(i % 2 ? { providerCostUsd: '0.031250' } : {}) }).where(eq(generations.id, id));
    }
    // A measured cost corrected, and one taken away, on completed generations.
    const measured = await db.select({ id: generations.id }).from(generations).where(and(eq(generations.status, 'completed'), isNotNull(generations.providerCostUsd))).limit(4);
    expect(measured.length).toBe(4);
    await db.update(generations).set({ providerCostUsd: '0.5' }).where(inArray(generations.id, measured.slice(0, 2).map((g) => g.id)));
    await db.update(generations).set({ providerCostUsd: null }).where(inArray(generations.id, measured.slice(2).map((g) => g.id)));
    await db.update(generations).set({ status: 'failed', processingTimeMs: 99 }).where(inArray(generations.id, fail.map((g) => g.id)));
    // Rows the app never moves, still counted right: another tool, prompt, owner and day.
    for (const { id } of move) await db.update(generations).set({ tool: 'ai-photoshoot', prompt: 'moved here', userId: people[5]!.userId, createdAt: new Date(NOW - 45 * DAY) }).where(eq(generations.id, id));
    await db.update(generations).set({ jobId: 'job-1', attempts: 2 }).where(inArray(generations.id, settle.map((g) => g.id)));
    // A user erased: their generations go (cascade) and their visits lose them.
    await db.delete(users).where(eq(users.id, people[0]!.userId));
    // The retention purge and a privacy erasure of one visitor's visits.
    await db.delete(visits).where(lt(visits.createdAt, new Date(NOW - 200 * DAY)));
    await db.delete(visits).where(eq(visits.userId, people[1]!.userId));
    // Every visit of the busiest session in one statement (its row triggers fire once all its visits are gone).
    const [busiest] = await db.select({ id: visits.sessionId }).from(visits).groupBy(visits.sessionId).orderBy(sql`count(*) desc`).limit(1);
    await db.delete(visits).where(eq(visits.sessionId, busiest!.id));
    await db.delete(generations).where(eq(generations.prompt, 'idea 3'));
    // Outputs expire, are resized, moved to another day, retagged; a user's visits move to another user.
    const outputs = await db.select({ id: files.id }).from(files).where(inArray(files.entityType, ['generated_image', 'generated_audio']));
    expect(outputs.length).toBeGreaterThan(60);
    await db.delete(files).where(inArray(files.id, outputs.slice(0, 20).map((f) => f.id)));
    await db.update(files).set({ sizeBytes: 7 }).where(inArray(files.id, outputs.slice(20, 30).map((f) => f.id)));
    await db.update(files).set({ createdAt: new Date(NOW - 29 * DAY - HOUR) }).where(inArray(files.id, outputs.slice(30, 40).map((f) => f.id)));
    await db.update(files).set({ toolName: null }).where(inArray(files.id, outputs.slice(40, 45).map((f) => f.id)));
    await db.update(files).set({ entityType: 'generated_image', toolName: 'caption-generator' }).where(eq(files.entityType, 'upload'));
    await db.update(files).set({ viewCount: 3 }).where(inArray(files.id, outputs.slice(45, 60).map((f) => f.id)));
    await db.update(visits).set({ userId: people[2]!.userId }).where(eq(visits.userId, people[3]!.userId));
    await db.update(visits).set({ createdAt: new Date(NOW - 6 * DAY - 2 * HOUR) }).where(lt(visits.createdAt, new Date(NOW - 100 * DAY)));

    await expectRollupsEqualRaw();
    await expectTriggersEqualRebuild();
    // The erased user's prompts and activity left no trace in the rollups.
    const left = (await db.execute(sql`select count(*)::int as n from stats_tool_users where user_id = ${people[0]!.userId}`)) as unknown as { rows: Array<{ n: number }> };
    expect(left.rows[0]!.n).toBe(0);
    const idea = (await db.execute(sql`select count(*)::int as n from stats_prompts where prompt = 'idea 3'`)) as unknown as { rows: Array<{ n: number }> };
    expect(idea.rows[0]!.n).toBe(0);
    const active = (await db.execute(sql`select count(*)::int as n from stats_active_users where user_id = ${people[0]!.userId}`)) as unknown as { rows: Array<{ n: number }> };
    expect(active.rows[0]!.n).toBe(0);
  });

  it('counts a generation made through the API in the same transaction it is recorded in', async () => {
    const admin = await t.make.user({ admin: true });
    const maker = await t.make.user({ credits: '5' });
    t.clock.set(new Date(NOW));
    await t.make.generation(maker, { prompt: 'through the api' });
    const res = await t.call('GET', '/api/admin/statistics?action=prompts&days=7', { session: admin });
    expect(res.statusCode, res.body).toBe(200);
    const raw = await createStatisticsService({ db: t.database.db, clock: manualClock(new Date(NOW)), source: rawSource }).overview({ action: 'prompts', days: 7 });
    expect(res.json().data).toEqual(raw);
    expect(raw.popular_prompts.map((p) => p.prompt)).toContain('through the api');
  });
});
