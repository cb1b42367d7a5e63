import { mapGuidePermissions } from '../../../shared/perms/map-guide.ts';

/** Every permission of the map guide (for a test account of another area). */
export const MAP_GUIDE_PERMS = Object.keys(mapGuidePermissions.mapGuide);
