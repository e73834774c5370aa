import type { AnyJobDefinition } from '../../jobs/jobs.ts';
import type { TranscriptionsService } from './service.ts';
import { TRANSCRIPTION_JOB } from './service.ts';

/**
 * One transcription per job. A failed attempt releases the hold at once and settles the generation, so the queue has
 * nothing to retry (the handler does not throw). A worker that dies mid-job stops its heartbeat: the queue runs the
 * job once more in a live worker, whose attempt claims the generation and finishes it within the same hold (it lives
 * the engine's time plus ten minutes); only if that attempt dies too does the sweep release the hold.
 */
export function transcriptionJobs(transcriptions: TranscriptionsService): AnyJobDefinition[] {
  return [
    {
      name: TRANSCRIPTION_JOB,
      retryLimit: 1,
      expireInSeconds: 3 * 3600,
      handle: (data, meta) => transcriptions.runJob(data.generationId, meta.retryCount),
    },
  ];
}
