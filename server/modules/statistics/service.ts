import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';

/** Statistics & Analytics and Referrer Tracking (spec 3 §2, §3): queries over generations, the ledger and visits. */
export function createStatisticsService(deps: { db: Db; clock: Clock }) {
  void deps;
  return {};
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
