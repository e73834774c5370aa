import { PROVIDER_PROBLEM_DAYS, type ProviderStatus, type ProviderStatusAnswer } from '../../../contract/admin-providers.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { DEEPGRAM_DEFAULTS } from '../../providers/ai/deepgram.ts';
import { GEMINI_DEFAULTS } from '../../providers/ai/gemini.ts';
import { OPENAI_DEFAULTS } from '../../providers/ai/openai.ts';
import { REPLICATE_DEFAULTS } from '../../providers/ai/replicate.ts';
import { problemsSince } from './repository.ts';
import { DAY_MS } from '../../../contract/time.ts';


/** A base URL without what could be a secret in it (user info, a query string with a key). */
function safeUrl(value: string): string {
  try {
    const url = new URL(value);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/**
 * The AI services this server knows, whether each has its key and the models it asks for (the adapter's default where
 * a setting is unset), as System Settings shows them. Keys are read for whether they are set, never copied out.
 */
export function providerSettings(config: Config): ProviderStatus[] {
  const replicateModel = config.REPLICATE_UPSCALE_MODEL ?? REPLICATE_DEFAULTS.model;
  return [
    {
      name: 'Gemini',
      configured: !!config.GEMINI_API_KEY,
      settings: [
        { setting: 'GEMINI_IMAGE_MODEL', value: config.GEMINI_IMAGE_MODEL ?? GEMINI_DEFAULTS.imageModel },
        { setting: 'GEMINI_TEXT_MODEL', value: config.GEMINI_TEXT_MODEL ?? GEMINI_DEFAULTS.textModel },
      ],
    },
    {
      name: 'OpenAI-compatible',
      configured: !!config.OPENAI_API_KEY,
      settings: [
        { setting: 'OPENAI_BASE_URL', value: safeUrl(config.OPENAI_BASE_URL ?? OPENAI_DEFAULTS.baseUrl) },
        { setting: 'OPENAI_IMAGE_MODEL', value: config.OPENAI_IMAGE_MODEL ?? OPENAI_DEFAULTS.imageModel },
        { setting: 'OPENAI_CHAT_MODEL', value: config.OPENAI_CHAT_MODEL ?? OPENAI_DEFAULTS.chatModel },
        { setting: 'OPENAI_TRANSCRIBE_MODEL', value: config.OPENAI_TRANSCRIBE_MODEL ?? OPENAI_DEFAULTS.transcriptionModel },
      ],
    },
    {
      name: 'Replicate',
      configured: !!config.REPLICATE_API_TOKEN,
      settings: [
        { setting: 'REPLICATE_UPSCALE_MODEL', value: replicateModel },
        // Unset: the adapter pins the default model's version; another model runs its latest (null here).
        { setting: 'REPLICATE_UPSCALE_VERSION', value: config.REPLICATE_UPSCALE_VERSION ?? (replicateModel === REPLICATE_DEFAULTS.model ? REPLICATE_DEFAULTS.version : null) },
      ],
    },
    {
      name: 'Deepgram',
      configured: !!config.DEEPGRAM_API_KEY,
      settings: [{ setting: 'DEEPGRAM_MODEL', value: config.DEEPGRAM_MODEL ?? DEEPGRAM_DEFAULTS.model }],
    },
  ];
}

export interface ProviderStatusDeps {
  db: Db;
  clock: Clock;
  /** What providerSettings(config) answers: read once at start, as the adapters are made once. */
  providers: ProviderStatus[];
}

/** System Settings' AI providers: the configured services and the settings recent failures say to change. */
export function createProviderStatusService(deps: ProviderStatusDeps) {
  const { db, clock, providers } = deps;
  return {
    async status(): Promise<ProviderStatusAnswer> {
      const since = new Date(clock.now().getTime() - PROVIDER_PROBLEM_DAYS * DAY_MS);
      return { providers, problems: await problemsSince(db, since) };
    },
  };
}
export type ProviderStatusService = ReturnType<typeof createProviderStatusService>;
