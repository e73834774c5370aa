import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TranscriptionsModule } from './module.ts';

export interface TranscriptionsRoutesDeps {
  transcriptions: TranscriptionsModule;
  limits: { maxUploadBytes: number; perUserPerMinute: number };
}

/** /api/transcriptions (spec 3 §7). */
export const transcriptionsRoutes: FastifyPluginAsyncZod<TranscriptionsRoutesDeps> = async () => {};
