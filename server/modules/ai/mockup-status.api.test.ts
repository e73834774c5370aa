import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PREVIEW_NOTE, mockupJobStatus, mockupSubmittedResponse } from '../../../contract/ai.ts';
import { generationStatus } from '../../../contract/generations.ts';
import { createTestApp, createTestAppWithGemini, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data } from '../../test-support/envelope.ts';
import { makePng } from '../../test-support/media.ts';

/** Submits a one-style mockup and follows its status route until it has finished, as the page does. */
async function finishedMockup(t: TestApp, s: TestSession) {
  const res = await t.call('POST', '/api/ai/generate-image', {
    session: s,
    body: { toolName: 'mockup-generator', images: [(await makePng(200, 150)).toString('base64')], styles: ['coffee-mug'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  const jobId = data(res, mockupSubmittedResponse).job_id;
  for (let i = 0; i < 240; i++) {
    const status = data(await t.call('GET', `/api/ai/mockup-job-status?job_id=${jobId}`, { session: s }), mockupJobStatus);
    if (status.status === 'completed' || status.status === 'failed') return status;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the mockup job did not finish');
}

/** The same generation as the generations route answers it (the active-generations panel reads this one). */
const generationResult = async (t: TestApp, s: TestSession, id: string) =>
  data(await t.call('GET', `/api/generations/${id}`, { session: s }), generationStatus).result;

describe("a mockup job's status says whether its result is a preview, like every other tool's answer", () => {
  describe('with the local engine', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({}, { queue: true });
    });
    afterAll(() => t?.close());

    it('answers preview: true and the note at the start of its text, on both status routes', async () => {
      const s = await t.make.user();
      const status = await finishedMockup(t, s);
      expect(status.status).toBe('completed');
      expect(status.result).toMatchObject({ preview: true, text: expect.stringMatching(new RegExp(`^${LOCAL_PREVIEW_NOTE}\\.`)) });
      expect(status.result!.images.map((i) => i.style)).toEqual(['coffee-mug']);
      expect(await generationResult(t, s, status.job_id)).toEqual(status.result);
    });
  });

  describe('with an AI provider', () => {
    let t: TestApp;
    beforeAll(async () => {
      ({ t } = await createTestAppWithGemini({ AI_MOCKUP_PROVIDER: 'gemini', AI_TIMEOUT_MS: '5000' }, { queue: true }));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers preview: false and no note', async () => {
      const s = await t.make.user();
      const status = await finishedMockup(t, s);
      expect(status.status, status.error_message ?? '').toBe('completed');
      expect(status.result).toMatchObject({ preview: false, text: null });
      expect(await generationResult(t, s, status.job_id)).toEqual(status.result);
    });
  });
});
