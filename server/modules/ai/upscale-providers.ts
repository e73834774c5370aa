import type { UpscaleProviders } from '../../../contract/ai.ts';
import { normalize } from '../../../contract/decimal.ts';
import type { AiProviders } from '../../providers/ai/types.ts';
import type { PricingService } from '../pricing/service.ts';

export interface UpscaleProvidersDeps {
  pricing: Pick<PricingService, 'list'>;
  providers: Pick<AiProviders, 'upscalers' | 'defaultUpscaler'>;
}

/** The upscale providers with capabilities and prices keyed like local_2x_standard. */
export function createUpscaleProviders(deps: UpscaleProvidersDeps) {
  return async function upscaleProviders(): Promise<UpscaleProviders> {
    const prices = (await deps.pricing.list()).filter((p) => p.serviceType === 'upscale');
    const result: UpscaleProviders = { default_provider: deps.providers.defaultUpscaler, providers: {} };
    for (const [name, upscaler] of Object.entries(deps.providers.upscalers)) {
      const pricingOf = Object.fromEntries(
        prices
          .filter((p) => p.serviceVariant.startsWith(`${name}_`))
          .map((p) => [p.serviceVariant, { estimated_cost_usd: normalize(p.actualCostUsd), user_cost_credits: normalize(p.userCostCredits) }]),
      );
      result.providers[name] = { label: upscaler.displayName ?? upscaler.name, ...upscaler.capabilities, pricing: pricingOf };
    }
    return result;
  };
}
