import { defineServerModule } from '../../server-module.ts';

export default defineServerModule({
  name: 'members',
  routes: [],
});
