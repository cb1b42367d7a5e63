import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  mapRouteApi,
  MapRouteCreateSchema,
  MapRouteListSchema,
  MapRouteRowSchema,
  MapRouteUpdateSchema,
  type MapRouteList,
  type MapRouteRow,
  type Point,
} from '../../../shared/api/map-guide.ts';
import { MapGuideField } from '../../../shared/dict/map-guide.ts';
import { formatDuration } from '../../../shared/dates.ts';
import type { Db } from '../../db/client.ts';
import type { ExportColumn } from '../../http/export.ts';
import { closingColumns } from './map-guide-export.ts';
import type { Resource } from '../../http/crud.ts';
import { FieldError } from '../../http/errors.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { scenicSpots } from '../scenic-spots/index.ts';
import { checkInsideMap, MapGuideReason, pathLength } from './map-guide.service.ts';
import { guideRoutes, type GuideRoute } from './map-guide.table.ts';

const resource: Resource<typeof guideRoutes> = {
  table: guideRoutes,
  id: guideRoutes.id,
  scenic: guideRoutes.scenicId,
  module: 'mapGuide',
  targetType: 'guideRoute',
  audit: writeAudit,
};

const ROUTE_EXPORT: ExportColumn<MapRouteRow>[] = [
  { header: MapGuideField.name, value: (r) => r.name, width: 24 },
  { header: MapGuideField.routeSpots, value: (r) => r.spotIds.length, kind: 'number' },
  { header: MapGuideField.distance, value: (r) => r.distance, kind: 'number' },
  { header: MapGuideField.suggestedDuration, value: (r, lang) => formatDuration(r.duration, lang) },
  ...closingColumns<MapRouteRow>(),
];

export const toRouteRow = (r: GuideRoute): MapRouteRow => ({
  id: r.id,
  name: r.name,
  spotIds: r.spotIds,
  path: r.path,
  distance: r.distance,
  duration: r.duration,
  introduction: r.introduction,
  sort: r.sort,
  status: r.status,
  createTime: r.createdAt.toISOString(),
  updateTime: r.updatedAt.toISOString(),
});

const where = (scenicId: number, q: MapRouteList) =>
  and(
    eq(guideRoutes.scenicId, scenicId),
    q.name ? ilike(guideRoutes.name, likeContains(q.name)) : undefined,
    q.status ? eq(guideRoutes.status, q.status) : undefined,
  );

/** The route's spots are the area's, placed on the map; its path lies inside the map. */
async function checkRoute(db: Db, scenicId: number, body: { spotIds?: number[]; path?: Point[] }) {
  if (body.spotIds) {
    const ids = [...new Set(body.spotIds)];
    const found = await db
      .select({ id: scenicSpots.id, latitude: scenicSpots.latitude })
      .from(scenicSpots)
      .where(and(eq(scenicSpots.scenicId, scenicId), inArray(scenicSpots.id, ids)));
    if (found.length !== ids.length) throw new FieldError('spotIds', MapGuideReason.unknownSpot);
    if (found.some((s) => s.latitude === null)) throw new FieldError('spotIds', MapGuideReason.spotNotPlaced);
  }
  if (body.path) await checkInsideMap(db, scenicId, body.path, 'path');
}

/** docs/product.md §2 /mapGuide/tourRoute and §7 mapRoute calls: suggested routes through the spots. */
export async function mapRouteRoutes(root: FastifyInstance) {
  const { db } = root.ctx;
  registerListResource(root, {
    tag: 'mapGuide',
    api: {
      page: mapRouteApi.list,
      export: mapRouteApi.export,
      query: mapRouteApi.query,
      create: mapRouteApi.create,
      update: mapRouteApi.update,
      delete: mapRouteApi.deleted,
    },
    perms: {
      page: 'admin:mapRoute:list',
      create: 'admin:mapRoute:create',
      update: 'admin:mapRoute:update',
      delete: 'admin:mapRoute:deleted',
    },
    table: guideRoutes,
    resource,
    where,
    sort: { sort: guideRoutes.sort, createTime: guideRoutes.createdAt },
    order: [asc(guideRoutes.sort), asc(guideRoutes.id)],
    rowSchema: MapRouteRowSchema,
    rows: (routes) => routes.map(toRouteRow),
    page: { summary: 'Guide routes of the acting area, by sort order', body: MapRouteListSchema },
    export: {
      summary: 'The routes of the current filter (all pages) as .xlsx',
      fileName: MapGuideField.routesFile,
      columns: ROUTE_EXPORT,
    },
    query: { summary: 'One guide route of the acting area' },
    create: {
      summary:
        'Create a route: ordered spots of the area and a drawn path inside the map; its length from the path',
      body: MapRouteCreateSchema,
      values: async (body, { scope: scenicId }) => {
        await checkRoute(db, scenicId, body);
        return { ...body, scenicId, distance: pathLength(body.path) };
      },
    },
    update: {
      summary: 'Edit a route; only the fields sent change, a new path gives a new length',
      body: MapRouteUpdateSchema,
      guard: (_before, body, { tx, scope }) => checkRoute(tx, scope, body),
      values: (body) => (body.path ? { ...body, distance: pathLength(body.path) } : body),
    },
    delete: { summary: 'Delete a route' },
  });
}
