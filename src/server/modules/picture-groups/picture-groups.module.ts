import { defineServerModule } from '../../lib/server-module.ts';
import { publicPictureGroupRoutes } from './picture-groups-public.routes.ts';
import { groupPictureEditRoutes, groupPictureRoutes } from './group-pictures.routes.ts';
import { pictureGroupRoutes } from './picture-groups.routes.ts';
import { seedDemoPictureGroups } from './picture-groups.seed.ts';

export default defineServerModule({
  name: 'pictureGroups',
  routes: [pictureGroupRoutes, groupPictureRoutes, groupPictureEditRoutes, publicPictureGroupRoutes],
  seedDemo: seedDemoPictureGroups,
});
