import { TOOL_CATALOGUE } from '../../../contract/tools.ts';
import { type CostPrediction } from '../../../contract/credits.ts';
import { DEFAULT_PRICING, TOOL_SERVICE } from '../../../contract/tool-prices.ts';
import { add, cmp, fromUnits, max0, normalize, sub, toUnits } from '../../../contract/decimal.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { CreditsService } from '../credits/service.ts';
import * as repo from './repository.ts';
import type { AuditRecorder } from '../audit/service.ts';
import { createPricingAdmin, type PricingAdminDeps } from './admin-service.ts';

export interface ToolPrice {
  tool_id: string;
  title: string;
  service_type: string;
  service_variant: string;
  dollar_amount: string;
}

/** "AI Image Morpher" → "ai-image-morpher" (spec 1 §7 pricing path). */
export const toolSlug = (title: string) => title.toLowerCase().replace(/\s+/g, '-');

export interface PricingDeps extends Omit<PricingAdminDeps, 'db' | 'audit'> {
  /** Records each admin write in the transaction that makes it. */
  audit: AuditRecorder;
  db: Db;
  credits: Pick<CreditsService, 'account'>;
  /** The price variant a tool charges now (its engine's: `local` for the local engine's previews); else standard. */
  engineVariant?: (toolId: string) => string | undefined;
}

export function createPricingService(deps: PricingDeps) {
  const { db } = deps;

  /** The price of a service in credits; 404-style error when it is not priced. */
  async function price(serviceType: string, variant = 'standard'): Promise<string> {
    const row = await repo.findPrice(db, serviceType, variant);
    if (!row) throw badRequest(`No price is set for ${serviceType} (${variant}).`);
    return normalize(row.userCostCredits);
  }

  async function toolPrices(): Promise<ToolPrice[]> {
    const [rows, disabled] = await Promise.all([repo.listPrices(db), repo.disabledToolIds(db)]);
    return TOOL_CATALOGUE.flatMap((tool) => {
      if (disabled.has(tool.id)) return [];
      const service = TOOL_SERVICE[tool.id];
      const variant = (service && deps.engineVariant?.(tool.id)) ?? service?.variant;
      const row = service && rows.find((r) => r.serviceType === service.serviceType && r.serviceVariant === variant);
      if (!service || !row) return [];
      return [{ tool_id: tool.id, title: tool.title, service_type: service.serviceType, service_variant: row.serviceVariant, dollar_amount: fromUnits(toUnits(row.userCostCredits), 2) }];
    });
  }

  return {
    /** System Settings: the transcription engine, the pricing table, its syncs (admin-service.ts). */
    ...createPricingAdmin(deps),
    price,
    seed: () => repo.insertMissingPrices(db, DEFAULT_PRICING),
    list: () => repo.listPrices(db),

    /** Whether the user can afford a service now (spec 2 §3 cost prediction). */
    async predictCost(userId: string, serviceType: string, variant: string, requiresPreprocessing: boolean): Promise<CostPrediction> {
      let required = await price(serviceType, variant);
      if (requiresPreprocessing) required = add(required, await price('preprocessing', 'standard'));
      const available = (await deps.credits.account(userId)).available_credits;
      return {
        can_afford: cmp(available, required) >= 0,
        required_credits: required,
        available_credits: available,
        deficit: max0(sub(required, available)),
      };
    },

    /** `tool_pricing` keyed by tool title, each with dollar_amount (2 decimals). */
    async toolPricing(): Promise<Record<string, { dollar_amount: string; tool_id: string; service_type: string; service_variant: string }>> {
      const prices = await toolPrices();
      return Object.fromEntries(
        prices.map((p) => [p.title, { dollar_amount: p.dollar_amount, tool_id: p.tool_id, service_type: p.service_type, service_variant: p.service_variant }]),
      );
    },

    /** One tool's price by the slug of its title, with every variant of its service. */
    async toolPricingBySlug(slug: string) {
      const tool = (await toolPrices()).find((p) => toolSlug(p.title) === slug || p.tool_id === slug);
      if (!tool) throw notFound('No pricing for that tool');
      const rows = (await repo.listPrices(db)).filter((r) => r.serviceType === tool.service_type);
      return {
        ...tool,
        variants: rows.map((r) => ({ service_variant: r.serviceVariant, user_cost_credits: normalize(r.userCostCredits), description: r.description })),
      };
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
