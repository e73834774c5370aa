import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PricingService } from './service.ts';

/** /api/admin/settings/* and /api/admin/pricing-sync (System Settings). Every route is `auth: 'admin'`. */
export const adminPricingRoutes: FastifyPluginAsyncZod<{ pricing: PricingService }> = async (app, deps) => {
  void app;
  void deps;
};
