import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AiRegistry } from '../../providers/ai/registry.ts';
import type { AiService } from '../ai/service.ts';
import type { ContentService } from '../content/service.ts';
import type { CreditsService } from '../credits/service.ts';
import type { FilesService } from '../files/service.ts';
import type { PricingService } from '../pricing/service.ts';
import { createTranscriptionsService } from './service.ts';

/** What services.ts hands the transcription module; the module gives each of its parts only what that part needs. */
export interface TranscriptionsModuleDeps {
  config: Config;
  db: Db;
  clock: Clock;
  ai: Pick<AiService, 'lifecycle'>;
  providers: AiRegistry;
  files: FilesService;
  pricing: PricingService;
  credits: CreditsService;
  content: ContentService;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** Audio transcription with refinements (spec 3 §2-9). */
export function createTranscriptionsModule(deps: TranscriptionsModuleDeps) {
  return createTranscriptionsService({
    db: deps.db,
    clock: deps.clock,
    lifecycle: deps.ai.lifecycle,
    providers: deps.providers,
    // System Settings' engine; 'none' on the server turns transcription off whatever the admin chose.
    chosenEngine: async () => (deps.config.TRANSCRIPTION_PROVIDER === 'none' ? null : deps.pricing.transcriptionEngine()),
    files: deps.files,
    pricing: deps.pricing,
    content: deps.content,
    settings: { holdTtlMinutes: deps.config.HOLD_TTL_MINUTES },
    log: deps.log,
  });
}

export type TranscriptionsModule = ReturnType<typeof createTranscriptionsModule>;
