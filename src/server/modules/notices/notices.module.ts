import { defineServerModule } from '../../lib/server-module.ts';
import { noticeRoutes } from './notices.routes.ts';
import { seedDemoNotices } from './notices.seed.ts';

export default defineServerModule({
  name: 'notices',
  routes: [noticeRoutes],
  seedDemo: seedDemoNotices,
});
