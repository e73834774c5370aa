import type { JobDefinition } from '../../jobs/queue.ts';
import type { TranscriptionsModule } from './module.ts';

/** The transcription worker's jobs. */
export function transcriptionJobs(transcriptions: TranscriptionsModule): JobDefinition[] {
  void transcriptions;
  return [];
}
