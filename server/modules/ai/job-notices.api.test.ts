import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockupSubmittedResponse } from '../../../contract/ai.ts';
import { files } from '../../db/schema/index.ts';
import type { JobNotice } from '../../lib/job-notices.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data } from '../../test-support/envelope.ts';
import { makePng } from '../../test-support/media.ts';

/**
 * A queued job tells its user when it is done (the Telegram bot delivers it): once, after the outcome committed,
 * for the job's own user, completed or failed. A tool that answers at once tells nothing (the page shows it).
 */
describe('job notices', () => {
  let t: TestApp;
  let s: TestSession;
  const heard: JobNotice[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    // Mockup jobs are run by hand here; generations run in the queue as always.
    t.holdJobs();
    t.app.services.notices.subscribe(async (notice) => void heard.push(notice));
    s = await t.make.user({ credits: '5' });
  });
  afterAll(() => t?.close());

  async function submitMockup(): Promise<string> {
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: s,
      body: { toolName: 'mockup-generator', images: [(await makePng(160, 120)).toString('base64')], styles: ['poster'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return data(res, mockupSubmittedResponse).job_id;
  }

  it('tells the user once when a queued mockup completes, with where to find it', async () => {
    heard.length = 0;
    const jobId = await submitMockup();
    expect(heard).toEqual([]);
    await t.app.services.ai.runMockupJob(jobId, 0);
    // A second delivery of the settled job tells nothing more.
    await t.app.services.ai.runMockupJob(jobId, 0);
    await t.app.services.notices.settled();
    expect(heard).toEqual([
      { userId: s.userId, generationId: jobId, tool: 'mockup-generator', status: 'completed', title: 'Mockup Generator', path: '/gallery' },
    ]);
  });

  it('tells the user when the job fails for good, with the reason, and not on the attempt that will be retried', async () => {
    heard.length = 0;
    const jobId = await submitMockup();
    // The artwork is gone: both attempts fail.
    await t.database.db.delete(files).where(eq(files.userId, s.userId));
    await expect(t.app.services.ai.runMockupJob(jobId, 0)).rejects.toThrow();
    await t.app.services.notices.settled();
    expect(heard).toEqual([]);
    await t.app.services.ai.runMockupJob(jobId, 1);
    await t.app.services.notices.settled();
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ userId: s.userId, generationId: jobId, status: 'failed', title: 'Mockup Generator' });
    expect(heard[0]!.text).toMatch(/mockup could not be made/i);
  });

  it('tells nothing for a tool that answers at once', async () => {
    heard.length = 0;
    const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: { imageData: (await makePng(64, 64)).toString('base64'), userPrompt: 'black and white' } });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.services.notices.settled();
    expect(heard).toEqual([]);
  });

  it('a listener that throws does not fail the job', async () => {
    const t2 = await createTestApp();
    try {
      t2.app.services.jobs.bind({ send: async () => 'job-by-hand' });
      t2.app.services.notices.subscribe(async () => {
        throw new Error('chat unreachable');
      });
      const u = await t2.make.user({ credits: '5' });
      const res = await t2.call('POST', '/api/ai/generate-image', {
        session: u,
        body: { toolName: 'mockup-generator', images: [(await makePng(160, 120)).toString('base64')], styles: ['poster'] },
      });
      const jobId = data(res, mockupSubmittedResponse).job_id;
      await t2.app.services.ai.runMockupJob(jobId, 0);
      await t2.app.services.notices.settled();
      expect(await t2.app.services.ai.mockupStatus(u.userId, jobId)).toMatchObject({ status: 'completed' });
    } finally {
      await t2.close();
    }
  });
});
