import { defineServerModule } from '../../lib/server-module.ts';
import { auditRoutes } from './audit.routes.ts';

export default defineServerModule({
  name: 'audit',
  routes: [auditRoutes],
});
