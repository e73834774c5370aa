import { defineModule, mount } from '../module.ts';
import { creditsJobs } from './jobs.ts';
import { creditsRoutes } from './routes.ts';
import { createCreditsService, type CreditsDeps } from './service.ts';
import { spendingRoutes } from './spending-routes.ts';

/**
 * The ledger and holds; `/api/credits` (its packages and cost prediction are answered by payments and pricing) and
 * the spending limits the holds keep to (`/api/account/spending`).
 */
export const creditsModule = defineModule({
  name: 'credits',
  create(core, deps: Pick<CreditsDeps, 'onHoldExpired'>) {
    const { config } = core;
    const credits = createCreditsService({
      db: core.db,
      clock: core.clock,
      settings: { signupBonusCredits: config.SIGNUP_BONUS_CREDITS, holdTtlMinutes: config.HOLD_TTL_MINUTES },
      onHoldExpired: deps.onHoldExpired,
    });
    return {
      service: credits,
      routes: {
        public: [
          mount(creditsRoutes, { prefix: '/api/credits', credits }),
          mount(spendingRoutes, { prefix: '/api/account/spending', spending: credits.spending }),
        ],
      },
      jobs: (log) => creditsJobs(credits, log),
    };
  },
});
