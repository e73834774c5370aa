import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobNotice } from '../../lib/job-notices.ts';
import type { AiProviders, SpeechTranscriber } from '../../providers/ai/types.ts';
import type { ContentService } from '../content/service.ts';
import type { CreditsService } from '../credits/service.ts';
import type { FilesService } from '../files/service.ts';
import type { PricingService } from '../pricing/service.ts';
import type { GenerationStatus } from '../../../contract/generations.ts';
import type { LowBalanceCrossing } from './lifecycle/types.ts';
import { createEngines } from './engines.ts';
import { createBatchRuns } from './batch-runs.ts';
import { createDurable, createWaiters, statusOf, type DurableSettings, type ToolLifecycle } from './durable.ts';
import { createLifecycle } from './lifecycle.ts';
import { createMockupJob, mockupAttemptSeconds } from './mockup-job.ts';
import { createMockupStatus } from './mockup-status.ts';
import { createMockupSubmit, mockupWork } from './mockup-submit.ts';
import { createUpscaleProviders } from './upscale-providers.ts';
import { createUpscale } from './upscale.ts';
import type { GenerationRow } from './repository.ts';
import { durableTools } from './tools/index.ts';

export interface AiDeps {
  db: Db;
  clock: Clock;
  credits: Pick<CreditsService, 'hold' | 'captureIn' | 'releaseIn' | 'renewHold'>;
  pricing: Pick<PricingService, 'price' | 'list'>;
  files: Pick<FilesService, 'store' | 'record' | 'discardStored' | 'readOwn' | 'putInput' | 'readInput' | 'dropInput'>;
  content: Pick<ContentService, 'createIn'>;
  jobs: JobSender;
  providers: AiProviders;
  /** The engine a new transcription runs on (System Settings' choice, else the server's): what /engines quotes. */
  currentTranscriber?: () => Promise<SpeechTranscriber | null>;
  settings: { maxImagePixels: number; maxImageBytes: number; isDevelopment: boolean; holdTtlMinutes: number; generations: DurableSettings };
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Told when a queued job's outcome has committed (lib/job-notices.ts). */
  notify?: (notice: JobNotice) => void;
}

/**
 * The AI tools. Each use case is a file of its own on the one generation lifecycle (lifecycle.ts: start, complete,
 * fail), so failed work costs nothing and every call is recorded; this only wires them.
 */
export function createAiService(deps: AiDeps) {
  const { db, files, providers, settings, log } = deps;
  const waiters = createWaiters();
  /** Told once a generation settled here (after its commit): the waiting calls, then the batches. */
  const settledListeners: Array<(generationId: string) => void> = [waiters.wake];
  /** Told each generation that completed or failed here, as its row stands after the commit. */
  const outcomeListeners: Array<(generation: GenerationRow) => void> = [];
  /** Told each charge that took a balance below its user's alert, after the commit. */
  const lowBalanceListeners: Array<(crossing: LowBalanceCrossing) => void> = [];
  const lifecycle = createLifecycle({
    ...deps,
    batchConcurrencyPerUser: settings.generations.batchConcurrencyPerUser,
    settled: (id) => {
      for (const listener of settledListeners) listener(id);
    },
    outcome: (generation) => {
      for (const listener of outcomeListeners) listener(generation);
    },
    lowBalance: (crossing) => {
      for (const listener of lowBalanceListeners) listener(crossing);
    },
  });
  const images = { maxImageBytes: settings.maxImageBytes, maxImagePixels: settings.maxImagePixels };
  /** The durable tools (each tool's definition, tools/index.ts, and upscaling): made over a lifecycle (durable.ts runs it in the web process, then the worker). */
  const tools = {
    ...durableTools({ providers, images, content: deps.content, isDevelopment: settings.isDevelopment }),
    upscale: (on: ToolLifecycle) => createUpscale({ lifecycle: on, files, providers }),
  };
  const generations = createDurable({ db, lifecycle, files, tools, settings: settings.generations, waiters, log });
  const batchRuns = createBatchRuns({ lifecycle, tools, mockupWork: (userId, request) => mockupWork({ providers, images }, userId, request) });
  return {
    /** The one generation lifecycle, for modules whose paid work is not an image tool (transcriptions). */
    lifecycle,
    /** See mockupAttemptSeconds. */
    mockupAttemptSeconds: mockupAttemptSeconds(settings.holdTtlMinutes),
    /** The hold sweep's part: the dead generation is failed, and a durable one's kept request goes. */
    async failAbandoned(tx: Parameters<typeof lifecycle.failAbandoned>[0], holdId: string): Promise<number> {
      const closed = await lifecycle.failAbandoned(tx, holdId);
      for (const id of closed) await files.dropInput(id);
      return closed.length;
    },
    /** A durable tool's call (`generations.submit`), its status, cancel and the worker's job. */
    generations,
    generationSettings: settings.generations,
    /** A batch's items on the durable path (batch-runs.ts). */
    batchRuns,
    /** Calls `listener` with each generation that settles in this process, after its commit. */
    onSettled(listener: (generationId: string) => void): void {
      settledListeners.push(listener);
    },
    /**
     * Calls `listener` with each generation that completed or failed in this process (not a cancelled one), as its
     * status route answers it, after its commit (its user's webhooks).
     */
    onOutcome(listener: (userId: string, status: GenerationStatus) => Promise<void>): void {
      outcomeListeners.push((row) => {
        listener(row.userId, statusOf(row)).catch((err: unknown) => log.warn({ err, generationId: row.id }, 'generation outcome not told'));
      });
    },
    /** Calls `listener` when a generation's charge took its user's balance below their alert, after its commit. */
    onLowBalance(listener: (crossing: LowBalanceCrossing) => Promise<void>): void {
      lowBalanceListeners.push((crossing) => {
        listener(crossing).catch((err: unknown) => log.warn({ err, userId: crossing.userId }, 'low balance not told'));
      });
    },
    upscaleProviders: createUpscaleProviders({ pricing: deps.pricing, providers }),
    submitMockup: createMockupSubmit({ lifecycle, providers, images, log }),
    runMockupJob: createMockupJob({ lifecycle, files, providers, log, holdTtlMinutes: settings.holdTtlMinutes }),
    mockupStatus: createMockupStatus({ db }),
    engines: createEngines({ providers, currentTranscriber: deps.currentTranscriber }),
  };
}

export type AiService = ReturnType<typeof createAiService>;
