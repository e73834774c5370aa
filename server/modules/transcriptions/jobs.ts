import type { JobDefinition } from '../../jobs/queue.ts';
import type { TranscriptionsModule } from './module.ts';
import { TRANSCRIPTION_JOB } from './service.ts';

/**
 * One transcription per job, not retried by the queue (a failed attempt releases the hold at once; the user may
 * start again). A worker that dies mid-job leaves the hold to the sweep, which fails the generation.
 */
export function transcriptionJobs(transcriptions: TranscriptionsModule): JobDefinition[] {
  return [
    {
      name: TRANSCRIPTION_JOB,
      retryLimit: 0,
      expireInSeconds: 3 * 3600,
      handle: (data, meta) => transcriptions.runJob((data as { generationId: string }).generationId, meta.retryCount),
    },
  ];
}
