import { sql } from 'drizzle-orm';
import { POPULAR_PROMPTS_LIMIT } from '../../../contract/admin-statistics.ts';
import type { DbOrTx } from '../../db/client.ts';
import { analytic, at, countedPrompt, promptColumns, type PopularPromptRow, type SessionTotals, type StatisticsSource, type ToolRow } from './repository.ts';

/**
 * The statistics computed from the raw generations and visits of the range: their definition, and what answered
 * before the rollups (a year of 1M generations took 1.5 s). The tests hold the rollups to it and the benchmark
 * measures against it; the app reads `rollupSource`.
 */
export const rawSource: StatisticsSource = {
  async tools(db, since) {
    const [usage, costs] = await Promise.all([
      analytic<Omit<ToolRow, 'cost'>>(
        db,
        sql`select tool,
              count(*)::int as total,
              (count(*) filter (where status = 'completed'))::int as completed,
              (count(*) filter (where status = 'failed'))::int as failed,
              coalesce(sum(credits) filter (where status = 'completed'), 0)::text as credits,
              coalesce(sum(cardinality(output_file_ids)) filter (where status = 'completed'), 0)::int as files
            from generations
            where created_at >= ${at(since)}
            group by tool`,
      ),
      // A price is per unit (an image, a minute of audio): the units a generation paid for are its credits ÷ the unit
      // price; a free price counts one.
      analytic<{ tool: string; cost: string }>(
        db,
        sql`select g.tool,
              round(coalesce(sum(case when p.user_cost_credits > 0 then p.actual_cost_usd * g.credits / p.user_cost_credits
                                      else coalesce(p.actual_cost_usd, 0) * g.n end), 0), 4)::text as cost
            from (select tool, service_type, service_variant, count(*) as n, sum(credits) as credits
                    from generations
                   where created_at >= ${at(since)} and status = 'completed'
                   group by tool, service_type, service_variant) g
            left join pricing p on p.service_type = g.service_type and p.service_variant = g.service_variant
            group by g.tool`,
      ),
    ]);
    const costOf = new Map(costs.map((c) => [c.tool, c.cost]));
    return usage.map((row) => ({ ...row, cost: costOf.get(row.tool) ?? '0' }));
  },

  toolUsers(db, since) {
    return analytic(
      db,
      sql`select tool, count(*)::int as users
          from (select tool, user_id from generations where created_at >= ${at(since)} group by tool, user_id) pairs
          group by tool`,
    );
  },

  async activeUsers(db: DbOrTx, since: Date) {
    const [row] = await analytic<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            select user_id from generations where created_at >= ${at(since)}
            union
            select user_id from visits where created_at >= ${at(since)} and user_id is not null
          ) active`,
    );
    return row?.n ?? 0;
  },

  async sessionTotals(db, since) {
    const [row] = await analytic<SessionTotals>(
      db,
      sql`select count(*)::int as sessions,
            avg(extract(epoch from last_at - first_at))::text as avg_seconds,
            (count(*) filter (where visits = 1))::int as bounces
          from (select session_id, min(created_at) as first_at, max(created_at) as last_at, count(*) as visits
                  from visits where created_at >= ${at(since)} group by session_id) s`,
    );
    return row ?? { sessions: 0, avg_seconds: null, bounces: 0 };
  },

  popularPrompts(db, since) {
    return analytic<PopularPromptRow>(
      db,
      sql`select ${promptColumns}
          from (select tool, prompt,
                  count(*)::int as usage_count,
                  (count(*) filter (where status = 'completed'))::int as completed,
                  (count(*) filter (where status = 'failed'))::int as failed,
                  (avg(processing_time_ms) filter (where status in ('completed', 'failed')))::text as avg_ms
                from generations
                where created_at >= ${at(since)} and ${countedPrompt(sql`prompt`)}
                group by tool, prompt
                order by usage_count desc, tool, prompt
                limit ${POPULAR_PROMPTS_LIMIT}) top
          order by usage_count desc, tool, prompt`,
    );
  },
};
