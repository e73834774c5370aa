import type { ToolId } from '../../../contract/tools/definition.ts';
import { GENERATE_JOB, type ToolLifecycle, type ToolMaker } from './durable.ts';
import type { Lifecycle, PaidWork } from './lifecycle.ts';
import { MOCKUP_JOB, MOCKUP_TOOL } from './mockup-job.ts';
import type { GenerationRow } from './repository.ts';
import { SERVER_TOOLS } from './tools/index.ts';

/**
 * A batch's items on the durable path (issue 28). The batches module asks here what an item would cost (the tool's
 * own checks before its hold, and its quote, holding nothing), then holds each item as a queued generation whose
 * request is kept under the item's id, and hands it to `ai.generate` behind single generations and in its user's
 * group (at most BATCH_CONCURRENCY_PER_USER of them run at once, across every worker). The worker runs it like any
 * durable generation (durable.ts `runJob`), renewing its long hold when it starts.
 */

/** A batch item's hold covers its wait in the queue; a worker that starts it gives it its work's lifetime. */
export const BATCH_QUEUE_HOLD_MINUTES = 24 * 60;

/** What one item would be held: the tool's work, its price, and the engine that runs it. */
export interface ItemQuote {
  work: PaidWork;
  amount: string;
  preview: boolean;
}

const PROBED = Symbol('probed');
/** The mockup generator runs as its own job (mockup-job.ts), not on the durable path: its items go there. */
const MOCKUP_CALL = 'mockup';

export function createBatchRuns(deps: {
  lifecycle: Pick<Lifecycle, 'startClassified' | 'enqueue' | 'priceOf' | 'cancel'>;
  tools: Record<string, ToolMaker<never>>;
  /** A mockup request checked as the work it would hold (mockup-submit.ts). */
  mockupWork: (userId: string, request: never) => Promise<PaidWork>;
}) {
  const { lifecycle } = deps;

  /** What the use case of `call` would hold for `request`, holding nothing (its refusals thrown as to a single call). */
  async function workOf(call: string, userId: string, request: unknown): Promise<PaidWork> {
    if (call === MOCKUP_CALL) return deps.mockupWork(userId, request as never);
    let work: PaidWork | undefined;
    const probing: ToolLifecycle = {
      async generate(asked) {
        work = asked;
        throw PROBED;
      },
    };
    try {
      await deps.tools[call]!(probing)(userId, request as never);
    } catch (err) {
      if (err !== PROBED) throw err;
    }
    if (!work) throw new Error(`${call} finished without asking for a generation`);
    return work;
  }

  return {
    /** The name a tool's batch items run under: its durable call, or the mockup job; null for a tool without either. */
    callOf(tool: ToolId): string | null {
      if (tool === MOCKUP_TOOL) return MOCKUP_CALL;
      const durable = SERVER_TOOLS[tool].durable as { call: string } | null;
      return durable && typeof deps.tools[durable.call] === 'function' ? durable.call : null;
    },

    /**
     * Runs the tool's use case up to its hold with a lifecycle that holds nothing: its refusals (a bad image, no face)
     * are thrown as they would be to a single call; otherwise answers the work it would hold and its price.
     */
    async quote(call: string, userId: string, request: unknown): Promise<ItemQuote> {
      const work = await workOf(call, userId, request);
      return { work, ...(await lifecycle.priceOf(work)) };
    },

    /** Holds an item's price and records its generation, queued; its request is read from `inputKey`. */
    async hold(call: string, quoted: ItemQuote, link: { inputKey: string; batchId: string }): Promise<GenerationRow> {
      const { work } = quoted;
      const run = await lifecycle.startClassified({
        ...work,
        queued: true,
        holdTtlMinutes: BATCH_QUEUE_HOLD_MINUTES,
        // A durable item names its call (durable.ts runs it from its kept request); a mockup keeps its artwork as uploads.
        params: { ...work.params, ...(call === MOCKUP_CALL ? {} : { call }), input: link.inputKey, batch_id: link.batchId },
      });
      return run.generation;
    },

    /** Hands a held item to the workers: behind single generations, in its user's group (lifecycle/queue.ts). */
    async dispatch(generation: GenerationRow): Promise<void> {
      await lifecycle.enqueue({ generation }, generation.tool === MOCKUP_TOOL ? MOCKUP_JOB : GENERATE_JOB);
    },

    /** Releases a queued item's hold (its batch was cancelled, or refused after it was held). */
    cancel: (generationId: string, userId: string) => lifecycle.cancel(generationId, userId),
  };
}

export type BatchRuns = ReturnType<typeof createBatchRuns>;
