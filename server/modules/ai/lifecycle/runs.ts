import type { StoredFile } from '../../files/service.ts';
import * as repo from '../repository.ts';
import type { GenerationRow } from '../repository.ts';
import { Superseded, type LifecycleDeps, type Run } from './types.ts';

/** The outputs of a run: stored as it goes, discarded when it ends without them. */
export function createRuns(deps: Pick<LifecycleDeps, 'db' | 'files' | 'log'>) {
  const { db, files } = deps;

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

  return { discard, runOf };
}

export type Runs = ReturnType<typeof createRuns>;
