import { z } from 'zod';

/**
 * System Settings' AI providers (issue 25): which outside AI services this server has a key for, the model each
 * capability asks for, and the failures of the last days that only the operator can fix (a retired model, a billing
 * stop, a bad key), grouped by the setting to change. Keys are never sent: a key setting shows only `configured`.
 */

// --- GET /api/admin/settings/providers ---

/** How far back the problems look, and how many groups they show at most. */
export const PROVIDER_PROBLEM_DAYS = 7;
export const PROVIDER_PROBLEM_LIMIT = 20;

/**
 * Where each provider announces the models it retires, by the provider names the list and the problems use
 * (an OpenAI-compatible service records itself as 'OpenAI').
 */
export const PROVIDER_RETIREMENT_PAGES: Readonly<Record<string, string>> = {
  Gemini: 'https://ai.google.dev/gemini-api/docs/deprecations',
  OpenAI: 'https://platform.openai.com/docs/deprecations',
  'OpenAI-compatible': 'https://platform.openai.com/docs/deprecations',
  Replicate: 'https://replicate.com/docs/topics/models/versions',
  Deepgram: 'https://developers.deepgram.com/changelog',
};

export const providerSettingSchema = z.object({
  /** The environment setting's name, e.g. GEMINI_IMAGE_MODEL. */
  setting: z.string(),
  /** Its value now, or the adapter's default when unset; null when there is neither. */
  value: z.string().nullable(),
});
export type ProviderSetting = z.infer<typeof providerSettingSchema>;

export const providerStatusSchema = z.object({
  name: z.string(),
  /** Whether its key is set (the key itself is never answered). */
  configured: z.boolean(),
  settings: z.array(providerSettingSchema),
});
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

export const providerProblemSchema = z.object({
  /** The provider's display name as the generation recorded it ('Gemini', 'OpenAI', …). */
  provider: z.string(),
  /** The setting to change. */
  setting: z.string(),
  /** The value that failed (a model id), when the fix is to name another. */
  model: z.string().nullable(),
  /** Why, in the operator's words. */
  reason: z.string(),
  /** Failed generations in the window with this fix. */
  failures: z.number().int(),
  first_at: z.string(),
  last_at: z.string(),
});
export type ProviderProblem = z.infer<typeof providerProblemSchema>;

export const providerStatusResponse = z.object({
  providers: z.array(providerStatusSchema),
  /** Newest first (by the last failure), at most PROVIDER_PROBLEM_LIMIT groups of the last PROVIDER_PROBLEM_DAYS days. */
  problems: z.array(providerProblemSchema),
});
export type ProviderStatusAnswer = z.infer<typeof providerStatusResponse>;
