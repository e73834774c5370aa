import { defineModule, mount } from '../module.ts';
import { systemRoutes } from './routes.ts';

/** Health for load balancers and the development host's app config (`/api`); no service of its own. */
export const systemModule = defineModule({
  name: 'system',
  create(core) {
    const { config } = core;
    return {
      service: null,
      routes: {
        public: [mount(systemRoutes, { prefix: '/api', database: core.database, environment: config.APP_ENV, isDevelopment: config.isDevelopment })],
      },
    };
  },
});
