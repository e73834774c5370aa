import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiEnginesResponse, generatedImageResponse } from '../../../contract/ai.ts';
import { creditBalanceResponse } from '../../../contract/credits.ts';
import { photoshootResponse } from '../../../contract/photoshoot.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import { OPENAI_OUTPUT_COLOR, startFakeOpenAi, type FakeOpenAi } from '../../test-support/fake-ai/openai.ts';

/**
 * With an OpenAI-compatible endpoint set, the thumbnail, headshot and photoshoot screens get the provider's results:
 * priced by the `standard` variant, not previews, each sent as an images/edits request with the tool's own prompt.
 */
const OPENAI_KEY = 'sk-test-openai-key';
const photo = (name: string) => readFileSync(new URL(`../../test-support/photos/${name}`, import.meta.url)).toString('base64');
const balance = async (t: TestApp, s: TestSession) => data(await t.call('GET', '/api/credits/balance', { session: s }), creditBalanceResponse).balance.balance;

let t: TestApp;
let openai: FakeOpenAi;
beforeAll(async () => {
  openai = await startFakeOpenAi();
  t = await createTestApp({ OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: openai.url, AI_IMAGE_PROVIDER: 'openai', AI_TIMEOUT_MS: '2000' });
});
afterAll(async () => {
  await t?.close();
  await openai?.close();
});

/** The provider's image, fitted to the tool's size: its pixels are the fake's colour. */
async function providerImage(s: TestSession, url: string, size: [number, number]) {
  const image = await sharp((await t.call('GET', url, { session: s })).rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([image.info.width, image.info.height]).toEqual(size);
  expect([...image.data.subarray(0, 3)]).toEqual([OPENAI_OUTPUT_COLOR.r, OPENAI_OUTPUT_COLOR.g, OPENAI_OUTPUT_COLOR.b]);
}

const lastEdit = () => openai.requests.filter((r) => r.path === '/v1/images/edits').at(-1)!;

describe('image tools with an OpenAI-compatible endpoint (fake server)', () => {
  it('names OpenAI as the engine of every image tool, priced by the standard variant', async () => {
    const s = await t.make.user();
    const tools = data(await t.call('GET', '/api/ai/engines', { session: s }), aiEnginesResponse).tools;
    for (const id of ['image-variator', 'thumbnail-generator', 'ai-headshot', 'ai-photoshoot']) {
      expect(tools[id], id).toMatchObject({ label: 'OpenAI', preview: false, variant: 'standard' });
    }
  });

  it('thumbnail: sends the frame and the style prompt with the text to letter, answers a 1280x720 result and charges 0.30', async () => {
    const s = await t.make.user();
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: s,
      body: { toolName: 'thumbnail-generator', imageData: photo('astronaut.jpg'), mimeType: 'image/jpeg', style: 'gaming-neon', thumbnailText: 'Level up' },
    });
    const out = data(res, generatedImageResponse);
    expect(out).toMatchObject({ provider: 'OpenAI', preview: false, credits_used: '0.3000' });
    expect(lastEdit().headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(lastEdit().fields.prompt?.[0]).toMatch(/Gaming Neon.*Level up/s);
    await providerImage(s, out.image, [1280, 720]);
    expect(await balance(t, s)).toBe('4.7000');
  });

  it('headshot: checks the face first, sends the square photo with the style and background, answers 1024x1024 and charges 0.50', async () => {
    const s = await t.make.user();
    const sent = openai.requests.length;
    const refused = await t.call('POST', '/api/ai/generate-image', { session: s, body: { toolName: 'ai-headshot', imageData: photo('coffee.jpg') } });
    expect(refused.statusCode).toBe(400);
    expect(openai.requests.length, 'a photo without a face never reaches the provider').toBe(sent);
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: s,
      body: { toolName: 'ai-headshot', imageData: photo('astronaut.jpg'), style: 'Vintage', background: 'office' },
    });
    const out = data(res, generatedImageResponse);
    expect(out).toMatchObject({ provider: 'OpenAI', preview: false, credits_used: '0.5000' });
    expect(lastEdit().fields.prompt?.[0]).toMatch(/Vintage/);
    expect(lastEdit().fields.prompt?.[0]).toMatch(/office/i);
    await providerImage(s, out.image, [1024, 1024]);
    expect(await balance(t, s)).toBe('4.5000');
  });

  it('photoshoot: sends every reference photo with what may change, one charge of 0.30 per call', async () => {
    const s = await t.make.user();
    const res = await t.call('POST', '/api/ai/generate-image-variation', {
      session: s,
      body: { images: [photo('astronaut.jpg'), photo('camera.jpg')], prompt: 'on a beach', changeOptions: ['Lighting'], variety: 'Subtle' },
    });
    const out = data(res, photoshootResponse);
    expect(out).toMatchObject({ provider: 'OpenAI', preview: false, credits_used: '0.3000' });
    const edit = lastEdit();
    expect(edit.fields.prompt?.[0]).toMatch(/on a beach/);
    expect(edit.fields.prompt?.[0]).toMatch(/Lighting|lighting/);
    expect((edit.files['image[]'] ?? edit.files.image ?? []).length, 'both reference photos are sent').toBe(2);
    expect(await balance(t, s)).toBe('4.7000');
  });

  it('a blocked request is classified as content policy, released, and charges nothing', async () => {
    const s = await t.make.user();
    openai.failNext('moderation_blocked');
    const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: { toolName: 'thumbnail-generator', imageData: photo('astronaut.jpg') } });
    expect(res.statusCode).toBe(422);
    expect(error(res)).toMatchObject({ code: 'AI_CONTENT_BLOCKED', error_class: 'content_policy' });
    expect(await balance(t, s)).toBe('5.0000');
    expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
  });
});
