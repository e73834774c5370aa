import type { AiService } from '../ai/service.ts';
import type { CreditsService } from '../credits/service.ts';
import type { FilesService } from '../files/service.ts';
import { defineModule, mount } from '../module.ts';
import type { WebhooksService } from '../webhooks/service.ts';
import { createBatchFinish } from './finish.ts';
import { batchJobs } from './jobs.ts';
import { batchRoutes } from './routes.ts';
import { createBatchesService } from './service.ts';

export interface BatchesModuleDeps {
  ai: Pick<AiService, 'batchRuns' | 'onSettled'>;
  files: Pick<FilesService, 'readOwn' | 'putInput' | 'readInput' | 'dropInput'>;
  credits: Pick<CreditsService, 'account' | 'spending'>;
  webhooks: Pick<WebhooksService, 'emit'>;
}

/** Batches (`/api/batches`, issue 28): any batch-capable tool over up to 50 images, each item a durable generation. */
export const batchesModule = defineModule({
  name: 'batches',
  create(core, deps: BatchesModuleDeps) {
    const { config, log } = core;
    const batches = createBatchesService({ db: core.db, clock: core.clock, runs: deps.ai.batchRuns, files: deps.files, credits: deps.credits, log });
    const finish = createBatchFinish({
      db: core.db,
      clock: core.clock,
      files: deps.files,
      mailer: core.mailer,
      notify: core.notices.emit,
      webhooks: deps.webhooks,
      publicUrl: config.PUBLIC_URL,
      log,
    });
    // Each item settled in this process may end its batch (the sweep catches what a killed process left).
    deps.ai.onSettled((generationId) => {
      finish.onSettled(generationId).catch((err: unknown) => log.warn({ err, generationId }, 'batch item settle not handled'));
    });
    return {
      service: { ...batches, finish },
      routes: {
        public: [
          mount(batchRoutes, {
            prefix: '/api/batches',
            batches,
            storage: core.storage,
            limits: { bodyLimitBytes: config.BATCH_BODY_LIMIT_BYTES, perUserPerMinute: config.RATE_LIMIT_AI_PER_MINUTE },
          }),
        ],
      },
      jobs: () => batchJobs(batches, finish, log),
    };
  },
});
