import type { AuditRecorder } from '../audit/service.ts';
import type { CreditsService } from '../credits/service.ts';
import { defineModule, mount } from '../module.ts';
import { adminUsersRoutes } from './routes.ts';
import { createAdminUsersService } from './service.ts';

/** User Management (`/api/admin`): users and their stats, a user's ledger, manual adjustments. */
export const adminUsersModule = defineModule({
  name: 'admin-users',
  create(core, deps: { credits: Pick<CreditsService, 'adjust' | 'account'>; audit: AuditRecorder }) {
    const users = createAdminUsersService({ db: core.db, clock: core.clock, credits: deps.credits, audit: deps.audit });
    return { service: users, routes: { admin: [mount(adminUsersRoutes, { prefix: '/api/admin', users })] } };
  },
});
