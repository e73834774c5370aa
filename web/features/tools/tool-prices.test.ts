import { describe, expect, it } from 'vitest';
import { priceLabel } from './tool-prices.ts';

const price = (over: Partial<Parameters<typeof priceLabel>[0] & object>) => ({ dollar_amount: '0.25', tool_id: 'x', service_type: 'image_generation', service_variant: 'standard', ...over });

describe('the tool card price', () => {
  it('names a free local preview as one, and a paid generation in credits with its unit', () => {
    expect(priceLabel(price({ dollar_amount: '0.00', service_variant: 'local' }))).toBe('Free preview');
    // The local speech engine makes drafts, not previews of a provider's result.
    expect(priceLabel(price({ service_type: 'transcription', dollar_amount: '0.00', service_variant: 'local' }))).toBe('Free draft');
    expect(priceLabel(price({}))).toBe('0.25 credits per generation');
    expect(priceLabel(price({ service_type: 'transcription', service_variant: 'raw', dollar_amount: '0.10' }))).toBe('0.10 credits per minute');
    expect(priceLabel(price({ service_type: 'photoshoot', dollar_amount: '0.30' }))).toBe('0.30 credits per photo');
    expect(priceLabel(undefined)).toBeNull();
  });
});
