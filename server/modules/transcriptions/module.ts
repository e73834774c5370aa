import type { AiService } from '../ai/service.ts';
import type { ContentService } from '../content/service.ts';
import type { FilesService } from '../files/service.ts';
import { defineModule, mount } from '../module.ts';
import type { PricingService } from '../pricing/service.ts';
import { transcriptionJobs } from './jobs.ts';
import { transcriptionsRoutes } from './routes.ts';
import { createTranscriptionsService } from './service.ts';

/** What the transcription module takes of other modules; it gives each of its parts only what that part needs. */
export interface TranscriptionsModuleDeps {
  ai: Pick<AiService, 'lifecycle'>;
  files: FilesService;
  pricing: PricingService;
  content: ContentService;
}

/** Audio transcription with refinements (spec 3 §2-9): `/api/transcriptions`, and its `transcription.run` job. */
export const transcriptionsModule = defineModule({
  name: 'transcriptions',
  create(core, deps: TranscriptionsModuleDeps) {
    const { config } = core;
    const transcriptions = createTranscriptionsService({
      db: core.db,
      clock: core.clock,
      lifecycle: deps.ai.lifecycle,
      providers: core.aiProviders,
      // System Settings' engine; 'none' on the server turns transcription off whatever the admin chose.
      chosenEngine: async () => (config.TRANSCRIPTION_PROVIDER === 'none' ? null : deps.pricing.transcriptionEngine()),
      files: deps.files,
      pricing: deps.pricing,
      content: deps.content,
      settings: { holdTtlMinutes: config.HOLD_TTL_MINUTES },
      log: core.log,
    });
    return {
      service: transcriptions,
      routes: {
        public: [
          mount(transcriptionsRoutes, {
            prefix: '/api/transcriptions',
            transcriptions,
            limits: { maxUploadBytes: config.UPLOAD_MAX_AUDIO_BYTES, perUserPerMinute: config.RATE_LIMIT_AI_PER_MINUTE },
          }),
        ],
      },
      jobs: () => transcriptionJobs(transcriptions),
    };
  },
});
