// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { UPSCALE_DEFAULTS, type UpscaleProviders } from '../../../../contract/ai.ts';
import {
  DEFAULT_UPSCALE_SETTINGS,
  displayedUpscaleCost,
  effectiveChoice,
  imageUuidFromUrl,
  loadUpscaleSettings,
  saveUpscaleSettings,
  timeEstimate,
  UPSCALE_SETTINGS_KEY,
} from './upscale-settings.ts';

const providers: UpscaleProviders = {
  default_provider: 'local',
  providers: {
    local: {
      label: 'Local engine',
      scale_factors: [2, 4],
      quality_tiers: ['fast', 'standard', 'high_quality'],
      supports_creativity: false,
      supports_sharpen: true,
      pricing: {
        local_2x_fast: { estimated_cost_usd: '0.002', user_cost_credits: '0.005' },
        local_2x_standard: { estimated_cost_usd: '0.004', user_cost_credits: '0.01' },
        local_4x_high_quality: { estimated_cost_usd: '0.016', user_cost_credits: '0.04' },
      },
    },
    replicate: {
      label: 'Replicate',
      scale_factors: [2, 4],
      quality_tiers: ['standard', 'high_quality'],
      supports_creativity: true,
      supports_sharpen: true,
      pricing: { replicate_4x_high_quality: { estimated_cost_usd: '0.08', user_cost_credits: '0.2' } },
    },
  },
};

beforeEach(() => localStorage.clear());

describe('upscale cost display (spec 2 §9: estimate × 2.5 credits)', () => {
  it('multiplies the provider estimate by 2.5', () => {
    expect(displayedUpscaleCost(providers, 'local', 2, 'fast')).toBe('0.005');
    expect(displayedUpscaleCost(providers, 'local', 2, 'standard')).toBe('0.01');
    expect(displayedUpscaleCost(providers, 'local', 4, 'high_quality')).toBe('0.04');
    expect(displayedUpscaleCost(providers, 'replicate', 4, 'high_quality')).toBe('0.20');
  });

  it('is unknown for an unpriced choice', () => {
    expect(displayedUpscaleCost(providers, 'local', 4, 'fast')).toBeNull();
    expect(displayedUpscaleCost(providers, 'nobody', 2, 'fast')).toBeNull();
  });

  it('shows the time estimate per tier', () => {
    expect(timeEstimate('fast')).toBe('Usually 8-18 s');
    expect(timeEstimate('standard')).toBe('Usually 15-30 s');
    expect(timeEstimate('high_quality')).toBe('Usually 25-45 s');
  });
});

describe('saved upscale settings', () => {
  it("defaults to the spec's values", () => {
    expect(loadUpscaleSettings()).toEqual({
      scaleFactor: 2,
      qualityTier: 'standard',
      prompt: UPSCALE_DEFAULTS.prompt,
      creativity: 0.2,
      resemblance: 2.1,
      sharpen: 0,
      showAdvanced: false,
    });
  });

  it('round-trips through localStorage', () => {
    const settings = { scaleFactor: 4, qualityTier: 'fast' as const, prompt: 'crisp', creativity: 0.35, resemblance: 1.5, sharpen: 2.5, showAdvanced: true };
    saveUpscaleSettings(settings);
    expect(JSON.parse(localStorage.getItem(UPSCALE_SETTINGS_KEY)!)).toEqual(settings);
    expect(loadUpscaleSettings()).toEqual(settings);
  });

  it('replaces values outside the ranges and snaps to the steps', () => {
    localStorage.setItem(
      UPSCALE_SETTINGS_KEY,
      JSON.stringify({ scaleFactor: 3, qualityTier: 'ultra', prompt: 7, creativity: 1.7, resemblance: 1.234, sharpen: -2, showAdvanced: 'yes' }),
    );
    expect(loadUpscaleSettings()).toEqual({ ...DEFAULT_UPSCALE_SETTINGS, creativity: 1, resemblance: 1.2, sharpen: 0 });
    localStorage.setItem(UPSCALE_SETTINGS_KEY, '{not json');
    expect(loadUpscaleSettings()).toEqual(DEFAULT_UPSCALE_SETTINGS);
  });

  it("falls back to what a provider supports", () => {
    const caps = providers.providers.replicate!;
    expect(effectiveChoice({ ...DEFAULT_UPSCALE_SETTINGS, qualityTier: 'fast' }, caps)).toEqual({ scaleFactor: 2, qualityTier: 'standard' });
  });
});

describe('file uuid of an image (spec 2 §5)', () => {
  const uuid = '0b9c3a52-1b9e-4b55-9a2e-3c1f0e7d9a10';
  it('is read from the urls the app serves', () => {
    expect(imageUuidFromUrl(`/api/files/serve/${uuid}`)).toBe(uuid);
    expect(imageUuidFromUrl(`https://ampkit.app/api/files/thumbnail/${uuid}?v=2`)).toBe(uuid);
    expect(imageUuidFromUrl(`/api/files/download/${uuid.toUpperCase()}`)).toBe(uuid);
  });

  it('is missing for anything else', () => {
    expect(imageUuidFromUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(imageUuidFromUrl('blob:http://x/123')).toBeNull();
    expect(imageUuidFromUrl(null)).toBeNull();
  });
});
