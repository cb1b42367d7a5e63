import { defineServerModule } from '../../server-module.ts';
import { seedDemoDistributors } from './distribution.seed.ts';

export default defineServerModule({
  name: 'distribution',
  // the foundation of issue 17: the stored value of distributors, used by orders and refunds; screens follow
  routes: [],
  seedDemo: seedDemoDistributors,
});
