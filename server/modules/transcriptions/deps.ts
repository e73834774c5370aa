import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LocalComposer } from '../../providers/ai/speech/local-composer.ts';
import type { SpeechTranscriber, TextRefiner } from '../../providers/ai/types.ts';
import type { Lifecycle } from '../ai/lifecycle.ts';
import type { ContentService } from '../content/service.ts';
import type { FilesService } from '../files/service.ts';
import type { PricingService } from '../pricing/service.ts';

/** What the transcription service's parts (run.ts, refine.ts, service.ts) share: its names and its dependencies. */

export const TRANSCRIPTION_JOB = 'transcription.run';
export const TRANSCRIPTION_TOOL = 'transcription';

export interface TranscriptionProviders {
  /** The server's engine (TRANSCRIPTION_PROVIDER). */
  transcriber: SpeechTranscriber | null;
  /** Every engine the server can run, by key: the admin's choice and a queued job's engine are looked up here. */
  transcribers?: Partial<Record<SpeechTranscriber['key'], SpeechTranscriber>>;
  refiner: TextRefiner | null;
  localComposer: LocalComposer;
}

export interface TranscriptionsDeps {
  db: Db;
  clock: Clock;
  lifecycle: Pick<Lifecycle, 'start' | 'enqueue' | 'claim' | 'complete' | 'fail' | 'run'>;
  providers: TranscriptionProviders;
  /** The engine the admin chose in System Settings, read on every start; null or absent: the server's engine. */
  chosenEngine?: () => Promise<SpeechTranscriber['key'] | null>;
  files: Pick<FilesService, 'readOwn' | 'delete'>;
  pricing: Pick<PricingService, 'price'>;
  content: Pick<ContentService, 'createIn'>;
  settings: { holdTtlMinutes: number };
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}
