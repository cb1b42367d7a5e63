import { defineServerModule } from '../../lib/server-module.ts';
import { printTemplateRoutes } from './print-templates.routes.ts';
import { seedDemoPrintTemplates } from './print-templates.seed.ts';

export default defineServerModule({
  name: 'printTemplates',
  routes: [printTemplateRoutes],
  seedDemo: seedDemoPrintTemplates,
});
