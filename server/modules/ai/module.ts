import type { SpeechTranscriber } from '../../providers/ai/types.ts';
import { defineModule, mount } from '../module.ts';
import { generationRoutes } from './generation-routes.ts';
import { aiJobs } from './jobs.ts';
import { createProviderStatusService, providerSettings } from './provider-status.ts';
import { providerStatusRoutes } from './provider-status-routes.ts';
import { aiRoutes } from './routes.ts';
import { createAiService, type AiDeps } from './service.ts';

export interface AiModuleDeps extends Pick<AiDeps, 'credits' | 'pricing' | 'files' | 'content'> {
  /** The engine a new transcription runs on; called per request, once every module is made. */
  currentTranscriber: () => Promise<SpeechTranscriber | null>;
}

/**
 * The AI tools on the one generation lifecycle (`/api/ai`), a durable generation's status (`/api/generations`), and
 * the admin's provider status (`/api/admin/settings/providers`).
 */
export const aiModule = defineModule({
  name: 'ai',
  create(core, deps: AiModuleDeps) {
    const { config } = core;
    const ai = createAiService({
      db: core.db,
      clock: core.clock,
      credits: deps.credits,
      pricing: deps.pricing,
      files: deps.files,
      content: deps.content,
      jobs: core.jobs,
      providers: core.aiProviders,
      settings: {
        maxImagePixels: config.MAX_IMAGE_PIXELS,
        maxImageBytes: config.UPLOAD_MAX_IMAGE_BYTES,
        isDevelopment: config.isDevelopment,
        holdTtlMinutes: config.HOLD_TTL_MINUTES,
        generations: {
          waitMs: config.GENERATION_WAIT_MS,
          providerTimeoutMs: config.GENERATION_TIMEOUT_MS,
          localTimeoutMs: config.LOCAL_ENGINE_TIMEOUT_MS,
          concurrency: config.GENERATION_CONCURRENCY,
          batchConcurrencyPerUser: config.BATCH_CONCURRENCY_PER_USER,
        },
      },
      log: core.log,
      notify: core.notices.emit,
      currentTranscriber: deps.currentTranscriber,
    });
    const providerStatus = createProviderStatusService({ db: core.db, clock: core.clock, providers: providerSettings(config) });
    return {
      service: ai,
      routes: {
        public: [
          mount(aiRoutes, { prefix: '/api/ai', ai, limits: { bodyLimitBytes: config.AI_BODY_LIMIT_BYTES, perUserPerMinute: config.RATE_LIMIT_AI_PER_MINUTE } }),
          mount(generationRoutes, { prefix: '/api/generations', ai }),
        ],
        admin: [mount(providerStatusRoutes, { prefix: '/api/admin', providerStatus })],
      },
      jobs: () => aiJobs(ai),
    };
  },
});
