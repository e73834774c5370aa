import { add, mul } from '../../../contract/decimal.ts';
import { TOOL_CATALOGUE } from '../../../contract/tools.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { GenerationJobName, JobSender } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobNotice } from '../../lib/job-notices.ts';
import type { AppError } from '../../lib/errors.ts';
import type { CreditsService } from '../credits/service.ts';
import type { FileRow } from '../files/repository.ts';
import type { FilesService, SaveFileInput, StoredFile } from '../files/service.ts';
import type { PricingService } from '../pricing/service.ts';
import { LOCAL_VARIANT, previewText, variantFor } from '../../providers/ai/engine.ts';
import { ProviderError, type ProviderCost } from '../../providers/ai/types.ts';
import { classifyFailure, costColumns, describeFix, failedMessage } from './failure.ts';
import { GENERATION_MESSAGES } from '../../../contract/generations.ts';
import * as repo from './repository.ts';
import type { GenerationRow } from './repository.ts';

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
  credits: Pick<CreditsService, 'hold' | 'captureIn' | 'releaseIn'>;
  pricing: Pick<PricingService, 'price'>;
  files: Pick<FilesService, 'store' | 'record' | 'discardStored'>;
  jobs: JobSender;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Told once a queued job's outcome has committed (the Telegram bot tells a linked user). */
  notify?: (notice: JobNotice) => void;
  /** Told once any generation has settled (completed, failed or cancelled), after the commit: waiting calls wake. */
  settled?: (generationId: string) => void;
}

/** The web page where a tool's results are found, for a job's notice. */
const RESULT_PATHS: Record<string, string> = { 'mockup-generator': '/gallery' };

const CANCELLED_MESSAGE = GENERATION_MESSAGES.cancelled;

/** A generation made through durable.ts (its params name the tool call the worker resumes). */
export const isDurable = (generation: Pick<GenerationRow, 'params'>) => typeof generation.params.call === 'string';

/** What a generation is called to its user: its tool's title (an upscale keeps its source's tool, so it says so). */
export function generationTitle(generation: Pick<GenerationRow, 'tool' | 'serviceType'>): string {
  if (generation.serviceType === 'upscale') return 'Upscale';
  return TOOL_CATALOGUE.find((tool) => tool.id === generation.tool)?.title ?? generation.tool;
}

/** Where a recorded output is served. */
export const fileUrl = (id: string) => `/api/files/serve/${id}`;

/**
 * The answer of a tool that made one image (morph, thumbnail, headshot, photoshoot): where it is served, what it cost,
 * who made it, and its text (a local preview's starting with LOCAL_PREVIEW_NOTE).
 */
export function imageAnswer(done: Completed & { result: { provider: string; text?: string | null } }) {
  const file = done.files[0]!;
  return {
    image: fileUrl(file.id),
    uuid: file.id,
    text: previewText(done.preview, done.result.text),
    provider: done.result.provider,
    preview: done.preview,
    credits_used: done.charged,
    generation_id: done.generation.id,
    processing_time_ms: done.processingTimeMs,
  };
}

/**
 * The one lifecycle of every paid generation, so failed work costs nothing and nothing is half-kept:
 * - `start`: quote the price (pricing rows × quantity + extras), hold it (402 when short), record the generation.
 * - `complete`: in one transaction capture the hold, record the outputs' file rows and mark the generation completed;
 *   a process killed before that commit leaves no charge and no gallery row, only objects reconciliation removes.
 * - `fail`: in one transaction release the hold and mark the generation failed with its error class, delete the
 *   stored outputs, and answer the error to throw (a provider's failure classified by contract/ai.ts's table).
 *
 * A tool that answers at once is one call: `run(work, async (run) => { …call the provider…; await run.store(output);
 * return { provider, model } })`, then it shapes its answer from `files` and `charged` (see morph.ts, upscale.ts).
 * A tool made by a job calls `start({ …, queued: true })` and `enqueue` (mockup-submit.ts); its worker `claim`s the
 * attempt, renders with `run.store`, then `complete`s, `requeue`s (a retry follows) or `fail`s (mockup-job.ts).
 * A new tool is one file: validate the request, then one of those two shapes.
 */
export function createLifecycle(deps: LifecycleDeps) {
  const { db, clock, credits, pricing, files } = deps;

  async function discard(stored: readonly StoredFile[]): Promise<void> {
    // Not recorded, so not charged and not kept; what fails to delete here reconciliation removes.
    for (const object of stored) await files.discardStored(object);
  }

  function runOf(generation: GenerationRow, amount: string, startedAt: number): Run {
    const outputs: StoredFile[] = [];
    const controller = new AbortController();
    let closed = false;
    let reported = -1;
    let reportedAt = 0;
    return {
      generation,
      holdId: generation.holdId!,
      amount,
      startedAt,
      outputs,
      signal: controller.signal,
      async store(output) {
        const stored = await files.store({ ...output, userId: generation.userId });
        if (closed) {
          await discard([stored]);
          throw new Superseded(generation.id);
        }
        outputs.push(stored);
        return stored;
      },
      progress(percent) {
        const value = Math.max(0, Math.min(100, Math.round(percent)));
        if (closed || value === reported || Date.now() - reportedAt < 1000) return;
        reported = value;
        reportedAt = Date.now();
        // Progress is a hint: a failed write is not the generation's failure.
        repo.setProgress(db, generation.id, value).catch((err: unknown) => deps.log.error({ err, generation: generation.id }, 'could not record progress'));
      },
      close() {
        closed = true;
        controller.abort(new Superseded(generation.id));
      },
    };
  }

  async function quote(work: PaidWork, variant: string): Promise<string> {
    let amount = await pricing.price(work.serviceType, variant);
    if (work.quantity !== undefined) amount = mul(amount, String(work.quantity));
    for (const extra of work.extras ?? []) amount = add(amount, await pricing.price(extra.serviceType, extra.variant ?? variantFor(work.provider)));
    return amount;
  }

  async function start(work: PaidWork): Promise<Run> {
    const variant = work.variant ?? variantFor(work.provider);
    const amount = await quote(work, variant);
    const startedAt = Date.now();
    // The receipt says which engine ran: a local preview is named as one on the ledger line.
    const description = variant === LOCAL_VARIANT ? `${work.description} (local engine preview)` : work.description;
    const hold = await credits.hold({ userId: work.userId, amount, serviceType: work.serviceType, variant, description, ttlMinutes: work.holdTtlMinutes });
    const uploads: StoredFile[] = [];
    try {
      for (const upload of work.uploads ?? []) uploads.push(await files.store(upload));
      // The inputs' rows and the generation commit together: a kill before leaves only objects (reconciled).
      const generation = await db.transaction(async (tx) => {
        for (const upload of uploads) await files.record(tx, upload);
        return repo.insertGeneration(tx, {
          userId: work.userId,
          tool: work.tool,
          serviceType: work.serviceType,
          serviceVariant: variant,
          provider: work.provider,
          prompt: work.prompt ?? null,
          status: work.queued ? 'pending' : 'processing',
          credits: amount,
          holdId: hold.id,
          attempts: work.queued ? 0 : 1,
          inputFileIds: [...uploads.map((u) => u.row.id), ...(work.inputFileIds ?? [])],
          params: work.params ?? {},
          createdAt: clock.now(),
        });
      });
      return runOf(generation, amount, startedAt);
    } catch (err) {
      await db.transaction((tx) => credits.releaseIn(tx, hold.id));
      await discard(uploads);
      throw err;
    }
  }

  /** A queued generation's outcome, told after it committed (a job has a job id; a tool answering at once has none). */
  function notice(generation: GenerationRow, status: JobNotice['status'], extra: Produced['notice'] = {}): void {
    if (!generation.jobId || !deps.notify) return;
    // A durable generation whose call still waited got its answer on the page: only one the call left is told.
    if (isDurable(generation) && !generation.detached) return;
    deps.notify({
      userId: generation.userId,
      generationId: generation.id,
      tool: generation.tool,
      status,
      title: generationTitle(generation),
      ...(RESULT_PATHS[generation.tool] ? { path: RESULT_PATHS[generation.tool] } : {}),
      ...extra,
    });
  }

  /**
   * Charges and records the finished work; with `answer`, the tool's answer is stored on the generation in the same
   * commit (what its status route and a waiting call answer). A generation settled meanwhile (cancelled) throws
   * Superseded and keeps nothing.
   */
  async function complete<T extends Produced>(run: Run, produced: T = {} as T, answer?: Answer<T, object>): Promise<Completed> {
    const processingTimeMs = Date.now() - run.startedAt;
    let done: Completed;
    try {
      done = await settle(run, produced, processingTimeMs, answer);
    } catch (err) {
      if (err instanceof Superseded) await discard(run.outputs);
      throw err;
    }
    run.close();
    deps.settled?.(run.generation.id);
    notice(done.generation, 'completed', produced.notice);
    return done;
  }

  function settle<T extends Produced>(run: Run, produced: T, processingTimeMs: number, answer?: Answer<T, object>): Promise<Completed> {
    // The charge, the record of what it paid for and the outputs' gallery rows commit together, or none does.
    return db.transaction(async (tx) => {
      // The row first (the same order as cancel: generation, hold, account): a cancelled generation is not charged.
      if (!(await repo.lockUnsettled(tx, run.generation.id))) throw new Superseded(run.generation.id);
      const { charged } = await credits.captureIn(tx, run.holdId, { generationType: run.generation.serviceType, amount: produced.amount });
      const recorded: FileRow[] = [];
      for (const stored of run.outputs) recorded.push(await files.record(tx, stored));
      await produced.record?.(tx, run.generation.id);
      const generation = await repo.updateGeneration(tx, run.generation.id, {
        status: 'completed',
        ...(produced.provider ? { provider: produced.provider, model: produced.model ?? null } : {}),
        ...costColumns(produced.providerCost),
        credits: charged,
        outputFileIds: recorded.map((f) => f.id),
        processingTimeMs,
        progress: null,
        completedAt: clock.now(),
      });
      const done: Completed = { generation: generation!, files: recorded, charged, processingTimeMs, preview: generation!.serviceVariant === LOCAL_VARIANT };
      if (!answer) return done;
      const result = answer({ ...done, result: produced }) as Record<string, unknown>;
      return { ...done, generation: (await repo.updateGeneration(tx, run.generation.id, { result }))! };
    });
  }

  /**
   * Answers the error to throw. The row records the raw message, or, with `shown` (a job's status route shows the
   * row's message), what the user may read: the provider failure's headline, else `shown`.
   */
  async function fail(
    run: Run,
    err: unknown,
    options: { shown?: string; notice?: Produced['notice']; record?: (tx: DbOrTx, message: string) => Promise<unknown> } = {},
  ): Promise<AppError> {
    const failure = classifyFailure(err);
    const fix = err instanceof ProviderError ? err.fix : undefined;
    // A retired model, a billing stop, a bad key: the operator's to fix, so the log says which setting.
    if (fix) deps.log.warn({ generation: run.generation.id, provider: (err as ProviderError).provider, fix }, `AI provider needs attention: ${describeFix(fix)}`);
    run.close();
    // The refund and the 'failed' record commit together: a kill cannot leave the generation open with its hold gone.
    const failed = await db.transaction(async (tx) => {
      // Settled meanwhile (cancelled by its user: released then): nothing more to do.
      if (!(await repo.lockUnsettled(tx, run.generation.id))) return undefined;
      await credits.releaseIn(tx, run.holdId);
      const errorMessage = failedMessage(err, failure, options.shown);
      // What the failure leaves beside the generation (a transcription row marked failed) commits with the refund.
      await options.record?.(tx, errorMessage);
      return repo.updateGeneration(tx, run.generation.id, {
        status: 'failed',
        ...(fix ? { providerFix: fix } : {}),
        errorClass: failure.errorClass,
        errorMessage,
        error: { code: failure.error.code, message: failure.error.message, details: failure.error.extra },
        progress: null,
        processingTimeMs: Date.now() - run.startedAt,
        completedAt: clock.now(),
      });
    });
    await discard(run.outputs);
    deps.settled?.(run.generation.id);
    if (!failure.expected) deps.log.error({ err, generation: run.generation.id }, 'generation failed');
    if (failed) notice(failed, 'failed', { text: failed.errorMessage ?? failure.error.message, ...options.notice });
    return failure.error;
  }

  /** start → work → complete, or fail: a tool that answers at once. Every error thrown is the user's to read. */
  async function run<T extends Produced>(work: PaidWork, produce: (run: Run) => Promise<T>): Promise<Completed & { result: T }> {
    const started = await startClassified(work);
    try {
      const result = await produce(started);
      return { ...(await complete(started, result)), result };
    } catch (err) {
      throw await fail(started, err);
    }
  }

  /** `start`, with any failure turned into the error the user reads (an unforeseen one logged). */
  async function startClassified(work: PaidWork): Promise<Run> {
    try {
      return await start(work);
    } catch (err) {
      const failure = classifyFailure(err);
      if (!failure.expected) deps.log.error({ err }, 'generation failed');
      throw failure.error;
    }
  }

  return {
    start,
    startClassified,
    complete,
    fail,
    discard,

    /**
     * A tool's generation: start → produce → complete, or fail, answering the tool's answer. This is the seam that
     * makes generations durable (durable.ts): the web process runs the tool over a lifecycle whose `generate` holds
     * and queues, the worker over one whose `generate` resumes the queued generation and stores the answer.
     */
    async generate<T extends Produced, A extends object>(work: PaidWork, produce: (run: Run) => Promise<T>, answer: Answer<T, A>): Promise<A> {
      return answer(await run(work, produce));
    },

    run,

    /** Hands a queued generation to its job (`{ generationId }`) and records the job's id on it. */
    async enqueue(run: Run, job: GenerationJobName): Promise<void> {
      const jobId = await deps.jobs.send(job, { generationId: run.generation.id });
      await repo.updateGeneration(db, run.generation.id, { jobId });
    },

    /**
     * The worker's start: claims attempt `attempt` (pg-boss's retryCount, from 0) of a queued generation, or answers
     * null when it is settled, unknown, or already claimed for this attempt (a second delivery never renders it again).
     */
    async claim(generationId: string, attempt: number): Promise<Run | null> {
      const generation = await repo.claimGeneration(db, generationId, attempt + 1);
      return generation ? runOf(generation, generation.credits, Date.now()) : null;
    },

    /**
     * The user stops a queued or running generation: released and marked cancelled in one transaction (a worker still
     * running it finds it settled and keeps nothing). Answers the row, or undefined when it had already ended.
     */
    async cancel(generationId: string, userId: string): Promise<GenerationRow | undefined> {
      const cancelled = await db.transaction(async (tx) => {
        const row = await repo.lockUnsettled(tx, generationId, userId);
        if (!row) return undefined;
        if (row.holdId) await credits.releaseIn(tx, row.holdId);
        return repo.updateGeneration(tx, generationId, {
          status: 'cancelled',
          credits: '0',
          errorClass: 'cancelled',
          errorMessage: CANCELLED_MESSAGE,
          error: { code: 'CONFLICT', message: CANCELLED_MESSAGE },
          progress: null,
          completedAt: clock.now(),
        });
      });
      if (cancelled) deps.settled?.(generationId);
      return cancelled;
    },

    /** A failed attempt that will be retried: its outputs go, and the generation waits as pending for the next claim. */
    async requeue(run: Run): Promise<void> {
      await discard(run.outputs);
      await repo.updateGeneration(db, run.generation.id, { status: 'pending' });
    },

    /**
     * The sweep released this hold because its work outlived HOLD_TTL_MINUTES (the process died): the generation
     * it covered is closed as failed in the same transaction, so it does not show as processing forever.
     */
    async failAbandoned(tx: DbOrTx, holdId: string): Promise<string[]> {
      const errorMessage = 'The generation was interrupted before it finished. Nothing was charged; please try again.';
      return repo.failUnfinishedOfHold(tx, holdId, {
        errorClass: 'interrupted',
        errorMessage,
        error: { code: 'AI_PROVIDER_ERROR', message: errorMessage },
        completedAt: clock.now(),
      });
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
