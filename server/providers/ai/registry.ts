import type { Config } from '../../config.ts';
import { createDeepgramTranscriber } from './deepgram.ts';
import { createGeminiProvider, type GeminiProvider } from './gemini.ts';
import { createLocalImageEditor } from './local-engine.ts';
import { createLocalUpscaler } from './local-upscaler/index.ts';
import { getLocalVision } from './local-vision/index.ts';
import { createOpenAiProvider, type OpenAiProvider } from './openai.ts';
import { createReplicateUpscaler } from './replicate.ts';
import { programExists } from './speech/audio.ts';
import { createLocalTranscriber, localSpeechAvailable } from './speech/local-sphinx.ts';
import { createLocalComposer, type LocalComposer } from './speech/local-composer.ts';
import type { AiProviders, ImageUpscaler, SpeechTranscriber, TextRefiner } from './types.ts';

export interface AiRegistry extends AiProviders {
  refiner: TextRefiner | null;
  /** Speech to text per TRANSCRIPTION_PROVIDER: Deepgram, OpenAI-compatible, the local draft engine, or null (off). */
  transcriber: SpeechTranscriber | null;
  /**
   * Every speech engine this server can run, by key (Deepgram and OpenAI-compatible with their keys set, the local
   * draft engine where installed): the admin's System Settings may pick one of them at run time instead of `transcriber`.
   */
  transcribers: Partial<Record<SpeechTranscriber['key'], SpeechTranscriber>>;
  /** Refines transcripts without a text provider (a local draft's refinements). */
  localComposer: LocalComposer;
  /** Names of the configured providers, for the admin area and the start-up log. */
  configured: string[];
}

/** The outside AI services whose keys are set, each made once from its settings (null: no key). */
export interface ConfiguredProviders {
  gemini: GeminiProvider | null;
  openai: OpenAiProvider | null;
  replicate: ImageUpscaler | null;
  deepgram: SpeechTranscriber | null;
}

/** Where a provider's notices go (a Replicate model run unpinned): the app's log, or the console of a script. */
export interface ProviderLog {
  warn(message: string): void;
}

/** Makes each provider whose key is set (`npm run providers:check` tries each of them). */
export function configuredProviders(config: Config, log: ProviderLog = console): ConfiguredProviders {
  return {
    gemini: config.GEMINI_API_KEY
      ? createGeminiProvider({
          apiKey: config.GEMINI_API_KEY,
          baseUrl: config.GEMINI_BASE_URL,
          imageModel: config.GEMINI_IMAGE_MODEL,
          textModel: config.GEMINI_TEXT_MODEL,
          timeoutMs: config.AI_TIMEOUT_MS,
          maxRetries: config.AI_MAX_RETRIES,
        })
      : null,
    openai: config.OPENAI_API_KEY
      ? createOpenAiProvider({
          apiKey: config.OPENAI_API_KEY,
          baseUrl: config.OPENAI_BASE_URL,
          imageModel: config.OPENAI_IMAGE_MODEL,
          chatModel: config.OPENAI_CHAT_MODEL,
          transcriptionModel: config.OPENAI_TRANSCRIBE_MODEL,
          ffmpeg: programExists(config.FFMPEG_BIN) ? config.FFMPEG_BIN : undefined,
          timeoutMs: config.AI_TIMEOUT_MS,
          maxRetries: config.AI_MAX_RETRIES,
        })
      : null,
    replicate: config.REPLICATE_API_TOKEN
      ? createReplicateUpscaler({
          apiKey: config.REPLICATE_API_TOKEN,
          baseUrl: config.REPLICATE_BASE_URL,
          model: config.REPLICATE_UPSCALE_MODEL,
          timeoutMs: config.AI_TIMEOUT_MS,
          maxRetries: config.AI_MAX_RETRIES,
          onNotice: (message) => log.warn(message),
          ...(config.REPLICATE_UPSCALE_VERSION ? { version: config.REPLICATE_UPSCALE_VERSION } : {}),
        })
      : null,
    deepgram: config.DEEPGRAM_API_KEY
      ? createDeepgramTranscriber({ apiKey: config.DEEPGRAM_API_KEY, baseUrl: config.DEEPGRAM_BASE_URL, model: config.DEEPGRAM_MODEL, timeoutMs: config.AI_TIMEOUT_MS, maxRetries: config.AI_MAX_RETRIES })
      : null,
  };
}

/** The speech engines this server can run, each made once. */
function speechEngines(config: Config, made: ConfiguredProviders): AiRegistry['transcribers'] {
  const engines: AiRegistry['transcribers'] = {};
  if (made.deepgram) engines.deepgram = made.deepgram;
  if (made.openai) engines.openai = made.openai;
  const localSettings = { bin: config.POCKETSPHINX_BIN, modelDir: config.POCKETSPHINX_MODEL_DIR, ffmpeg: config.FFMPEG_BIN };
  if (localSpeechAvailable(localSettings)) engines.local = createLocalTranscriber(localSettings);
  return engines;
}

/** TRANSCRIPTION_PROVIDER: auto is Deepgram, then OpenAI-compatible, then the local draft engine where installed. */
function chooseTranscriber(config: Config, engines: AiRegistry['transcribers']): SpeechTranscriber | null {
  switch (config.TRANSCRIPTION_PROVIDER) {
    case 'none':
      return null;
    case 'deepgram':
    case 'openai':
    case 'local':
      return engines[config.TRANSCRIPTION_PROVIDER] ?? null;
    default:
      return engines.deepgram ?? engines.openai ?? engines.local ?? null;
  }
}

/** Picks a provider per capability from the settings: a configured one, else the local engine. */
export function createAiRegistry(config: Config, log?: ProviderLog): AiRegistry {
  const made = configuredProviders(config, log);
  const { gemini, openai } = made;
  const local = createLocalImageEditor();
  const byName = { gemini, openai, local } as const;
  const imageEditor = config.AI_IMAGE_PROVIDER === 'auto' ? (gemini ?? openai ?? local) : (byName[config.AI_IMAGE_PROVIDER] ?? local);
  const mockupEditor =
    config.AI_MOCKUP_PROVIDER === 'local' ? null : config.AI_MOCKUP_PROVIDER === 'auto' ? (gemini ?? openai) : byName[config.AI_MOCKUP_PROVIDER];

  const upscalers: Record<string, ImageUpscaler> = { local: createLocalUpscaler() };
  if (made.replicate) upscalers.replicate = made.replicate;
  const transcribers = speechEngines(config, made);
  const transcriber = chooseTranscriber(config, transcribers);
  return {
    imageEditor,
    mockupEditor,
    upscalers,
    defaultUpscaler: config.UPSCALE_DEFAULT_PROVIDER in upscalers ? config.UPSCALE_DEFAULT_PROVIDER : 'local',
    vision: config.AI_IMAGE_PROVIDER === 'local' ? null : config.AI_IMAGE_PROVIDER === 'auto' ? (gemini ?? openai) : byName[config.AI_IMAGE_PROVIDER],
    localVision: getLocalVision(),
    refiner: gemini ?? openai,
    transcriber,
    transcribers,
    localComposer: createLocalComposer(),
    configured: [gemini && 'gemini', openai && 'openai', config.REPLICATE_API_TOKEN && 'replicate', config.DEEPGRAM_API_KEY && 'deepgram', transcriber?.key === 'local' && 'local speech'].filter(Boolean) as string[],
  };
}
