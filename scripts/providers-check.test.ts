import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';
import { startFakeDeepgram, type FakeDeepgram } from '../server/test-support/fake-ai/deepgram.ts';
import { startFakeGemini, type FakeGemini } from '../server/test-support/fake-ai/gemini.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../server/test-support/fake-ai/openai.ts';
import { startFakeReplicate, type FakeReplicate } from '../server/test-support/fake-ai/replicate.ts';
import { checkProviders, toneWav } from './providers-check.ts';

/** `npm run providers:check` against local servers that speak each provider's wire format. */
describe('providers:check', () => {
  let gemini: FakeGemini;
  let openai: FakeOpenAi;
  let replicate: FakeReplicate;
  let deepgram: FakeDeepgram;
  beforeAll(async () => {
    [gemini, openai, replicate, deepgram] = await Promise.all([startFakeGemini(), startFakeOpenAi(), startFakeReplicate(), startFakeDeepgram()]);
  });
  afterAll(() => Promise.all([gemini.close(), openai.close(), replicate.close(), deepgram.close()]));

  const env = (extra: Record<string, string> = {}) => ({
    GEMINI_API_KEY: gemini.apiKey,
    GEMINI_BASE_URL: gemini.url,
    OPENAI_API_KEY: openai.apiKey,
    OPENAI_BASE_URL: openai.url,
    REPLICATE_API_TOKEN: replicate.apiKey,
    REPLICATE_BASE_URL: replicate.url,
    DEEPGRAM_API_KEY: deepgram.apiKey,
    DEEPGRAM_BASE_URL: deepgram.url,
    AI_MAX_RETRIES: '0',
    ...extra,
  });
  async function run(vars: Record<string, string>): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const code = await checkProviders(loadConfig(vars), (line) => lines.push(line));
    return { code, lines };
  }

  it('without keys says that no provider is configured, and succeeds', async () => {
    const { code, lines } = await run({});
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/No AI provider is configured: set GEMINI_API_KEY, OPENAI_API_KEY, REPLICATE_API_TOKEN or DEEPGRAM_API_KEY/);
  });

  it('makes one call per configured provider and model, through the adapters, and says each worked', async () => {
    const before = { gemini: gemini.requests.length, openai: openai.requests.length, replicate: replicate.requests.length, deepgram: deepgram.requests.length };
    const { code, lines } = await run(env());
    expect(code, lines.join('\n')).toBe(0);
    const rows = lines.filter((l) => / ok \(/.test(l));
    expect(rows.map((l) => l.split(/\s{2,}/).slice(0, 2).join(' / '))).toEqual([
      'Gemini / image edit',
      'Gemini / text',
      'OpenAI / image edit',
      'OpenAI / text',
      'OpenAI / transcription',
      'Replicate / upscale 2x',
      'Deepgram / transcription',
    ]);
    expect(lines.at(-1)).toBe('All 7 calls worked.');
    // Each line names the model it tried: the adapter's default where the setting is unset.
    expect(rows[0]).toContain('GEMINI_IMAGE_MODEL=gemini-3.1-flash-image');
    expect(rows[6]).toContain('DEEPGRAM_MODEL=nova-3');
    // Each provider was really called: two Gemini models, three OpenAI ones, one upscale, one transcription.
    expect(gemini.requests.length - before.gemini).toBe(2);
    expect(openai.requests.slice(before.openai).map((r) => r.path)).toEqual(['/v1/images/edits', '/v1/chat/completions', '/v1/audio/transcriptions']);
    expect(replicate.requests.length - before.replicate).toBeGreaterThanOrEqual(1);
    expect(deepgram.requests.length - before.deepgram).toBe(1);
  });

  it('names the setting to change when a model is retired, and fails', async () => {
    const { code, lines } = await run(env({ OPENAI_IMAGE_MODEL: 'gpt-image-1', GEMINI_API_KEY: '', REPLICATE_API_TOKEN: '', DEEPGRAM_API_KEY: '' }));
    expect(code).toBe(1);
    const image = lines.find((l) => l.startsWith('OpenAI') && l.includes('image edit'))!;
    expect(image).toContain('OPENAI_IMAGE_MODEL=gpt-image-1');
    expect(image).toMatch(/FAILED unavailable \(This tool is not available right now\.\).*to do: set OPENAI_IMAGE_MODEL \(now gpt-image-1\)/);
    expect(lines.filter((l) => / ok \(/.test(l))).toHaveLength(2);
    expect(lines.at(-1)).toBe('1 of 3 calls failed: change what each says, then run this again.');
  });

  it('says a billing stop is a billing stop, and a bad key a bad key', async () => {
    openai.failNext('quota');
    deepgram.failNext('unauthorized');
    const { code, lines } = await run(env({ GEMINI_API_KEY: '', REPLICATE_API_TOKEN: '' }));
    expect(code).toBe(1);
    expect(lines.find((l) => l.startsWith('OpenAI') && l.includes('image edit'))).toMatch(/FAILED unavailable .*to do: set OPENAI_API_KEY: .*(quota|billing)/);
    expect(lines.find((l) => l.startsWith('Deepgram'))).toMatch(/FAILED authentication .*to do: (set DEEPGRAM_API_KEY|check the key)/);
  });

  it('sends a real second of 16 kHz audio', () => {
    const wav = toneWav();
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.length).toBe(44 + 32_000);
  });
});
