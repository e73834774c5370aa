import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { providerStatusResponse } from '../../../contract/admin-providers.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import type { ProviderStatusService } from './provider-status.ts';

const tags = ['admin'];
const admin = { auth: 'admin' } as const;

/** GET /api/admin/settings/providers (System Settings). `auth: 'admin'`. */
export const providerStatusRoutes: FastifyPluginAsyncZod<{ providerStatus: ProviderStatusService }> = async (app, deps) => {
  const { providerStatus } = deps;

  app.get(
    '/settings/providers',
    {
      config: admin,
      schema: {
        tags,
        summary: "The AI providers: whether each key is set, the models asked for, and the last 7 days' failures grouped by the setting to change",
        response: { 200: okSchema(providerStatusResponse) },
      },
    },
    async () => ok(await providerStatus.status()),
  );
};
