import { createPriceTable } from './price-table.ts';
import { createProductionSync, type ProductionSyncDeps } from './production-sync.ts';
import { createTranscriptionSettings, type TranscriptionSettingsDeps } from './transcription-settings.ts';

export interface PricingAdminDeps extends TranscriptionSettingsDeps, ProductionSyncDeps {}

/**
 * System Settings (spec 3 §2, §7): the transcription engine (transcription-settings.ts), the pricing table
 * (price-table.ts) and its copy to production (production-sync.ts).
 */
export function createPricingAdmin(deps: PricingAdminDeps) {
  return {
    ...createTranscriptionSettings(deps),
    ...createPriceTable(deps),
    ...createProductionSync(deps),
  };
}

export type PricingAdmin = ReturnType<typeof createPricingAdmin>;
