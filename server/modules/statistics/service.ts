import {
  PROMPT_LENGTH_BOUNDS,
  type AdminReferrerStats,
  type AdminStatistics,
  type AdminStatisticsQuery,
  type PopularPrompt,
  type ToolUsage,
} from '../../../contract/admin-statistics.ts';
import { fromUnits, toUnits } from '../../../contract/decimal.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { rollupSource } from './repository/rollup-source.ts';
import { newUsers, referrerStats } from './repository.ts';
import type { StatisticsSource } from './repository/source.ts';
import { DAY_MS } from '../../../contract/time.ts';

const MB = 1024 * 1024;

/** A percentage with two places; null when there is nothing to divide by. */
function percent(part: number, whole: number): number | null {
  return whole > 0 ? round2((part / whole) * 100) : null;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function lengthCategory(length: number): PopularPrompt['length_category'] {
  if (length < PROMPT_LENGTH_BOUNDS.medium) return 'short';
  return length < PROMPT_LENGTH_BOUNDS.long ? 'medium' : 'long';
}

/** (revenue − cost) ÷ revenue × 100, from exact decimals; null when nothing was charged. */
function marginPercent(revenue: string, cost: string): number | null {
  const paid = toUnits(revenue);
  if (paid <= 0n) return null;
  // Basis points of basis points keep two decimals of the percentage exact before the one float division.
  return Number(((paid - toUnits(cost)) * 1_000_000n) / paid) / 10_000;
}

/**
 * Statistics & Analytics and Referrer Tracking (spec 3 §2, §3): queries over generations, the ledger and visits.
 * `source` says where the per-range aggregates come from: the rollups (the app), or the raw rows (tests, benchmark).
 */
export function createStatisticsService(deps: { db: Db; clock: Clock; source?: StatisticsSource }) {
  const { db, clock } = deps;
  const source = deps.source ?? rollupSource;

  async function toolUsage(since: Date): Promise<ToolUsage[]> {
    const [usage, users, sizes] = await Promise.all([source.tools(db, since), source.toolUsers(db, since), source.outputSizes(db, since)]);
    const usersOf = new Map(users.map((u) => [u.tool, u.users]));
    const bytesOf = new Map(sizes.map((s) => [s.tool, Number(s.bytes)]));
    return usage
      .map((row) => {
        // Rows come back as numeric text: normalised to four places like every credit on the wire.
        const credits = fromUnits(toUnits(row.credits));
        const cost = fromUnits(toUnits(row.cost));
        return {
          tool_name: row.tool,
          total_usage: row.total,
          unique_users: usersOf.get(row.tool) ?? 0,
          avg_success_rate: percent(row.completed, row.completed + row.failed),
          total_credits: credits,
          total_files: row.files,
          total_size_mb: round2((bytesOf.get(row.tool) ?? 0) / MB),
          revenue_usd: credits,
          actual_cost_usd: cost,
          margin_percent: marginPercent(credits, cost),
        };
      })
      .sort((a, b) => b.total_usage - a.total_usage || a.tool_name.localeCompare(b.tool_name));
  }

  async function popularPrompts(since: Date): Promise<PopularPrompt[]> {
    const top = await source.popularPrompts(db, since);
    return top.map((row) => ({
      tool_name: row.tool,
      prompt: row.prompt,
      prompt_length: row.prompt_length,
      word_count: row.word_count,
      usage_count: row.usage_count,
      success_rate: percent(row.completed, row.completed + row.failed),
      avg_generation_time: row.avg_ms === null ? null : round2(Number(row.avg_ms) / 1000),
      length_category: lengthCategory(row.prompt_length),
    }));
  }

  return {
    /**
     * Every section for the range, whatever the action: the tab loads once and its sub-tabs show parts of one
     * answer. On PostgreSQL the queries run side by side on the pool; PGlite takes them one at a time.
     */
    async overview(query: AdminStatisticsQuery): Promise<AdminStatistics> {
      const now = clock.now();
      const since = new Date(now.getTime() - query.days * DAY_MS);
      const [tools, prompts, active, fresh, sessions] = await Promise.all([
        toolUsage(since),
        popularPrompts(since),
        source.activeUsers(db, since),
        newUsers(db, since),
        source.sessionTotals(db, since),
      ]);
      return {
        action: query.action,
        days: query.days,
        since: since.toISOString(),
        tool_usage: tools,
        user_behavior: {
          total_active_users: active,
          new_users: fresh,
          total_sessions: sessions.sessions,
          avg_session_duration: sessions.avg_seconds === null ? 0 : round2(Number(sessions.avg_seconds)),
          total_generations: tools.reduce((sum, t) => sum + t.total_usage, 0),
          avg_bounce_rate: percent(sessions.bounces, sessions.sessions) ?? 0,
        },
        popular_prompts: prompts,
        generated_at: now.toISOString(),
      };
    },

    /** Visits per referring domain, most visits first; `days` absent = every visit kept. */
    async referrers(days: number | undefined): Promise<AdminReferrerStats> {
      const now = clock.now();
      const since = days === undefined ? null : new Date(now.getTime() - days * DAY_MS);
      const found = await referrerStats(db, since);
      return {
        days: days ?? null,
        referrers: found.map((r) => ({
          domain: r.domain,
          visit_count: r.visit_count,
          unique_users: r.unique_users,
          unique_sessions: r.unique_sessions,
          purchases: r.purchases,
          revenue_usd: r.revenue,
        })),
        generated_at: now.toISOString(),
      };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
