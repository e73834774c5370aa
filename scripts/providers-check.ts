/**
 * `npm run providers:check`: the first thing to run after setting AI keys. With the keys in the environment
 * (`set -a; . ./.env; set +a` first if they are in a file), it makes one minimal real call per configured provider and model, through the same adapters the app uses,
 * and prints what worked and what to change:
 *
 * - Gemini: an image edit of a 64 px square (GEMINI_IMAGE_MODEL) and a one-line text rewrite (GEMINI_TEXT_MODEL);
 * - OpenAI-compatible: an image edit (OPENAI_IMAGE_MODEL), a text rewrite (OPENAI_CHAT_MODEL) and one second of audio
 *   transcribed (OPENAI_TRANSCRIBE_MODEL);
 * - Replicate: a 2x upscale of a 64 px square (REPLICATE_UPSCALE_MODEL / REPLICATE_UPSCALE_VERSION);
 * - Deepgram: one second of audio transcribed.
 *
 * Each call costs what the provider charges for it (cents). A failure names its class and, where the provider said
 * the configuration is at fault (a retired model, a billing stop, a bad key), the setting to change. Exits 1 when a
 * call failed; without any key it says no provider is configured and exits 0 (the local engine needs none). Not part
 * of CI: it needs real keys and the network.
 */
import sharp from 'sharp';
import { AI_ERROR_COPY } from '../contract/ai.ts';
import { loadConfig, type Config } from '../server/config.ts';
import { describeFix } from '../server/modules/ai/failure.ts';
import { providerSettings } from '../server/modules/ai/provider-status.ts';
import { configuredProviders, type ConfiguredProviders } from '../server/providers/ai/registry.ts';
import { wavOf } from '../server/providers/ai/speech/audio.ts';
import { ProviderError, type ProviderCost } from '../server/providers/ai/types.ts';

export interface ProviderCheck {
  provider: string;
  what: string;
  /** The setting that names the model checked (its value, or the adapter's default, is printed beside it). */
  setting: string;
  run: () => Promise<ProviderCost & { detail?: string }>;
}

export interface CheckOutcome {
  check: ProviderCheck;
  ok: boolean;
  ms: number;
  /** What worked ("ok, 1.2 s, $0.0390") or what to change. */
  line: string;
}

/** 64 px of solid colour: the smallest image every provider accepts. */
function square(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 60, b: 60 } } })
    .png()
    .toBuffer();
}

/** One second of a 440 Hz tone as 16 kHz mono 16-bit WAV. */
export function toneWav(seconds = 1, rate = 16_000): Buffer {
  const samples = Int16Array.from({ length: Math.round(seconds * rate) }, (_, i) => Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000));
  return wavOf(samples, rate);
}

/** The calls to make: one per configured provider and model. */
export function providerChecks(made: ConfiguredProviders): ProviderCheck[] {
  const checks: ProviderCheck[] = [];
  const edit = (editor: NonNullable<ConfiguredProviders['gemini' | 'openai']>) => async () => {
    const result = await editor.editImage({ images: [{ data: await square(), mime: 'image/png' }], prompt: 'Paint this square blue.' });
    return { ...result, detail: `${result.data.length} bytes of ${result.mime}` };
  };
  const rewrite = (refiner: NonNullable<ConfiguredProviders['gemini' | 'openai']>) => async () => {
    const result = await refiner.refine({ text: 'hello world', instruction: 'Write it in capital letters.' });
    return { ...result, detail: JSON.stringify(result.text.slice(0, 40)) };
  };
  const listen = (transcriber: NonNullable<ConfiguredProviders['deepgram' | 'openai']>) => async () => {
    const result = await transcriber.transcribe({ audio: toneWav(), mime: 'audio/wav', durationSeconds: 1, language: 'en' });
    return { ...result, detail: `${result.durationSeconds} s heard` };
  };
  if (made.gemini) {
    checks.push({ provider: 'Gemini', what: 'image edit', setting: 'GEMINI_IMAGE_MODEL', run: edit(made.gemini) });
    checks.push({ provider: 'Gemini', what: 'text', setting: 'GEMINI_TEXT_MODEL', run: rewrite(made.gemini) });
  }
  if (made.openai) {
    checks.push({ provider: 'OpenAI', what: 'image edit', setting: 'OPENAI_IMAGE_MODEL', run: edit(made.openai) });
    checks.push({ provider: 'OpenAI', what: 'text', setting: 'OPENAI_CHAT_MODEL', run: rewrite(made.openai) });
    checks.push({ provider: 'OpenAI', what: 'transcription', setting: 'OPENAI_TRANSCRIBE_MODEL', run: listen(made.openai) });
  }
  if (made.replicate) {
    const upscaler = made.replicate;
    checks.push({
      provider: 'Replicate',
      what: 'upscale 2x',
      setting: 'REPLICATE_UPSCALE_MODEL',
      run: async () => {
        const result = await upscaler.upscale({ image: { data: await square(), mime: 'image/png' }, scale: 2, tier: 'standard' });
        return { ...result, detail: `${result.data.length} bytes of ${result.mime}` };
      },
    });
  }
  if (made.deepgram) checks.push({ provider: 'Deepgram', what: 'transcription', setting: 'DEEPGRAM_MODEL', run: listen(made.deepgram) });
  return checks;
}

/** Runs each check in turn (never two calls at once against one account). */
export async function runChecks(checks: ProviderCheck[]): Promise<CheckOutcome[]> {
  const outcomes: CheckOutcome[] = [];
  for (const check of checks) {
    const started = Date.now();
    try {
      const result = await check.run();
      const ms = Date.now() - started;
      const cost = result.costUsd !== undefined ? `, $${result.costUsd.toFixed(4)}` : '';
      outcomes.push({ check, ok: true, ms, line: `ok (${(ms / 1000).toFixed(1)} s${cost})${result.detail ? `: ${result.detail}` : ''}` });
    } catch (error) {
      outcomes.push({ check, ok: false, ms: Date.now() - started, line: failureLine(error) });
    }
  }
  return outcomes;
}

/** What a failed call tells the operator: its class, the provider's words, and the setting to change if it said. */
export function failureLine(error: unknown): string {
  if (!(error instanceof ProviderError)) return `FAILED (a bug of ours, not the provider's): ${error instanceof Error ? error.message : String(error)}`;
  const todo = error.fix
    ? `; to do: ${describeFix(error.fix)}`
    : error.errorClass === 'authentication'
      ? '; to do: check the key'
      : error.errorClass === 'rate_limit'
        ? `; to do: wait${error.retryAfterSeconds ? ` ${error.retryAfterSeconds} s` : ''} and run again`
        : '';
  return `FAILED ${error.errorClass} (${AI_ERROR_COPY[error.errorClass].headline}): ${error.message}${todo}`;
}

/** The report: one line per call, the model each setting names, and a summary. Answers the exit code. */
export async function checkProviders(config: Config, print: (line: string) => void): Promise<number> {
  const checks = providerChecks(configuredProviders(config));
  if (checks.length === 0) {
    print('No AI provider is configured: set GEMINI_API_KEY, OPENAI_API_KEY, REPLICATE_API_TOKEN or DEEPGRAM_API_KEY');
    print('(see .env.example). Without them every tool runs on the local engine, which needs no key.');
    return 0;
  }
  print(`Checking ${checks.length} provider call${checks.length === 1 ? '' : 's'} (each costs what the provider charges for it)…`);
  const outcomes = await runChecks(checks);
  // The model each setting names, the adapter's default where it is unset (as System Settings shows them).
  const models = new Map(providerSettings(config).flatMap((p) => p.settings.map((s) => [s.setting, s.value] as const)));
  for (const { check, line } of outcomes) {
    const named = `${check.setting}=${models.get(check.setting) ?? '(none)'}`;
    print(`${check.provider.padEnd(10)} ${check.what.padEnd(14)} ${named.padEnd(44)} ${line}`);
  }
  const failed = outcomes.filter((o) => !o.ok).length;
  print(failed === 0 ? `All ${outcomes.length} calls worked.` : `${failed} of ${outcomes.length} calls failed: change what each says, then run this again.`);
  return failed === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await checkProviders(loadConfig(), (line) => console.log(line));
}
