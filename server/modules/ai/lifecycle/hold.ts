import { add, mul } from '../../../../contract/decimal.ts';
import { LOCAL_VARIANT, variantFor } from '../../../providers/ai/engine.ts';
import type { StoredFile } from '../../files/service.ts';
import { classifyFailure } from '../failure.ts';
import * as repo from '../repository.ts';
import type { Runs } from './runs.ts';
import type { LifecycleDeps, PaidWork, Run } from './types.ts';

/** The start of a generation: its price quoted and held, its inputs stored, its row recorded. */
export function createHold(deps: Pick<LifecycleDeps, 'db' | 'clock' | 'credits' | 'pricing' | 'files' | 'log'>, runs: Runs) {
  const { db, clock, credits, pricing, files } = deps;
  const { discard, runOf } = runs;

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

  /** What `work` would hold now (its price list rows), and whether that is the local engine's preview price. */
  async function priceOf(work: PaidWork): Promise<{ amount: string; preview: boolean }> {
    const variant = work.variant ?? variantFor(work.provider);
    return { amount: await quote(work, variant), preview: variant === LOCAL_VARIANT };
  }

  return { start, startClassified, priceOf };
}
