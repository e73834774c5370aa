import { batchPagePath } from '../../../contract/batches.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobNotice } from '../../lib/job-notices.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { batchFinishedMail } from '../../providers/mail/templates.ts';
import { findUserById } from '../auth/repository.ts';
import type { FilesService } from '../files/service.ts';
import type { WebhooksService } from '../webhooks/service.ts';
import * as repo from './repository.ts';
import { toSummary, toItem } from './view.ts';

export interface FinishDeps {
  db: DbOrTx;
  clock: Clock;
  files: Pick<FilesService, 'dropInput'>;
  mailer: Mailer;
  /** The Telegram bot tells a linked user (lib/job-notices.ts). */
  notify: (notice: JobNotice) => void;
  /** The user's webhook endpoints get `batch.completed` with the batch as its status route answers it. */
  webhooks?: Pick<WebhooksService, 'emit'>;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void };
}

/** How long after its creation an unfinished batch is looked at by the sweep (its own items finish it before). */
const SWEEP_AFTER_MS = 60_000;

/**
 * The end of a batch: each settled item's kept request goes (a failed one's stays for a retry), and the batch whose
 * last item settled is marked finished once, then its user is told: in the app (the batch leaves the active list),
 * by mail, and in Telegram when linked. A worker that settles an item does this at once; the sweep catches what a
 * killed process left (an item settled by the hold sweep, a batch whose notice was not sent).
 */
export function createBatchFinish(deps: FinishDeps) {
  const { db, clock, files, log } = deps;

  async function tell(batch: repo.BatchRow): Promise<void> {
    const summary = toSummary(batch, (await repo.itemsOf(db, [batch.id])).map(toItem));
    const { done, failed, cancelled } = summary.counts;
    const path = batchPagePath(batch.id);
    deps.notify({
      userId: batch.userId,
      generationId: batch.id,
      tool: batch.tool,
      status: done > 0 ? 'completed' : 'failed',
      title: `${summary.title} (${done} of ${summary.total_items} done${failed + cancelled ? `, ${failed + cancelled} not charged` : ''})`,
      path,
      ...(done > 0 ? {} : { text: 'no image was done' }),
    });
    await deps.webhooks?.emit(batch.userId, 'batch.completed', summary);
    const user = await findUserById(db, batch.userId);
    if (!user) return;
    try {
      await deps.mailer.send(batchFinishedMail(user.email, { title: summary.title, done, failed, cancelled, charged: summary.charged, link: `${deps.publicUrl}${path}` }));
    } catch (err) {
      // The batch page shows the outcome either way.
      log.warn({ err, batchId: batch.id }, 'batch-finished mail not sent');
    }
  }

  async function finish(batchId: string): Promise<boolean> {
    const finished = await repo.finishIfSettled(db, batchId, clock.now());
    if (finished) await tell(finished);
    return !!finished;
  }

  return {
    /** A generation settled in this process: if it is a batch item, its input goes (unless failed) and its batch may end. */
    async onSettled(generationId: string): Promise<void> {
      const item = await repo.itemOfGeneration(db, generationId);
      if (!item) return;
      if (item.generation?.status !== 'failed') await files.dropInput(item.id);
      await finish(item.batchId);
    },

    /** The sweep: finishes batches whose items all settled without being told (older than a minute). */
    async sweep(): Promise<number> {
      let finished = 0;
      for (const batch of await repo.unfinishedBefore(db, new Date(clock.now().getTime() - SWEEP_AFTER_MS), 200)) {
        if (await finish(batch.id)) finished++;
      }
      return finished;
    },
  };
}

export type BatchFinish = ReturnType<typeof createBatchFinish>;
