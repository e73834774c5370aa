import type { AuditRecorder } from '../audit/service.ts';
import { defineModule, mount } from '../module.ts';
import { adminToolsRoutes } from './admin-routes.ts';
import { toolsRoutes } from './routes.ts';
import { createToolsService } from './service.ts';

/** The tool catalogue (`/api/tools`); the admin's status, order and featured (`/api/admin`). */
export const toolsModule = defineModule({
  name: 'tools',
  create(core, deps: { audit: AuditRecorder }) {
    const tools = createToolsService({ db: core.db, audit: deps.audit, clock: core.clock });
    return {
      service: tools,
      routes: {
        public: [mount(toolsRoutes, { prefix: '/api/tools', tools })],
        admin: [mount(adminToolsRoutes, { prefix: '/api/admin', tools })],
      },
      seed: () => tools.seed(),
    };
  },
});
