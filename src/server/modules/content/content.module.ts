import { defineServerModule } from '../../lib/server-module.ts';
import { contentRoutes } from './content.routes.ts';
import { publicContentRoutes } from './content-public.routes.ts';
import { seedDemoContent } from './content.seed.ts';

export default defineServerModule({
  name: 'content',
  routes: [contentRoutes, publicContentRoutes],
  seedDemo: seedDemoContent,
});
