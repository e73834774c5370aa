import { sql } from 'drizzle-orm';
import { POPULAR_PROMPTS_LIMIT } from '../../../../contract/admin-statistics.ts';
import { analytic, at, costSum, countedPrompt, generatedOutput, measured, promptColumns, rows, type PopularPromptRow, type SessionTotals, type StatisticsSource, type ToolRow } from './source.ts';


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
      analytic<{ tool: string; cost: string }>(
        db,
        sql`select g.tool, ${costSum('g')} as cost
            from (select tool, service_type, service_variant, count(*) as completed, sum(credits) as credits,
                         sum(measured_cost) as measured_cost, sum(measured_credits) as measured_credits, sum(measured_completed) as measured_completed
                    from (select tool, service_type, service_variant, credits, ${measured} from generations
                   where created_at >= ${at(since)} and status = 'completed') completed
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

  async activeUsers(db, since) {
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

  outputSizes(db, since) {
    return rows(
      db,
      sql`select tool_name as tool, coalesce(sum(size_bytes), 0)::text as bytes
          from files
          where created_at >= ${at(since)} and ${generatedOutput}
          group by tool_name`,
    );
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
