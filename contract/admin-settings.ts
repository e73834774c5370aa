import { z } from 'zod';
import { decimalString } from './credits.ts';

/**
 * The admin area's System Settings (spec 3 §2, §3, §7, §9): the transcription engine with its cost per minute, the
 * pricing table with its sync, and the copy of the pricing table to the production app.
 */

// --- Transcription settings: GET/POST /api/admin/settings/transcription ---

/**
 * The speech engines the app has. `auto` follows the server's TRANSCRIPTION_PROVIDER setting (whose own auto picks
 * Deepgram, the spec's first provider, then OpenAI-compatible, then the local draft engine); the others name one
 * engine, which must be configured on the server.
 */
export const TRANSCRIPTION_PROVIDER_CHOICES = ['auto', 'deepgram', 'openai', 'local'] as const;
export type TranscriptionProviderChoice = (typeof TRANSCRIPTION_PROVIDER_CHOICES)[number];
export const TRANSCRIPTION_PROVIDER_LABELS: Record<TranscriptionProviderChoice, string> = {
  auto: 'Automatic (server setting)',
  deepgram: 'Deepgram',
  openai: 'OpenAI Whisper',
  local: 'Local draft engine',
};
/** Spec 3 §9: the first provider at 0.05 per minute until the admin saves a choice. */
export const DEFAULT_TRANSCRIPTION_SETTINGS = { provider: 'auto', pricing_per_minute: '0.05' } as const;

/** A non-negative decimal with at most `places` decimals, as a string (a number is accepted and turned into one). */
export const nonNegativeDecimal = (places: number, max = 100_000) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .pipe(
      z
        .string()
        .regex(new RegExp(`^\\d{1,9}(\\.\\d{1,${places}})?$`), `Must be a number of 0 or more with at most ${places} decimals`)
        .refine((v) => Number(v) <= max, `Must be at most ${max}`),
    );

export const transcriptionSettingsRequest = z.strictObject({
  provider: z.enum(TRANSCRIPTION_PROVIDER_CHOICES, { error: 'Provider must be auto, deepgram, openai or local' }),
  /** What the provider really costs per minute in USD (the margin's base); step 0.01 in the form. */
  pricing_per_minute: nonNegativeDecimal(4),
});
export type TranscriptionSettingsInput = z.input<typeof transcriptionSettingsRequest>;

export const transcriptionSettingsResponse = z.object({
  provider: z.enum(TRANSCRIPTION_PROVIDER_CHOICES),
  pricing_per_minute: decimalString,
  /** True until an admin saves a choice (the defaults are shown). */
  is_default: z.boolean(),
  /** The engine `auto` resolves to now (null: transcription is off on this server). */
  auto_engine: z.string().nullable(),
  /** Every choice with whether this server can use it. */
  providers: z.array(z.object({ id: z.enum(TRANSCRIPTION_PROVIDER_CHOICES), label: z.string(), configured: z.boolean() })),
});
export type TranscriptionSettings = z.infer<typeof transcriptionSettingsResponse>;

// --- The pricing table: GET /api/admin/settings/pricing, POST …/create, …/update, …/delete ---

export const SERVICE_TYPE_REQUIRED = 'Service type is required';
const serviceType = z
  .string({ error: SERVICE_TYPE_REQUIRED })
  .trim()
  .min(1, SERVICE_TYPE_REQUIRED)
  .max(64)
  .regex(/^[a-z0-9_-]+$/, 'Use lowercase letters, digits, _ and -');
const serviceVariant = z
  .string()
  .trim()
  .max(64)
  .regex(/^[a-z0-9_-]*$/, 'Use lowercase letters, digits, _ and -')
  .transform((v) => v || 'standard');
const description = z.string().trim().max(500);
/** Credits: up to 4 decimals (step 0.0001). */
const creditsInput = nonNegativeDecimal(4);
/** USD the provider charges: up to 6 decimals (the column's scale). */
const usdInput = nonNegativeDecimal(6);

export const pricingEntrySchema = z.object({
  id: z.number().int(),
  service_type: z.string(),
  service_variant: z.string(),
  user_cost_credits: decimalString,
  actual_cost_usd: decimalString,
  description: z.string(),
  /** (user cost − actual cost) / user cost in percent with one decimal, 1 credit = $1; null when the price is 0. */
  margin_percent: z.string().nullable(),
  /** True when a tool charges this price now (TOOL_SERVICE): it cannot be deleted. */
  in_use: z.boolean(),
  updated_at: z.string(),
});
export type PricingEntry = z.infer<typeof pricingEntrySchema>;
export const pricingListResponse = z.object({ pricing: z.array(pricingEntrySchema) });

export const pricingCreateRequest = z.strictObject({
  service_type: serviceType,
  service_variant: serviceVariant.default('standard'),
  user_cost_credits: creditsInput,
  actual_cost_usd: usdInput.default('0'),
  description: description.default(''),
});
export type PricingCreateInput = z.input<typeof pricingCreateRequest>;

export const pricingIdSchema = z.number({ error: 'id must be a whole number' }).int().positive().max(2_147_483_647);
export const pricingUpdateRequest = z.strictObject({
  id: pricingIdSchema,
  service_type: serviceType.optional(),
  service_variant: serviceVariant.optional(),
  user_cost_credits: creditsInput.optional(),
  actual_cost_usd: usdInput.optional(),
  description: description.optional(),
});
export type PricingUpdateInput = z.input<typeof pricingUpdateRequest>;
/**
 * Spec 3 §7: the delete body carries the row as the table shows it (id, service_type, service_variant,
 * user_cost_credits, actual_cost_usd, description), the same fields as an update; only `id` is required. A
 * service_type or service_variant sent must still name that row (409 when it was renamed since the table was read);
 * the prices and the description are checked for their shape only, and otherwise ignored.
 */
export const pricingDeleteRequest = pricingUpdateRequest;
export type PricingDeleteInput = z.input<typeof pricingDeleteRequest>;
export const pricingEntryResponse = z.object({ entry: pricingEntrySchema });
export const pricingDeleteResponse = z.object({ deleted: z.literal(true), id: z.number().int() });

/** POST /api/admin/pricing-sync: adds the catalogue's prices (DEFAULT_PRICING) that are missing; never overwrites one. */
export const pricingSyncResponse = z.object({ message: z.string(), updated_count: z.number().int() });
export type PricingSyncResult = z.infer<typeof pricingSyncResponse>;

// --- Copy to production: POST /api/admin/pricing-sync-to-prod (development hosts) → POST /api/pricing/import ---

export const pricingImportItem = z.strictObject({
  service_type: serviceType,
  service_variant: serviceVariant,
  user_cost_credits: creditsInput,
  actual_cost_usd: usdInput,
  description,
});
/** What a development host sends the production app; the production app answers pricingImportResponse. */
export const pricingImportRequest = z.strictObject({ pricing: z.array(pricingImportItem).min(1).max(1000) });
export type PricingImport = z.infer<typeof pricingImportRequest>;
export const pricingImportResponse = z.object({ created_count: z.number().int(), updated_count: z.number().int(), unchanged_count: z.number().int() });
export type PricingImportResult = z.infer<typeof pricingImportResponse>;
export const pricingSyncToProdResponse = pricingImportResponse.extend({ message: z.string(), sent_count: z.number().int() });
export type PricingSyncToProdResult = z.infer<typeof pricingSyncToProdResponse>;
