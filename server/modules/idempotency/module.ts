import { defineModule } from '../module.ts';
import { idempotencyJobs } from './jobs.ts';
import { createIdempotencyService } from './service.ts';

/** The Idempotency-Key store of paid routes (app.ts hands it to server/http/idempotency.ts); no routes of its own. */
export const idempotencyModule = defineModule({
  name: 'idempotency',
  create(core) {
    const idempotency = createIdempotencyService({ db: core.db, clock: core.clock });
    return { service: idempotency, jobs: (log) => idempotencyJobs(idempotency, log) };
  },
});
