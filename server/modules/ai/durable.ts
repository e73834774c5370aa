import { normalize } from '../../../contract/decimal.ts';
import {
  GENERATION_MESSAGES,
  generationStatusUrl,
  type GenerationAccepted,
  type GenerationState,
  type GenerationReceipt,
  type GenerationStatus,
} from '../../../contract/generations.ts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { runsLocally } from '../../providers/ai/engine.ts';
import { ProviderError } from '../../providers/ai/types.ts';
import type { FilesService } from '../files/service.ts';
import { generationTitle, isBatchItem, isDurable, Superseded, type Lifecycle, type Run } from './lifecycle.ts';
import { receiptOf } from './receipt.ts';
import * as repo from './repository.ts';
import type { GenerationRow } from './repository.ts';

/**
 * Durable generations (issue 24): every image tool's and the caption's generation is a job owned by its generation
 * row, so no socket, proxy, reload or restarted web process can lose a result the user pays for.
 *
 * A tool's use case is written once, over `lifecycle.generate(work, produce, answer)`, and run twice:
 * - in the web process (`submit`) over a lifecycle whose `generate` quotes and holds the price, records the
 *   generation as pending, keeps the request in storage (`inputs/<id>.json`) and queues `ai.generate`; the tool's
 *   checks before the hold (a bad image, no face) answer at once as they always did;
 * - in a worker (`runJob`) over one whose `generate` resumes that generation: it runs `produce` within the engine's
 *   deadline and completes it, storing the tool's answer with the charge, or fails it (released).
 * The call waits up to GENERATION_WAIT_MS for the outcome: the tool's own answer, or 202 with the status URL.
 */

export const GENERATE_JOB = 'ai.generate';
/** A generation whose worker died runs once more; a second death is left to the hold sweep (released, failed). */
export const GENERATE_RETRY_LIMIT = 1;
/** How often a waiting call reads the row when no in-process signal comes (the worker is another process). */
const WAIT_POLL_MS = 400;
/** Unsettled generations the running list shows. */
const ACTIVE_LIMIT = 20;

/** The part of the lifecycle a tool's use case calls. */
export type ToolLifecycle = Pick<Lifecycle, 'generate'>;
/** A tool's use case made over a lifecycle. */
export type ToolMaker<Req = never, Ans extends object = object> = (lifecycle: ToolLifecycle) => (userId: string, request: Req) => Promise<Ans>;

export interface DurableSettings {
  /** How long the tool's call waits for the outcome before it answers 202 (GENERATION_WAIT_MS). */
  waitMs: number;
  /** An attempt with a provider fails as `timeout` after this (AI_TIMEOUT_MS). */
  providerTimeoutMs: number;
  /** An attempt on the local engine fails as `timeout` after this (LOCAL_ENGINE_TIMEOUT_MS). */
  localTimeoutMs: number;
  /** Generations one worker process runs at once (GENERATION_CONCURRENCY). */
  concurrency: number;
  /** A user's batch items that run at once across every worker (BATCH_CONCURRENCY_PER_USER). */
  batchConcurrencyPerUser: number;
}

export interface DurableDeps<Tools extends Record<string, ToolMaker<never>>> {
  db: Db;
  lifecycle: Pick<Lifecycle, 'startClassified' | 'enqueue' | 'claim' | 'complete' | 'fail' | 'cancel' | 'renewHold'>;
  files: Pick<FilesService, 'putInput' | 'readInput' | 'dropInput'>;
  tools: Tools;
  settings: DurableSettings;
  waiters: Waiters;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** What a tool's call answers: the tool's own answer (200), or the 202 of work that goes on. */
export type Submitted<A> = { status: 200; body: A } | { status: 202; body: GenerationAccepted };

/** In-process wake-ups for calls waiting on a generation (the lifecycle signals each settled one). */
export function createWaiters() {
  const waiting = new Map<string, Set<() => void>>();
  return {
    /** Resolves when `id` settles in this process, or after `ms`. */
    next(id: string, ms: number): Promise<void> {
      return new Promise((resolve) => {
        const set = waiting.get(id) ?? new Set();
        waiting.set(id, set);
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          if (set.size === 0) waiting.delete(id);
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, ms));
        set.add(done);
      });
    },
    wake(id: string): void {
      for (const done of [...(waiting.get(id) ?? [])]) done();
    },
  };
}
export type Waiters = ReturnType<typeof createWaiters>;

const QUEUED = Symbol('queued');
const UNSETTLED = new Set<GenerationRow['status']>(['pending', 'processing']);
const unsettled = (row: GenerationRow) => UNSETTLED.has(row.status);

/** The wire's name of a row's status: a pending generation waits in the queue. */
const stateOf = (row: GenerationRow): GenerationState => (row.status === 'pending' ? 'queued' : row.status);


/** The AppError a settled, unsuccessful generation answers: the one it failed with, as the synchronous call would. */
function errorOf(row: GenerationRow): AppError {
  if (row.status === 'cancelled') return conflict(GENERATION_MESSAGES.cancelled, { generation_id: row.id, status: 'cancelled' });
  const error = row.error ?? { code: 'AI_PROVIDER_ERROR', message: row.errorMessage ?? 'The generation failed. Nothing was charged.' };
  return new AppError(error.code as AppError['code'], error.message, { ...(error.details ?? {}), generation_id: row.id });
}

/** A generation as its status route answers it. */
export function statusOf(row: GenerationRow): GenerationStatus {
  const failed = row.status === 'failed' || row.status === 'cancelled';
  const error = failed ? errorOf(row) : null;
  return {
    generation_id: row.id,
    tool: row.tool,
    title: generationTitle(row),
    status: stateOf(row),
    progress: unsettled(row) ? row.progress : row.status === 'completed' ? 100 : null,
    provider: row.provider,
    credits: failed ? '0' : normalize(row.credits),
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    result: row.status === 'completed' ? (row.result ?? null) : null,
    error: error
      ? {
          code: error.code,
          message: error.message,
          error_class: typeof error.extra.error_class === 'string' ? error.extra.error_class : (row.errorClass ?? null),
          tip: typeof error.extra.tip === 'string' ? error.extra.tip : null,
        }
      : null,
  };
}

/**
 * Where a generation's request is kept: under its own id, or (a batch item: `params.input`) under its item's, which the
 * batch keeps for a retry and removes itself.
 */
const inputKeyOf = (row: GenerationRow): string => (typeof row.params.input === 'string' ? row.params.input : row.id);
const ownsInput = (row: GenerationRow) => inputKeyOf(row) === row.id;

const accepted = (row: GenerationRow): GenerationAccepted => ({
  generation_id: row.id,
  status: row.status === 'pending' ? 'queued' : 'processing',
  status_url: generationStatusUrl(row.id),
});

export function createDurable<Tools extends Record<string, ToolMaker<never>>>(deps: DurableDeps<Tools>) {
  const { db, lifecycle, files, settings, log } = deps;
  /** The runs this process is working on: a cancel made here stops its engine at once. */
  const live = new Map<string, Run>();

  /** How long one attempt may run: the engine's deadline. */
  const deadlineFor = (provider: string) => (runsLocally(provider) ? settings.localTimeoutMs : settings.providerTimeoutMs);

  /**
   * The hold outlives both attempts of a generation whose worker died (each up to its deadline, plus the time the
   * queue takes to see a dead worker), so the sweep never releases work still being done.
   */
  const holdMinutesFor = (provider: string): number => Math.ceil(((GENERATE_RETRY_LIMIT + 1) * deadlineFor(provider) + 2 * 60_000) / 60_000);

  /** The web process's `generate`: hold, keep the request, queue; the tool stops there. */
  async function queue(call: string, request: unknown, work: Parameters<ToolLifecycle['generate']>[0]): Promise<Run> {
    const run = await lifecycle.startClassified({ ...work, queued: true, holdTtlMinutes: holdMinutesFor(work.provider), params: { ...work.params, call } });
    try {
      await files.putInput(run.generation.id, Buffer.from(JSON.stringify(request)));
      await lifecycle.enqueue(run, GENERATE_JOB);
      return run;
    } catch (err) {
      log.error({ err, generation: run.generation.id }, 'could not queue a generation');
      await files.dropInput(run.generation.id);
      throw await lifecycle.fail(run, new AppError('SERVICE_UNAVAILABLE', 'The AI service is busy. Please try again in a minute; nothing was charged.'));
    }
  }

  /** Waits up to `ms` for the generation to settle; answers the row as it is then. */
  async function settleWithin(id: string, ms: number): Promise<GenerationRow | undefined> {
    const until = Date.now() + ms;
    let row = await repo.findGeneration(db, id);
    while (row && unsettled(row) && Date.now() < until) {
      await deps.waiters.next(id, Math.min(WAIT_POLL_MS, until - Date.now()));
      row = await repo.findGeneration(db, id);
    }
    return row;
  }

  /** The call's answer once the wait is over: the outcome, or (still running) the 202 and the generation detached. */
  async function outcome<A>(id: string): Promise<Submitted<A>> {
    let row = await settleWithin(id, settings.waitMs);
    if (!row) throw notFound(GENERATION_MESSAGES.notFound);
    if (unsettled(row)) {
      if (await repo.detach(db, id)) return { status: 202, body: accepted(row) };
      row = (await repo.findGeneration(db, id))!;
    }
    if (row.status === 'completed') return { status: 200, body: row.result as A };
    throw errorOf(row);
  }

  return {
    /**
     * A tool's call: the tool checks the request and holds its price (both answer at once when refused), the
     * generation is queued, and the call waits for its outcome (see `outcome`).
     */
    async submit<K extends keyof Tools & string>(
      call: K,
      userId: string,
      request: Parameters<ReturnType<Tools[K]>>[1],
    ): Promise<Submitted<Awaited<ReturnType<ReturnType<Tools[K]>>>>> {
      const holder: { run?: Run } = {};
      const queueing: ToolLifecycle = {
        async generate(work) {
          holder.run = await queue(call, request, work);
          throw QUEUED;
        },
      };
      try {
        await deps.tools[call]!(queueing)(userId, request as never);
      } catch (err) {
        if (err !== QUEUED) throw err;
      }
      if (!holder.run) throw new Error(`${call} finished without a generation`);
      return outcome(holder.run.generation.id);
    },

    /**
     * The worker's side (`ai.generate`): claims attempt `attempt` and runs the tool's use case again over a lifecycle
     * that resumes the queued generation. Safe to run twice: only the claiming worker runs it, and a settled
     * generation is left alone. A worker killed mid-way leaves it processing; the queue's retry claims it again.
     */
    async runJob(generationId: string, attempt: number): Promise<void> {
      const run = await lifecycle.claim(generationId, attempt, GENERATE_JOB);
      if (!run) {
        const row = await repo.findGeneration(db, generationId);
        if (!row || (!unsettled(row) && ownsInput(row))) await files.dropInput(generationId);
        return;
      }
      const { generation } = run;
      live.set(generationId, run);
      try {
        // A batch item's hold covered its wait in the queue: from now it lives as long as this work may take.
        if (isBatchItem(generation)) await lifecycle.renewHold(run, holdMinutesFor(generation.provider));
        const input = await files.readInput(inputKeyOf(generation));
        const make = typeof generation.params.call === 'string' ? deps.tools[generation.params.call] : undefined;
        if (!input || !make) throw new Error(`generation ${generationId}: its request or its tool (${String(generation.params.call)}) is missing`);
        const resuming: ToolLifecycle = {
          async generate(_work, produce, answer) {
            const produced = await withDeadline(produce(run), deadlineFor(generation.provider), run);
            const done = await lifecycle.complete(run, produced, answer);
            return answer({ ...done, result: produced });
          },
        };
        await make(resuming)(generation.userId, JSON.parse(input.toString('utf8')) as never);
      } catch (err) {
        // Cancelled meanwhile: released already, and its outputs are gone.
        if (!(err instanceof Superseded)) await lifecycle.fail(run, err);
      } finally {
        live.delete(generationId);
      }
      if (ownsInput(generation)) await files.dropInput(generationId);
    },

    /** GET /api/generations/:id */
    async status(userId: string, id: string): Promise<GenerationStatus> {
      const row = await repo.findUserGeneration(db, id, userId);
      if (!row) throw notFound(GENERATION_MESSAGES.notFound);
      return statusOf(row);
    },

    /** GET /api/generations/:id/receipt: what its ledger line paid for. */
    async receipt(userId: string, id: string): Promise<GenerationReceipt> {
      const row = await repo.findUserGeneration(db, id, userId);
      if (!row) throw notFound(GENERATION_MESSAGES.notFound);
      return receiptOf(row, statusOf(row));
    },

    /** GET /api/generations?active=true: the user's durable generations still queued or running. */
    async active(userId: string): Promise<GenerationStatus[]> {
      return (await repo.unsettledOf(db, userId, ACTIVE_LIMIT)).map(statusOf);
    },

    /** POST /api/generations/:id/cancel */
    async cancel(userId: string, id: string): Promise<GenerationStatus> {
      const row = await repo.findUserGeneration(db, id, userId);
      if (!row || !isDurable(row)) throw notFound(GENERATION_MESSAGES.notFound);
      const cancelled = await lifecycle.cancel(id, userId);
      if (!cancelled) throw conflict(GENERATION_MESSAGES.notCancellable, { status: stateOf((await repo.findGeneration(db, id))!) });
      // Run here: its engine stops now (in another worker, it finds the generation settled when it ends).
      live.get(id)?.close();
      if (ownsInput(cancelled)) await files.dropInput(id);
      return statusOf(cancelled);
    },

    /**
     * A repeat of a call that answered 202 (same Idempotency-Key): the generation's state now, as the call would
     * answer it: 202 while it runs, the tool's answer once completed, its error once failed or cancelled.
     */
    async replay(userId: string, firstAnswer: unknown): Promise<{ statusCode: number; response: unknown } | null> {
      const id = (firstAnswer as { data?: { generation_id?: unknown } } | null)?.data?.generation_id;
      if (typeof id !== 'string') return null;
      const row = await repo.findUserGeneration(db, id, userId);
      if (!row) return null;
      if (unsettled(row)) return { statusCode: 202, response: { success: true, data: accepted(row) } };
      if (row.status === 'completed') return { statusCode: 200, response: { success: true, data: row.result } };
      throw errorOf(row);
    },
  };
}

/**
 * Runs `work` within `ms`; past it the run is closed (what it stores later is deleted) and the attempt fails as the
 * engine's timeout, so the hold is released while the engine may still be busy.
 */
async function withDeadline<T>(work: Promise<T>, ms: number, run: Run): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const provider = run.generation.provider;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      run.close();
      reject(new ProviderError(provider, `${provider} did not finish within ${Math.round(ms / 1000)} s`, undefined, 'timeout'));
    }, ms);
  });
  // Whatever the engine does after the deadline is nobody's to handle.
  work.catch(() => {});
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export type Durable<Tools extends Record<string, ToolMaker<never>>> = ReturnType<typeof createDurable<Tools>>;
