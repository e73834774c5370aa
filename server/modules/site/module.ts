import type { AuditRecorder } from '../audit/service.ts';
import { defineModule, mount } from '../module.ts';
import { siteAdminRoutes } from './admin-routes.ts';
import { siteJobs } from './jobs.ts';
import { siteRoutes } from './routes.ts';
import { createSiteService } from './service.ts';

export interface SiteModuleDeps {
  audit: AuditRecorder;
  /** Whether the Telegram bot is on (the Telegram module's `configured`), for GET /api/site. */
  telegramBot: boolean;
}

/** The public site's calls (`/api`: FAQ, notification banners, operator and landing content, visits) and their editors. */
export const siteModule = defineModule({
  name: 'site',
  create(core, deps: SiteModuleDeps) {
    const { config } = core;
    const site = createSiteService({
      db: core.db,
      clock: core.clock,
      audit: deps.audit,
      log: core.log,
      settings: { publicUrl: config.PUBLIC_URL, legalEntityName: config.LEGAL_ENTITY_NAME, legalJurisdiction: config.LEGAL_JURISDICTION },
    });
    return {
      service: site,
      routes: {
        public: [
          mount(siteRoutes, {
            prefix: '/api',
            site,
            cookieSecure: config.cookieSecure,
            trackPerMinute: config.RATE_LIMIT_TRACK_PER_MINUTE,
            telegramBot: deps.telegramBot,
          }),
        ],
        // The editors' routes name their /admin/ path themselves (besides the admin's FAQ and notification reads).
        admin: [mount(siteAdminRoutes, { prefix: '/api', site })],
      },
      jobs: (log) => siteJobs(site, log),
    };
  },
});
