import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PREVIEW_NOTE, mockupJobStatus, mockupSubmittedResponse } from '../../../contract/ai.ts';
import { creditHolds, files, generations } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import { makePng } from '../../test-support/media.ts';
import { BOTH_SHAPES } from './mockup-submit.ts';

const b64 = (buf: Buffer) => buf.toString('base64');

/** Polls a mockup job until it has finished, as the page does. */
async function waitForJob(t: TestApp, s: TestSession, jobId: string) {
  for (let i = 0; i < 240; i++) {
    const status = data(await t.call('GET', `/api/ai/mockup-job-status?job_id=${jobId}`, { session: s }), mockupJobStatus);
    if (status.status === 'completed' || status.status === 'failed') return status;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('job did not finish');
}

/**
 * The spec's call shape for a mockup (spec 2 §7): `imageData`, `mimeType`, `userPrompt` (or `prompt`) and
 * `toolName: "mockup-generator"` start a one-style job, its style named by the prompt, else custom.
 */
describe('mockups in the spec call shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { queue: true });
    // A price above zero, so "charges nothing" is something a wrong answer could break.
    await t.setPrice('mockup', 'local', '0.5');
  });
  afterAll(() => t?.close());

  const generationsOf = (s: TestSession) => t.database.db.select().from(generations).where(eq(generations.userId, s.userId));
  const outputsOf = async (s: TestSession) => (await t.database.db.select().from(files).where(eq(files.userId, s.userId))).filter((f) => f.entityType === 'generated_image');

  it('answers a job id; the job draws the style the prompt names, one image, and charges one style', async () => {
    const s = await t.make.user({ credits: '5' });
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: s,
      body: { toolName: 'mockup-generator', imageData: b64(await makePng(400, 300)), mimeType: 'image/png', userPrompt: 'Put my logo on a coffee mug' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { job_id: jobId, credits_held: held } = data(res, mockupSubmittedResponse);
    expect(held).toBe('0.5000');
    const status = await waitForJob(t, s, jobId);
    expect(status).toMatchObject({ status: 'completed', error_message: null, result: { credits_used: '0.5000' } });
    expect(status.result!.images).toHaveLength(1);
    expect(status.result!.images[0]!.style).toBe('coffee-mug');
    const png = (await t.call('GET', status.result!.image, { session: s })).rawPayload;
    expect(await sharp(png).metadata()).toMatchObject({ width: 1600, height: 900 });
    const [output] = await outputsOf(s);
    expect(output!.prompt).toBe(`Mockup: coffee mug. ${LOCAL_PREVIEW_NOTE}: a drawn template preview.`);
    expect(output!.metadata).toMatchObject({ style: 'coffee-mug', template: 'coffee-mug', preview: true });
    expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '4.5000', held: '0.0000' });
  });

  it('falls back to custom with the prompt as its description (`prompt` as well as `userPrompt`), never printed', async () => {
    const s = await t.make.user({ credits: '5' });
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: s,
      body: { toolName: 'mockup-generator', imageData: `data:image/png;base64,${b64(await makePng(300, 300))}`, prompt: 'Elegant, minimal, lots of air' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const status = await waitForJob(t, s, data(res, mockupSubmittedResponse).job_id);
    expect(status.result!.images.map((i) => i.style)).toEqual(['custom']);
    const [row] = await generationsOf(s);
    expect(row!.params).toMatchObject({ styles: ['custom'], customStyle: 'Elegant, minimal, lots of air' });
    const [output] = await outputsOf(s);
    expect(output!.prompt).toMatch(/^Mockup: custom, drawn as a neutral canvas print/);
  });

  it.each([
    ['text that is not base64', { imageData: 'this is not an image at all!' }, 400, 'imageData: must be base64 image data'],
    // What an upload of the same bytes answers: 415, the type is refused.
    ['base64 that is no image', { imageData: b64(Buffer.from('just some plain text, long enough to decode')) }, 415, 'Only PNG, JPG and WEBP images are accepted.'],
  ])('refuses %s (%i) and charges nothing', async (_name, body, code, message) => {
    const s = await t.make.user({ credits: '5' });
    const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: { toolName: 'mockup-generator', mimeType: 'image/png', userPrompt: 'a mug', ...body } });
    expect(res.statusCode, res.body).toBe(code);
    expect(error(res).message).toBe(message);
    expect(await t.database.db.select().from(creditHolds).where(eq(creditHolds.userId, s.userId))).toHaveLength(0);
    expect(await generationsOf(s)).toHaveLength(0);
    expect(await t.app.services.credits.audit(s.userId)).toMatchObject({ balance: '5.0000', held: '0.0000' });
  });

  it('refuses a body that mixes both shapes, before any hold', async () => {
    const s = await t.make.user({ credits: '5' });
    const png = b64(await makePng(64, 64));
    const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: { toolName: 'mockup-generator', imageData: png, images: [png], styles: ['poster'] } });
    expect(res.statusCode).toBe(400);
    expect(error(res).message).toBe(BOTH_SHAPES);
    expect(await generationsOf(s)).toHaveLength(0);
  });
});
