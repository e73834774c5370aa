import type { AccountService } from '../account/service.ts';
import type { CreditsService } from '../credits/service.ts';
import { defineModule, mount } from '../module.ts';
import type { PrivacyService } from '../privacy/service.ts';
import { createAccountSecurityService } from './account-security.ts';
import { accountSecurityRoutes } from './account-routes.ts';
import { authJobs } from './jobs.ts';
import { authRoutes } from './routes.ts';
import { createAuthService } from './service.ts';

export interface AuthModuleDeps {
  credits: Pick<CreditsService, 'grantSignupBonus'>;
  privacy: Pick<PrivacyService, 'signupBonusAllowed'>;
  account: AccountService;
}

/** Sign-in and sessions (`/api/auth`), and the password and signed-in devices (`/api/account`). */
export const authModule = defineModule({
  name: 'auth',
  create(core, deps: AuthModuleDeps) {
    const { config } = core;
    const auth = createAuthService({
      db: core.db,
      query: core.database.query,
      mailer: core.mailer,
      clock: core.clock,
      settings: {
        publicUrl: config.PUBLIC_URL,
        adminEmails: config.ADMIN_EMAILS,
        sessionTtlDays: config.SESSION_TTL_DAYS,
        magicLinkPerEmail: config.RATE_LIMIT_MAGIC_LINK_PER_EMAIL,
        rateWindowMinutes: config.RATE_LIMIT_WINDOW_MINUTES,
      },
      // An address whose account was deleted before opens a fresh account without a second sign-up bonus.
      onUserCreated: async (tx, user) => deps.credits.grantSignupBonus(tx, user.id, { bonus: await deps.privacy.signupBonusAllowed(tx, user.email) }),
    });
    const accountSecurity = createAccountSecurityService({ db: core.db, clock: core.clock });
    return {
      service: { auth, accountSecurity },
      routes: {
        public: [
          mount(authRoutes, {
            prefix: '/api/auth',
            auth,
            account: deps.account,
            cookieSecure: config.cookieSecure,
            rateLimits: {
              magicLinkPerIp: config.RATE_LIMIT_MAGIC_LINK_PER_IP,
              loginPerIp: config.RATE_LIMIT_LOGIN_PER_IP,
              windowMinutes: config.RATE_LIMIT_WINDOW_MINUTES,
            },
          }),
          // The account controls: password and sessions, under the prefix purchases and privacy share.
          mount(accountSecurityRoutes, {
            prefix: '/api/account',
            security: accountSecurity,
            rateLimits: { loginPerIp: config.RATE_LIMIT_LOGIN_PER_IP, windowMinutes: config.RATE_LIMIT_WINDOW_MINUTES },
          }),
        ],
      },
      jobs: (log) => authJobs(auth, log),
    };
  },
});
