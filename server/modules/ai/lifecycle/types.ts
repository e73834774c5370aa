import type { Db, DbOrTx } from '../../../db/client.ts';
import type { JobSender } from '../../../jobs/jobs.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { JobNotice } from '../../../lib/job-notices.ts';
import type { ProviderCost } from '../../../providers/ai/types.ts';
import type { LowBalanceCrossing } from '../../credits/low-balance.ts';
import type { CreditsService } from '../../credits/service.ts';
import type { FileRow } from '../../files/repository.ts';
import type { FilesService, SaveFileInput, StoredFile } from '../../files/service.ts';
import type { PricingService } from '../../pricing/service.ts';
import type { GenerationRow } from '../repository.ts';

/** The lifecycle's vocabulary: what a tool asks for, the run it gets, what it hands back, what it is answered. */

/** What a paid tool asks for: the price list entry it charges and what its generation row records. */
export interface PaidWork {
  userId: string;
  /** The tool's catalogue slug: 'image-variator', 'mockup-generator', … */
  tool: string;
  /**
   * The pricing row charged (serviceType, variant), which also names the hold and the ledger line's type. Without a
   * variant the engine decides: the local engine's previews charge `local` (seeded 0), a provider `standard`.
   */
  serviceType: string;
  variant?: string;
  /** Units of that price (a mockup's styles); one when not given. */
  quantity?: number;
  /** Further pricing rows charged on top (the morph's preprocessing). */
  extras?: ReadonlyArray<{ serviceType: string; variant?: string }>;
  /** The ledger line the user reads: 'AI Image Morpher'. */
  description: string;
  /** The provider the registry chose; `complete` may name the one that answered. */
  provider: string;
  prompt?: string | null;
  /** The user's own files the work reads (upscale's source). */
  inputFileIds?: string[];
  /** Inputs that arrive with the request (mockup artwork): stored after the hold, recorded with the generation row. */
  uploads?: SaveFileInput[];
  /** The request's options; a job reads what it needs from here. */
  params?: Record<string, unknown>;
  /** Made by a job: recorded 'pending' until a worker claims it (`claim`), instead of 'processing'. */
  queued?: boolean;
  /** The hold lives at least this long (work known to outlast HOLD_TTL_MINUTES, such as a long transcription). */
  holdTtlMinutes?: number;
}

/** A generation under way: its row, its hold, and the outputs stored so far (in no gallery until `complete`). */
export interface Run {
  readonly generation: GenerationRow;
  readonly holdId: string;
  /** The price held, a decimal string. */
  readonly amount: string;
  readonly startedAt: number;
  readonly outputs: readonly StoredFile[];
  /** Writes an output to storage for the generation's user; `complete` records it, `fail` deletes it. */
  store(output: Omit<SaveFileInput, 'userId'>): Promise<StoredFile>;
  /** Tells how far the engine is (0-100), for the status route; at most about once a second reaches the database. */
  progress(percent: number): void;
  /** Aborted when the run is closed: engines given it stop (a provider's request, the local upscaler's patches). */
  readonly signal: AbortSignal;
  /**
   * Ends the run for good (a deadline passed, the user cancelled): an output stored after this is deleted at once, so
   * work that goes on in the background leaves nothing behind.
   */
  close(): void;
}

/** What the provider says about the finished work. */
export interface Produced {
  /** The provider that answered and its model, when the tool records them at the end. */
  provider?: string;
  model?: string | null;
  /** The real cost when it came in under the quote (transcription's real duration); the rest is released. */
  amount?: string;
  /** What the provider's call(s) really cost us in USD, and its usage figures, where the provider reported them. */
  providerCost?: ProviderCost;
  /** Rows the output needs beside its files (a caption's content item), written in the charging transaction. */
  record?: (tx: DbOrTx, generationId: string) => Promise<unknown>;
  /** What a queued job's notice says beyond the defaults (its title, the page of the result, a transcript's text). */
  notice?: Partial<Pick<JobNotice, 'title' | 'path' | 'text'>>;
}

/** The generation was settled elsewhere (cancelled by its user) before this run could complete it. */
export class Superseded extends Error {
  constructor(readonly generationId: string) {
    super(`generation ${generationId} was settled before this run finished`);
  }
}

/** A tool's answer, shaped from its completed generation (a pure function: it is stored with the charge). */
export type Answer<T, A> = (done: Completed & { result: T }) => A;

export interface Completed {
  generation: GenerationRow;
  /** The outputs' gallery rows, in the order they were stored. */
  files: FileRow[];
  charged: string;
  processingTimeMs: number;
  /** Priced as the local engine's preview (the `local` variant): the answer says it is a preview. */
  preview: boolean;
}

export interface LifecycleDeps {
  db: Db;
  clock: Clock;
  credits: Pick<CreditsService, 'hold' | 'captureIn' | 'releaseIn' | 'renewHold'>;
  pricing: Pick<PricingService, 'price'>;
  files: Pick<FilesService, 'store' | 'record' | 'discardStored'>;
  jobs: JobSender;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Told once a queued job's outcome has committed (the Telegram bot tells a linked user). */
  notify?: (notice: JobNotice) => void;
  /** One user's batch items that may be processing at once (BATCH_CONCURRENCY_PER_USER): a claim past it waits. */
  batchConcurrencyPerUser?: number;
  /** Told once any generation has settled (completed, failed or cancelled), after the commit: waiting calls wake. */
  settled?: (generationId: string) => void;
  /** Told the row of each generation that completed or failed here (not a cancelled one), after the commit. */
  outcome?: (generation: GenerationRow) => void;
  /** Told, after the commit, when a generation's charge took its user's balance below their low-balance alert. */
  lowBalance?: (crossing: LowBalanceCrossing) => void;
}


export type { LowBalanceCrossing };
/** What a capture answers when it took the balance below the alert: the alert and the balance after. */
export type LowBalance = Omit<LowBalanceCrossing, 'userId'>;
