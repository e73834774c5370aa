import { toolEngines } from '../../providers/ai/engine.ts';
import { defineModule, mount } from '../module.ts';
import { adminPricingRoutes, pricingImportRoutes } from './admin-routes.ts';
import { costPredictionRoutes, pricingRoutes } from './routes.ts';
import { createPricingService, type PricingDeps } from './service.ts';

/**
 * Prices and cost prediction (`/api/pricing`, and `/api/credits/predict-cost`); System Settings' transcription engine,
 * the pricing table and its syncs (`/api/admin`); the production pricing import (`/api/pricing/import`, a bearer token).
 */
export const pricingModule = defineModule({
  name: 'pricing',
  create(core, deps: Pick<PricingDeps, 'credits' | 'audit'>) {
    const { config, aiProviders } = core;
    const pricing = createPricingService({
      db: core.db,
      clock: core.clock,
      credits: deps.credits,
      audit: deps.audit,
      engineVariant: (toolId) => toolEngines(aiProviders)[toolId]?.variant,
      // System Settings: the speech engines the admin may choose ('none' on the server leaves only the server's choice).
      transcription: {
        configured: config.TRANSCRIPTION_PROVIDER === 'none' ? [] : (Object.keys(aiProviders.transcribers) as Array<keyof typeof aiProviders.transcribers>),
        autoEngine: aiProviders.transcriber?.name ?? null,
      },
      productionSync: { isDevelopment: config.isDevelopment, url: config.PRODUCTION_SYNC_URL, token: config.PRODUCTION_SYNC_TOKEN },
    });
    return {
      service: pricing,
      routes: {
        public: [mount(costPredictionRoutes, { prefix: '/api/credits', pricing }), mount(pricingRoutes, { prefix: '/api/pricing', pricing })],
        admin: [mount(adminPricingRoutes, { prefix: '/api/admin', pricing }), mount(pricingImportRoutes, { prefix: '/api/pricing', pricing })],
      },
      seed: () => pricing.seed(),
    };
  },
});
