/**
 * The Upscale dialog's settings (spec 2 §3 "Upscale settings (saved locally)", §5, §9): defaults and ranges from
 * the contract, kept in this browser; the displayed cost is the provider's estimate times 2.5 credits.
 */
import {
  UPSCALE_DEFAULTS,
  UPSCALE_QUALITY_TIERS,
  UPSCALE_RANGES,
  UPSCALE_SCALE_FACTORS,
  UPSCALE_TIME_ESTIMATES,
  type UpscaleProviders,
  type UpscaleTier,
} from '../../../../contract/ai.ts';
import { UPSCALE_PRICE_MULTIPLIER } from '../../../../contract/credits.ts';
import { mul } from '../../../../contract/decimal.ts';
import { formatPreciseCredits } from '../../../lib/credits-format.ts';

export const UPSCALE_SETTINGS_KEY = 'ampkit.upscale.settings';

export const UPSCALE_MESSAGES = {
  saveFirst: 'Please save this image to gallery first before upscaling.',
  providers: 'Failed to load upscale providers',
  failed: 'Failed to upscale image',
  auth: 'Authentication required. Please log in to use upscale tools.',
} as const;

export const TIER_LABELS: Record<UpscaleTier, string> = { fast: 'Fast', standard: 'Standard', high_quality: 'High quality' };

export interface UpscaleSettings {
  scaleFactor: number;
  qualityTier: UpscaleTier;
  prompt: string;
  creativity: number;
  resemblance: number;
  sharpen: number;
  showAdvanced: boolean;
}

export const DEFAULT_UPSCALE_SETTINGS: UpscaleSettings = { ...UPSCALE_DEFAULTS, showAdvanced: false };

type Range = { min: number; max: number; step: number };

/** Within the range and on its steps (creativity 0-1 by 0.05, resemblance 0-3 by 0.1, sharpen 0-10 by 0.5). */
export function snapToRange(value: unknown, range: Range, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(n)) return fallback;
  const clamped = Math.min(range.max, Math.max(range.min, n));
  const steps = Math.round((clamped - range.min) / range.step);
  return Number((range.min + steps * range.step).toFixed(4));
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The saved settings, each checked against its allowed values; anything missing or invalid is the default. */
export function loadUpscaleSettings(storage: KeyValueStorage | null = browserStorage()): UpscaleSettings {
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(UPSCALE_SETTINGS_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) saved = parsed as Record<string, unknown>;
  } catch {
    /* unreadable: defaults */
  }
  const d = DEFAULT_UPSCALE_SETTINGS;
  return {
    scaleFactor: (UPSCALE_SCALE_FACTORS as readonly number[]).includes(saved.scaleFactor as number) ? (saved.scaleFactor as number) : d.scaleFactor,
    qualityTier: (UPSCALE_QUALITY_TIERS as readonly string[]).includes(saved.qualityTier as string) ? (saved.qualityTier as UpscaleTier) : d.qualityTier,
    prompt: typeof saved.prompt === 'string' ? saved.prompt.slice(0, 1000) : d.prompt,
    creativity: snapToRange(saved.creativity, UPSCALE_RANGES.creativity, d.creativity),
    resemblance: snapToRange(saved.resemblance, UPSCALE_RANGES.resemblance, d.resemblance),
    sharpen: snapToRange(saved.sharpen, UPSCALE_RANGES.sharpen, d.sharpen),
    showAdvanced: typeof saved.showAdvanced === 'boolean' ? saved.showAdvanced : d.showAdvanced,
  };
}

export function saveUpscaleSettings(settings: UpscaleSettings, storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.setItem(UPSCALE_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    /* storage full or blocked: the settings last for this visit */
  }
}

/** A provider's display name: its label, or 'Local engine' for the built-in one (spec: say which engine made it). */
export function providerLabel(name: string, label?: string | null): string {
  if (label && label !== name) return label;
  if (name === 'local') return 'Local engine';
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Pricing keys look like local_2x_standard. */
export const upscaleVariant = (provider: string, scaleFactor: number, tier: string) => `${provider}_${scaleFactor}x_${tier}`;

/** The cost shown for a choice: the provider's estimated_cost_usd × 2.5, in credits; null when it is not priced. */
export function displayedUpscaleCost(providers: UpscaleProviders, provider: string, scaleFactor: number, tier: string): string | null {
  const price = providers.providers[provider]?.pricing[upscaleVariant(provider, scaleFactor, tier)];
  if (!price) return null;
  return formatPreciseCredits(mul(price.estimated_cost_usd, UPSCALE_PRICE_MULTIPLIER));
}

/** 'Usually 8-18 s' for the fast tier, and so on. */
export const timeEstimate = (tier: UpscaleTier) => `Usually ${UPSCALE_TIME_ESTIMATES[tier]}`;

/** The upper end of a tier's estimate in seconds (for the progress bar). */
export function estimateUpperSeconds(tier: UpscaleTier): number {
  const match = /(\d+)\s*s\s*$/.exec(UPSCALE_TIME_ESTIMATES[tier]);
  return match ? Number(match[1]) : 30;
}

/** The settings a provider can run: a saved scale or tier it lacks falls back to its first (or standard). */
export function effectiveChoice(settings: UpscaleSettings, caps: { scale_factors: number[]; quality_tiers: string[] }): { scaleFactor: number; qualityTier: UpscaleTier } {
  const scaleFactor = caps.scale_factors.includes(settings.scaleFactor) ? settings.scaleFactor : (caps.scale_factors[0] ?? 2);
  const tiers = caps.quality_tiers.filter((t): t is UpscaleTier => (UPSCALE_QUALITY_TIERS as readonly string[]).includes(t));
  const qualityTier = tiers.includes(settings.qualityTier) ? settings.qualityTier : tiers.includes('standard') ? 'standard' : (tiers[0] ?? 'standard');
  return { scaleFactor, qualityTier };
}

const UUID = /\/api\/files\/(?:serve|download|thumbnail|og)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?#]|$)/i;

/** The file uuid in an image url the app serves, or null (then the image must be saved to the gallery first). */
export function imageUuidFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return UUID.exec(url)?.[1]?.toLowerCase() ?? null;
}
