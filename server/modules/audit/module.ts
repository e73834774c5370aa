import { defineModule, mount } from '../module.ts';
import { auditRoutes } from './routes.ts';
import { createAuditService } from './service.ts';

/** The admin audit log: every admin write is recorded by the service that makes it, in its transaction. */
export const auditModule = defineModule({
  name: 'audit',
  create(core) {
    const audit = createAuditService({ db: core.db, clock: core.clock });
    return { service: audit, routes: { admin: [mount(auditRoutes, { prefix: '/api/admin', audit })] } };
  },
});
