import type { FastifyInstance } from 'fastify';
import { defineServerModule } from '../../lib/server-module.ts';
import { mapGuidePublicRoutes } from './map-guide-public.routes.ts';
import { ensureMapGuideDemoFiles, seedDemoMapGuide } from './map-guide.seed.ts';
import { mapRouteRoutes } from './map-routes.routes.ts';
import { tourMapRoutes } from './tour-maps.routes.ts';
import { tourSpotRoutes } from './tour-spots.routes.ts';
import { voiceTypeRoutes } from './voice-types.routes.ts';

/** The demo's map images and voice clips, written when the server starts with SEED=demo. */
async function demoFiles(app: FastifyInstance) {
  if (app.ctx.config.seed === 'demo') await ensureMapGuideDemoFiles(app.ctx.uploadDir);
}

export default defineServerModule({
  name: 'mapGuide',
  routes: [tourSpotRoutes, voiceTypeRoutes, tourMapRoutes, mapRouteRoutes, mapGuidePublicRoutes, demoFiles],
  seedDemo: seedDemoMapGuide,
});
