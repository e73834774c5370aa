import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTION_LENGTHS, CAPTION_PLATFORMS, captionResponse, HASHTAG_COUNT } from '../../../contract/captions.ts';
import { creditBalanceResponse } from '../../../contract/credits.ts';
import { contentItemSchema } from '../../../contract/files.ts';
import { contentItems, generations } from '../../db/schema/index.ts';
import { createTestApp, createTestAppWithGemini, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import type { FakeGemini } from '../../test-support/fake-ai/gemini.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test-support/fake-ai/openai.ts';
import { geminiGenerateContentBody, jsonOf, openAiChatBody } from '../../test-support/fake-ai/request-bodies.ts';
import { makePng } from '../../test-support/media.ts';

const b64 = (buf: Buffer) => buf.toString('base64');
const coffee = b64(readFileSync(new URL('../../test-support/photos/coffee.jpg', import.meta.url)));
const balance = async (t: TestApp, s: TestSession) => data(await t.call('GET', '/api/credits/balance', { session: s }), creditBalanceResponse).balance.balance;
const generate = (t: TestApp, s: TestSession, body: object) => t.call('POST', '/api/ai/generate-caption', { session: s, body });
const contentsOf = (t: TestApp, s: TestSession) => t.database.db.select().from(contentItems).where(eq(contentItems.userId, s.userId));

function expectHashtags(hashtags: string[]) {
  expect(hashtags.length).toBeGreaterThanOrEqual(HASHTAG_COUNT.min);
  expect(hashtags.length).toBeLessThanOrEqual(HASHTAG_COUNT.max);
  for (const tag of hashtags) expect(tag).toMatch(/^[\p{L}\p{N}_]+$/u);
}

describe('caption generator on the local engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('writes a free preview caption with 5-7 hashtags (the creator’s among them) and saves it as a content item the owner can open', async () => {
    const s = await t.make.user();
    const res = await generate(t, s, {
      imageData: coffee,
      mimeType: 'image/jpeg',
      prompt: '',
      platform: 'LinkedIn',
      tone: 'Professional',
      language: 'English',
      length: 'Long',
      context: 'Our new studio espresso bar',
      additionalHashtags: ['studiolife', 'espresso'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = data(res, captionResponse);
    expect(out).toMatchObject({ provider: 'Local engine', preview: true, credits_used: '0.0000' });
    expect(JSON.parse(out.text)).toEqual({ caption: out.caption, hashtags: out.hashtags });
    expect(out.caption).not.toContain('Preview');
    expect(out.caption).toContain('Our new studio espresso bar.');
    expectHashtags(out.hashtags);
    expect(out.hashtags.slice(0, 2)).toEqual(['studiolife', 'espresso']);
    expect(await balance(t, s)).toBe('5.0000');

    const item = data(await t.call('GET', `/api/content/${out.content_id}`, { session: s }), contentItemSchema);
    expect(item).toMatchObject({ is_owner: true, content_type: 'caption', language: 'English', tone: 'Professional' });
    expect(item.content).toBe(`${out.caption}\n\n${out.hashtags.map((h) => `#${h}`).join(' ')}`);
    expect(out.caption.replace(/\s+/g, ' ').startsWith(item.title.replace(/…$/, ''))).toBe(true);
    expect(item.title.length).toBeLessThanOrEqual(61);
    // Private by default: another user cannot read it.
    const other = await t.make.user();
    expect((await t.call('GET', `/api/content/${out.content_id}`, { session: other })).statusCode).toBe(404);

    const [generation] = await t.database.db.select().from(generations).where(eq(generations.id, out.generation_id));
    expect(generation).toMatchObject({ status: 'completed', tool: 'caption-generator', serviceVariant: 'local', provider: 'Local engine' });
  });

  it('names what it sees in coffee.jpg: a colour of it at least, and the cup only as a hedge', async () => {
    const s = await t.make.user();
    const out = data(await generate(t, s, { imageData: coffee, length: 'Very Long' }), captionResponse);
    expect(out.caption).toMatch(/\b(brown|orange|red|black)\b/i);
    expect(out.caption).not.toMatch(/\bThis is an? /);
    if (/cup/.test(out.caption)) expect(out.caption).toMatch(/might be a cup/);
  });

  it('changes the caption with each platform and each length', async () => {
    const s = await t.make.user();
    const png = b64(await makePng(64, 48));
    const byPlatform = new Set<string>();
    for (const platform of CAPTION_PLATFORMS) byPlatform.add(data(await generate(t, s, { imageData: png, platform }), captionResponse).caption);
    expect(byPlatform.size).toBe(CAPTION_PLATFORMS.length);
    const lengths: number[] = [];
    for (const length of CAPTION_LENGTHS) lengths.push(data(await generate(t, s, { imageData: png, length }), captionResponse).caption.length);
    for (let i = 1; i < lengths.length; i++) expect(lengths[i]!).toBeGreaterThan(lengths[i - 1]!);
  });

  it('a Spanish caption leaves an English context out and tags no filler word (issue 26: it repeated the English, #tiny)', async () => {
    const s = await t.make.user();
    const english = 'A tiny cup of coffee on the table';
    const out = data(await generate(t, s, { imageData: coffee, language: 'Spanish', tone: 'Friendly', length: 'Very Long', context: english }), captionResponse);
    expect(out.caption).not.toContain(english);
    expect(out.caption).not.toMatch(/\b(the|tiny|cup|might|tones)\b/i);
    expect(out.caption).toContain('¡Hoy comparto contigo un pequeño momento!');
    expectHashtags(out.hashtags);
    expect(out.hashtags).not.toContain('tiny');
    expect(out.hashtags).not.toContain('cup');
    // Written in Spanish, the context is the creator's own sentence, kept.
    const spanish = data(await generate(t, s, { imageData: coffee, language: 'Spanish', context: 'Una taza de café en la mesa' }), captionResponse);
    expect(spanish.caption).toContain('Una taza de café en la mesa.');
    expect(spanish.hashtags).toContain('mesa');
  });

  it('takes the spec’s bare body {imageData, mimeType, prompt}, the prompt as context', async () => {
    const s = await t.make.user();
    const out = data(await generate(t, s, { imageData: b64(await makePng(64, 64)), mimeType: 'image/png', prompt: 'Sunday market finds' }), captionResponse);
    expect(out.caption).toContain('Sunday market finds.');
    expectHashtags(out.hashtags);
    const [item] = await contentsOf(t, s);
    expect(item).toMatchObject({ language: 'English', tone: 'Friendly' });
  });

  it.each([
    ['no image', { prompt: 'x' }],
    ['an empty image', { imageData: '' }],
    ['text that is not base64', { imageData: '<html>not an image</html>' }],
    ['an unknown platform', { imageData: coffee, platform: 'MySpace' }],
    ['an unknown language', { imageData: coffee, language: 'Klingon' }],
    ['an unknown field', { imageData: coffee, admin: true }],
  ])('refuses %s with a 400 and charges and keeps nothing', async (_label, body) => {
    const s = await t.make.user();
    const res = await generate(t, s, body);
    expect(res.statusCode).toBe(400);
    expect(error(res).message).toEqual(expect.any(String));
    expect(await balance(t, s)).toBe('5.0000');
    expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
    expect(await contentsOf(t, s)).toHaveLength(0);
  });

  it('needs a session', async () => {
    expect((await t.call('POST', '/api/ai/generate-caption', { body: { imageData: coffee } })).statusCode).toBe(401);
  });

  describe('priced by the admin', () => {
    beforeAll(() => t.setPrice('caption', 'local', '0.5'));
    afterAll(() => t.setPrice('caption', 'local', '0'));

    it('charges the local price, and answers 402 with the three figures when the balance is short', async () => {
      const s = await t.make.user();
      const out = data(await generate(t, s, { imageData: coffee }), captionResponse);
      expect(out).toMatchObject({ credits_used: '0.5000', preview: true });
      expect(await balance(t, s)).toBe('4.5000');

      const poor = await t.make.user({ credits: '0.1' });
      const res = await generate(t, poor, { imageData: coffee });
      expect(res.statusCode).toBe(402);
      expect(error(res)).toMatchObject({ code: 'INSUFFICIENT_CREDITS', required_credits: '0.5000', available_credits: '0.1000', deficit: '0.4000' });
      expect(await balance(t, poor)).toBe('0.1000');
      expect(await contentsOf(t, poor)).toHaveLength(0);
    });
  });
});

describe('caption generator with Gemini (fake server)', () => {
  let t: TestApp;
  let gemini: FakeGemini;
  beforeAll(async () => {
    ({ t, gemini } = await createTestAppWithGemini({ AI_TIMEOUT_MS: '2000' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the image and the prompt, reads the JSON answer from a code fence and charges the standard price', async () => {
    const s = await t.make.user();
    gemini.setText('Here you go:\n```json\n{"caption": "Espresso o\'clock at the studio.", "hashtags": ["#espresso", "coffee", "studio", "morning", "barista"]}\n```');
    gemini.requests.length = 0;
    const res = await generate(t, s, { imageData: coffee, platform: 'Instagram', tone: 'Witty', language: 'Spanish', context: 'new espresso bar', additionalHashtags: ['latteart'] });
    expect(res.statusCode, res.body).toBe(200);
    const out = data(res, captionResponse);
    expect(out).toMatchObject({ provider: 'Gemini', preview: false, credits_used: '0.0500', caption: "Espresso o'clock at the studio." });
    expect(out.hashtags).toEqual(['latteart', 'espresso', 'coffee', 'studio', 'morning', 'barista']);
    const parts = jsonOf(gemini.requests.find((r) => r.path.includes(':generateContent'))!, geminiGenerateContentBody).contents[0]!.parts;
    const prompt = parts.map((p) => p.text ?? '').join(' ');
    expect(prompt).toMatch(/Instagram/);
    expect(prompt).toMatch(/Tone: Witty/);
    expect(prompt).toMatch(/in Spanish/);
    expect(prompt).toMatch(/new espresso bar/);
    expect(prompt).toMatch(/latteart/);
    const inline = parts.map((p) => p.inline_data ?? p.inlineData).find(Boolean)!;
    expect(inline.mime_type ?? inline.mimeType).toBe('image/jpeg');
    expect(Buffer.from(inline.data, 'base64').length).toBeGreaterThan(1000);
    expect(await balance(t, s)).toBe('4.9500');
    expect((await contentsOf(t, s))[0]).toMatchObject({ language: 'Spanish', tone: 'Witty' });
  });

  it('falls back to the raw text with its #words, topped up to 5 hashtags', async () => {
    const s = await t.make.user();
    gemini.setText('A quiet cup before the day starts. #coffee #calm');
    const out = data(await generate(t, s, { imageData: coffee, context: 'slow mornings matter' }), captionResponse);
    expect(out.caption).toBe('A quiet cup before the day starts.');
    expect(out.hashtags.slice(0, 2)).toEqual(['coffee', 'calm']);
    expectHashtags(out.hashtags);
  });

  it.each([
    ['rate_limit', 429, 'rate_limit'],
    ['safety', 422, 'content_policy'],
    ['server', 502, 'server'],
  ] as const)('classifies a %s failure, releases the hold and keeps no content item', async (failure, status, errorClass) => {
    const s = await t.make.user();
    gemini.failNext(failure);
    const res = await generate(t, s, { imageData: coffee });
    expect(res.statusCode).toBe(status);
    expect(error(res)).toMatchObject({ error_class: errorClass });
    expect(await balance(t, s)).toBe('5.0000');
    expect((await t.app.services.credits.audit(s.userId)).held).toBe('0.0000');
    expect(await contentsOf(t, s)).toHaveLength(0);
    const [generation] = await t.database.db.select().from(generations).where(eq(generations.userId, s.userId));
    expect(generation).toMatchObject({ status: 'failed', errorClass });
  });
});

describe('caption generator with an OpenAI-compatible endpoint (fake server)', () => {
  let t: TestApp;
  let openai: FakeOpenAi;
  beforeAll(async () => {
    openai = await startFakeOpenAi();
    t = await createTestApp({ OPENAI_API_KEY: 'sk-test-openai-key', OPENAI_BASE_URL: openai.url, AI_IMAGE_PROVIDER: 'openai', AI_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await t?.close();
    await openai?.close();
  });

  it('sends the image as a data URL with the prompt and reads plain JSON', async () => {
    const s = await t.make.user();
    openai.setChatText('{"caption": "Made for sharing.", "hashtags": ["share", "coffee", "studio", "daily", "craft", "team", "extra", "toomany"]}');
    const res = await generate(t, s, { imageData: coffee, platform: 'X (Twitter)', length: 'Short' });
    expect(res.statusCode, res.body).toBe(200);
    const out = data(res, captionResponse);
    expect(out).toMatchObject({ provider: 'OpenAI', preview: false, caption: 'Made for sharing.' });
    expect(out.hashtags).toEqual(['share', 'coffee', 'studio', 'daily', 'craft', 'team', 'extra']);
    const body = jsonOf(openai.requests.find((r) => r.path === '/v1/chat/completions')!, openAiChatBody);
    const content = body.messages[0]!.content;
    if (typeof content === 'string') throw new Error('expected parts');
    expect(content.find((p) => p.type === 'text')!.text).toMatch(/X \(Twitter\).*280/);
    expect(content.find((p) => p.type === 'image_url')!.image_url!.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });

  it('answers a refusal as a classified failure and charges nothing', async () => {
    const s = await t.make.user();
    openai.failNext('refusal');
    const res = await generate(t, s, { imageData: coffee });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(error(res).error_class).toEqual(expect.any(String));
    expect(await balance(t, s)).toBe('5.0000');
    expect(await contentsOf(t, s)).toHaveLength(0);
  });
});
