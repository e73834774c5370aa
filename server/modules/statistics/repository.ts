import { sql, type SQL } from 'drizzle-orm';
import { DIRECT_REFERRER } from '../../../contract/admin-statistics.ts';
import type { DbOrTx } from '../../db/client.ts';
import { analytic, at, rows } from './repository/source.ts';

/**
 * The admin statistics' reads that do not depend on a source: new users and the referrer table. The per-range
 * aggregates come from a `StatisticsSource` (repository/source.ts): repository/rollup-source.ts for the app,
 * repository/raw-source.ts for the tests and the benchmark, which imports both from here.
 */
export { rawSource } from './repository/raw-source.ts';
export { rollupSource } from './repository/rollup-source.ts';

export async function newUsers(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from users where created_at >= ${at(since)}`);
  return row?.n ?? 0;
}

export interface ReferrerRow {
  domain: string;
  visit_count: number;
  unique_users: number;
  unique_sessions: number;
  purchases: number;
  revenue: string;
}

/**
 * Visits by referring domain since `since` (every visit kept when null), with the completed purchases made in the
 * range by the users each domain brought. A buyer belongs to the referrer of the first visit made by any visitor id
 * they were seen signed in with (so an anonymous first landing before sign-up counts); a buyer with no recorded
 * visit is attributed to none. Buyers are found first (few), then each one's first visit through the indexes.
 */
export function referrerStats(db: DbOrTx, since: Date | null): Promise<ReferrerRow[]> {
  const from = since ? at(since) : sql`'-infinity'::timestamptz`;
  const domain = (column: SQL) => sql`coalesce(nullif(btrim(${column}), ''), ${DIRECT_REFERRER})`;
  return analytic(
    db,
    sql`with visit_rows as (
          select ${domain(sql`referrer_domain`)} as domain,
                 count(*)::int as visit_count,
                 count(distinct user_id)::int as unique_users,
                 count(distinct session_id)::int as unique_sessions
            from visits where created_at >= ${from}
           group by 1
        ), buyers as (
          select user_id, count(*) as purchases, sum(amount_usd) as revenue
            from payments
           where status = 'completed' and created_at >= ${from} and user_id is not null
           group by user_id
        ), attributed as (
          select b.purchases, b.revenue,
                 (select ${domain(sql`v.referrer_domain`)}
                    from visits v
                   where v.tracking_id in (select tracking_id from visits mine where mine.user_id = b.user_id)
                   order by v.created_at, v.id
                   limit 1) as domain
            from buyers b
        ), purchase_rows as (
          select domain, sum(purchases)::int as purchases, sum(revenue) as revenue
            from attributed where domain is not null
           group by domain
        )
        select coalesce(v.domain, p.domain) as domain,
               coalesce(v.visit_count, 0) as visit_count,
               coalesce(v.unique_users, 0) as unique_users,
               coalesce(v.unique_sessions, 0) as unique_sessions,
               coalesce(p.purchases, 0) as purchases,
               coalesce(p.revenue, 0)::numeric(14, 2)::text as revenue
          from visit_rows v full join purchase_rows p on p.domain = v.domain
         order by visit_count desc, purchases desc, domain`,
  );
}
