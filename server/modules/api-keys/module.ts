import { defineModule, mount } from '../module.ts';
import { apiKeyRoutes } from './routes.ts';
import { createApiKeysService } from './service.ts';

/** Personal API keys (`/api/account/api-keys`) and the bearer lookup of the session guard. */
export const apiKeysModule = defineModule({
  name: 'apiKeys',
  create(core) {
    const apiKeys = createApiKeysService({
      db: core.db,
      query: core.database.query,
      clock: core.clock,
      mode: core.config.STRIPE_SECRET_KEY ? 'live' : 'test',
    });
    return { service: apiKeys, routes: { public: [mount(apiKeyRoutes, { prefix: '/api/account/api-keys', apiKeys })] } };
  },
});
