import { defineServerModule } from '../../server-module.ts';
import { auditRoutes } from './audit.routes.ts';

export default defineServerModule({
  name: 'audit',
  routes: [auditRoutes],
});
