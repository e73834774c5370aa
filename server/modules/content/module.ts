import { defineModule, mount } from '../module.ts';
import { contentRoutes } from './routes.ts';
import { createContentService } from './service.ts';

/** Generated texts: `/api/content`. */
export const contentModule = defineModule({
  name: 'content',
  create(core) {
    const content = createContentService({ db: core.db, clock: core.clock, publicUrl: core.config.PUBLIC_URL });
    return { service: content, routes: { public: [mount(contentRoutes, { prefix: '/api/content', content })] } };
  },
});
