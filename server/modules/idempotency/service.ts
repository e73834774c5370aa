import type { Db } from '../../db/client.ts';
import { IDEMPOTENCY_RETENTION_MS, type IdempotencyStore } from '../../http/idempotency.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './repository.ts';

/** The Idempotency-Key storage the HTTP hook is given, and its cleanup. */
export function createIdempotencyService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const store: IdempotencyStore = {
    claim: (c, now, stale) => repo.claim(db, c, now, stale),
    finish: (c, statusCode, response) => repo.finish(db, c, statusCode, response),
    release: (c) => repo.release(db, c),
  };
  return {
    store,
    /** Forgets keys older than their 24 hours. */
    cleanup: () => repo.deleteOlderThan(db, new Date(clock.now().getTime() - IDEMPOTENCY_RETENTION_MS)),
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
