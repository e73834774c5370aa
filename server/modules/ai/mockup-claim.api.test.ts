import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockupSubmittedResponse } from '../../../contract/ai.ts';
import { files, generations } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data } from '../../test-support/envelope.ts';
import { makePng } from '../../test-support/media.ts';

/**
 * Only the worker that claims an attempt of a mockup job renders it. pg-boss may hand one job to two workers (a
 * second delivery, a worker thought dead that is not): both must not draw, store and record the same styles.
 */
describe('a mockup job attempt is claimed by one worker', () => {
  let t: TestApp;
  let s: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    // No queue runs here: the jobs are run by hand, as workers would run them.
    t.holdJobs();
    // The local engine's price is seeded 0; a price above it shows whether a job is charged once or twice.
    await t.setPrice('mockup', 'local', '0.5');
    s = await t.make.user({ credits: '5' });
  });
  afterAll(() => t?.close());

  async function submit(styles: string[]): Promise<string> {
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: s,
      body: { toolName: 'mockup-generator', images: [(await makePng(160, 120)).toString('base64')], styles },
    });
    expect(res.statusCode, res.body).toBe(200);
    return data(res, mockupSubmittedResponse).job_id;
  }

  const generation = async (id: string) => (await t.database.db.select().from(generations).where(eq(generations.id, id)))[0]!;
  const outputs = () => t.database.db.select().from(files).where(and(eq(files.userId, s.userId), eq(files.entityType, 'generated_image')));

  it('renders, records and charges once when two workers run the same attempt at the same time', async () => {
    const jobId = await submit(['poster', 'coffee-mug']);
    await Promise.all([t.app.services.ai.runMockupJob(jobId, 0), t.app.services.ai.runMockupJob(jobId, 0)]);
    const row = await generation(jobId);
    expect(row).toMatchObject({ status: 'completed', attempts: 1, credits: '1.0000' });
    expect(row.outputFileIds).toHaveLength(2);
    expect((await outputs()).map((f) => f.id).sort()).toEqual([...row.outputFileIds].sort());
    // Charged once: 5 less two styles at 0.50, one ledger line.
    expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '4.0000', ledgerSum: '4.0000', held: '0.0000', openHolds: '0.0000' });
    // A settled job delivered again is left alone.
    await t.app.services.ai.runMockupJob(jobId, 1);
    expect(await generation(jobId)).toMatchObject({ status: 'completed', attempts: 1 });
    expect(await outputs()).toHaveLength(2);
  });

  it('lets the next attempt take over from a worker that died mid-attempt, but not a second delivery of the dead one', async () => {
    const jobId = await submit(['billboard']);
    const already = (await outputs()).length;
    // What a worker killed while rendering attempt 0 leaves: the generation claimed, processing, nothing recorded.
    await t.database.db.update(generations).set({ status: 'processing', attempts: 1 }).where(eq(generations.id, jobId));
    await t.app.services.ai.runMockupJob(jobId, 0);
    expect(await generation(jobId)).toMatchObject({ status: 'processing', attempts: 1, outputFileIds: [] });
    expect(await outputs()).toHaveLength(already);
    await t.app.services.ai.runMockupJob(jobId, 1);
    const row = await generation(jobId);
    expect(row).toMatchObject({ status: 'completed', attempts: 2 });
    expect(row.outputFileIds).toHaveLength(1);
    expect(await outputs()).toHaveLength(already + 1);
    expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '3.5000', held: '0.0000' });
  });
});
