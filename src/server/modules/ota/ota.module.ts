import { defineServerModule } from '../../lib/server-module.ts';
import { otaInboundRoutes } from './ota-inbound.routes.ts';
import { otaLogRoutes } from './ota-logs.routes.ts';
import { otaMappingEditRoutes, otaMappingRoutes } from './ota-mappings.routes.ts';
import { startOtaJobs } from './ota.jobs.ts';
import { otaRoutes } from './ota.routes.ts';
import { seedDemoOta } from './ota.seed.ts';
import { otaSealedSecrets, useOtaSecretKey } from './secret-box.ts';

export default defineServerModule({
  name: 'ota',
  routes: [otaRoutes, otaMappingRoutes, otaMappingEditRoutes, otaLogRoutes, otaInboundRoutes],
  // used tickets of OTA orders are notified to their platform
  jobs: [(app) => startOtaJobs(app.ctx.db, app.log)],
  seedDemo: seedDemoOta,
  // the channels' secrets are re-sealed by `npm run secrets:rotate`
  plugs: [otaSealedSecrets],
  // the demo seed seals OTA channel secrets: with the configured key when there is one
  configure: (config) => useOtaSecretKey(config.otaSecretKey),
});
