import { and, asc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  cornersIssue,
  SelectMarkerQuerySchema,
  tourMapApi,
  TourMapCreateSchema,
  TourMapListSchema,
  TourMapRowSchema,
  TourMapUpdateSchema,
  TourSpotRowSchema,
  type TourMapList,
  type TourMapRow,
} from '../../../shared/api/map-guide.ts';
import { writeAudit } from '../audit/index.ts';
import { MapGuideReason, nearest, pickRadius, placedSpots, toConfig } from './map-guide.service.ts';
import { guideMaps, type GuideMap } from './map-guide.table.ts';
import { tourSpotRows } from './tour-spots.routes.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { FieldError } from '../../http/errors.ts';
import { likeContains } from '../../http/paging.ts';
import { ok } from '../../http/envelope.ts';
import type { Resource } from '../../http/crud.ts';
import { perm, scenicScope } from '../../http/access.ts';

const resource: Resource<typeof guideMaps> = {
  table: guideMaps,
  id: guideMaps.id,
  scenic: guideMaps.scenicId,
  module: 'mapGuide',
  targetType: 'guideMap',
  audit: writeAudit,
};

const toRow = (m: GuideMap): TourMapRow => ({
  ...toConfig(m),
  sort: m.sort,
  status: m.status,
  createTime: m.createdAt.toISOString(),
  updateTime: m.updatedAt.toISOString(),
});

const where = (scenicId: number, q: TourMapList) =>
  and(
    eq(guideMaps.scenicId, scenicId),
    q.name ? ilike(guideMaps.name, likeContains(q.name)) : undefined,
    q.status ? eq(guideMaps.status, q.status) : undefined,
  );

/** docs/product.md §2 /mapGuide/spotGuide and §7 tourMap calls: the area's illustrated maps. */
export async function tourMapRoutes(root: FastifyInstance) {
  const { db } = root.ctx;
  registerListResource(root, {
    tag: 'mapGuide',
    api: {
      page: tourMapApi.list,
      query: tourMapApi.query,
      create: tourMapApi.create,
      update: tourMapApi.update,
      delete: tourMapApi.deleted,
    },
    perms: {
      page: 'admin:tourMap:list',
      create: 'admin:tourMap:create',
      update: 'admin:tourMap:update',
      delete: 'admin:tourMap:deleted',
    },
    table: guideMaps,
    resource,
    where,
    sort: { sort: guideMaps.sort, createTime: guideMaps.createdAt },
    order: [asc(guideMaps.sort), asc(guideMaps.id)],
    rowSchema: TourMapRowSchema,
    rows: (maps) => maps.map(toRow),
    page: { summary: 'Guide maps of the acting area, by sort order', body: TourMapListSchema },
    query: { summary: 'One guide map of the acting area' },
    create: {
      summary: 'Create a guide map: the illustrated image placed by its four corners, with its centre',
      body: TourMapCreateSchema,
      values: (body, { scope: scenicId }) => ({ ...body, scenicId }),
    },
    update: {
      summary: 'Edit a guide map; only the fields sent change, the corners are checked on the result',
      body: TourMapUpdateSchema,
      guard: (before, body) => {
        const pick = <K extends keyof typeof body & keyof GuideMap>(k: K) => body[k] ?? before[k];
        const after = {
          centerSpot: pick('centerSpot'),
          lowerLeft: pick('lowerLeft'),
          lowerRight: pick('lowerRight'),
          upperLeft: pick('upperLeft'),
          upperRight: pick('upperRight'),
        };
        if (cornersIssue(after)) throw new FieldError('centerSpot', MapGuideReason.mapCorners);
      },
    },
    delete: { summary: 'Delete a guide map' },
  });

  // hand-registered: a read that is not a list resource (the spot nearest to a position)
  root.withTypeProvider<ZodTypeProvider>().get(
    tourMapApi.selectMarker,
    {
      config: { access: perm('admin:tourMap:list') },
      schema: {
        tags: ['mapGuide'],
        summary: "The area's spot nearest to lat/lng within the guide map's pick radius (null: none)",
        querystring: SelectMarkerQuerySchema,
        response: { 200: envelopeSchema(TourSpotRowSchema.nullable()) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const spots = await placedSpots(db, scenicId);
      const found = nearest(spots, req.query, await pickRadius(db, scenicId));
      return ok(req, found ? (await tourSpotRows(db, [found]))[0]! : null);
    },
  );
}
