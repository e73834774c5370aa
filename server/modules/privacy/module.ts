import { defineModule, mount } from '../module.ts';
import { privacyJobs } from './jobs.ts';
import { privacyRoutes } from './routes.ts';
import { createPrivacyService, type PrivacyDeps } from './service.ts';

/** Export my data (a streamed ZIP job) and delete my account, under `/api/account` beside the other account controls. */
export const privacyModule = defineModule({
  name: 'privacy',
  create(core, deps: Pick<PrivacyDeps, 'credits'>) {
    const { config } = core;
    const privacy = createPrivacyService({
      db: core.db,
      storage: core.storage,
      clock: core.clock,
      jobs: core.jobs,
      mailer: core.mailer,
      credits: deps.credits,
      settings: { publicUrl: config.PUBLIC_URL },
      log: core.log,
    });
    return {
      service: privacy,
      routes: { public: [mount(privacyRoutes, { prefix: '/api/account', privacy, cookieSecure: config.cookieSecure })] },
      jobs: (log) => privacyJobs(privacy, log),
    };
  },
});
