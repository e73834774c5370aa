import type { DbOrTx } from '../../../db/client.ts';
import type { AppError } from '../../../lib/errors.ts';
import type { JobNotice } from '../../../lib/job-notices.ts';
import { LOCAL_VARIANT } from '../../../providers/ai/engine.ts';
import { ProviderError } from '../../../providers/ai/types.ts';
import type { FileRow } from '../../files/repository.ts';
import { classifyFailure, costColumns, describeFix, failedMessage } from '../failure.ts';
import * as repo from '../repository.ts';
import type { GenerationRow } from '../repository.ts';
import { generationTitle, isBatchItem, isDurable } from './answers.ts';
import type { Runs } from './runs.ts';
import { Superseded, type Answer, type Completed, type LifecycleDeps, type LowBalance, type Produced, type Run } from './types.ts';

/** The web page where a tool's results are found, for a job's notice. */
const RESULT_PATHS: Record<string, string> = { 'mockup-generator': '/gallery' };

/**
 * The end of a generation: `complete` charges it and records its outputs, `fail` releases its hold and records why;
 * either way in one transaction, then the waiting calls wake and a queued job's user is told.
 */
export function createSettle(
  deps: Pick<LifecycleDeps, 'db' | 'clock' | 'credits' | 'files' | 'log' | 'notify' | 'settled' | 'outcome' | 'lowBalance'>,
  runs: Pick<Runs, 'discard'>,
) {
  const { db, clock, credits, files } = deps;
  const { discard } = runs;

  /** A queued generation's outcome, told after it committed (a job has a job id; a tool answering at once has none). */
  function notice(generation: GenerationRow, status: JobNotice['status'], extra: Produced['notice'] = {}): void {
    if (!generation.jobId || !deps.notify) return;
    // A durable generation whose call still waited got its answer on the page: only one the call left is told.
    if (isDurable(generation) && !generation.detached) return;
    // A batch's item: its batch is told once, when it ends (batches/finish.ts).
    if (isBatchItem(generation)) return;
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
    let done: Completed & { lowBalance: LowBalance | null };
    try {
      done = await settle(run, produced, processingTimeMs, answer);
    } catch (err) {
      if (err instanceof Superseded) await discard(run.outputs);
      throw err;
    }
    run.close();
    deps.settled?.(run.generation.id);
    deps.outcome?.(done.generation);
    if (done.lowBalance) deps.lowBalance?.({ userId: done.generation.userId, ...done.lowBalance });
    notice(done.generation, 'completed', produced.notice);
    return done;
  }

  function settle<T extends Produced>(run: Run, produced: T, processingTimeMs: number, answer?: Answer<T, object>): Promise<Completed & { lowBalance: LowBalance | null }> {
    // The charge, the record of what it paid for and the outputs' gallery rows commit together, or none does.
    return db.transaction(async (tx) => {
      // The row first (the same order as cancel: generation, hold, account): a cancelled generation is not charged.
      if (!(await repo.lockUnsettled(tx, run.generation.id))) throw new Superseded(run.generation.id);
      const { charged, lowBalance } = await credits.captureIn(tx, run.holdId, { generationType: run.generation.serviceType, amount: produced.amount });
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
      if (!answer) return { ...done, lowBalance };
      const result = answer({ ...done, result: produced }) as Record<string, unknown>;
      return { ...done, lowBalance, generation: (await repo.updateGeneration(tx, run.generation.id, { result }))! };
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
    if (failed) {
      deps.outcome?.(failed);
      notice(failed, 'failed', { text: failed.errorMessage ?? failure.error.message, ...options.notice });
    }
    return failure.error;
  }

  return { complete, fail };
}
