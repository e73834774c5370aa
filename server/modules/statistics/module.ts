import { defineModule, mount } from '../module.ts';
import { statisticsRoutes } from './routes.ts';
import { createStatisticsService } from './service.ts';

/** Statistics & Analytics and Referrer Tracking (`/api/admin`), answered from the rollup tables. */
export const statisticsModule = defineModule({
  name: 'statistics',
  create(core) {
    const statistics = createStatisticsService({ db: core.db, clock: core.clock });
    return { service: statistics, routes: { admin: [mount(statisticsRoutes, { prefix: '/api/admin', statistics })] } };
  },
});
