import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import * as repo from '../repository.ts';

/**
 * Runs an event's work once per event id, however often or concurrently the event arrives: the id is recorded in
 * the work's own transaction, so a failure records nothing and Stripe's retry runs it again.
 */
export function once(
  deps: { db: Db; clock: Clock },
  eventId: string,
  eventType: string,
  work: (tx: DbOrTx) => Promise<unknown>,
): Promise<{ duplicate: boolean }> {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.recordEvent(tx, eventId, eventType, deps.clock.now()))) return { duplicate: true };
    await work(tx);
    return { duplicate: false };
  });
}
