import { createAbandon } from './lifecycle/abandon.ts';
import { createHold } from './lifecycle/hold.ts';
import { createQueue } from './lifecycle/queue.ts';
import { createRuns } from './lifecycle/runs.ts';
import { createSettle } from './lifecycle/settle.ts';
import type { Answer, Completed, LifecycleDeps, PaidWork, Produced, Run } from './lifecycle/types.ts';

export { fileUrl, generationTitle, imageAnswer, isBatchItem, isDurable } from './lifecycle/answers.ts';
export { Superseded, type Answer, type Completed, type LifecycleDeps, type PaidWork, type Produced, type Run } from './lifecycle/types.ts';

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
  const runs = createRuns(deps);
  const { start, startClassified, priceOf } = createHold(deps, runs);
  const { complete, fail } = createSettle(deps, runs);

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

  return {
    start,
    startClassified,
    priceOf,
    complete,
    fail,
    discard: runs.discard,

    /**
     * A tool's generation: start → produce → complete, or fail, answering the tool's answer. This is the seam that
     * makes generations durable (durable.ts): the web process runs the tool over a lifecycle whose `generate` holds
     * and queues, the worker over one whose `generate` resumes the queued generation and stores the answer.
     */
    async generate<T extends Produced, A extends object>(work: PaidWork, produce: (run: Run) => Promise<T>, answer: Answer<T, A>): Promise<A> {
      return answer(await run(work, produce));
    },

    run,
    ...createQueue(deps, runs),
    ...createAbandon(deps),
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
