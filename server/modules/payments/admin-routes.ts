import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentsService } from './service.ts';

/** /api/admin/stripe-transactions and the credit packages editor. Every route is `auth: 'admin'`. */
export const adminPaymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, deps) => {
  void app;
  void deps;
};
