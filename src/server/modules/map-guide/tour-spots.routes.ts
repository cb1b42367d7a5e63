import { and, asc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  MapConfigSchema,
  mapRouteApi,
  positionIssue,
  tourSpotApi,
  TourSpotCreateSchema,
  TourSpotListSchema,
  TourSpotRowSchema,
  TourSpotUpdateSchema,
  type TourSpotList,
  type TourSpotRow,
} from '../../../shared/api/map-guide.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { MapGuideField } from '../../../shared/dict/map-guide.ts';
import { SpotType } from '../../../shared/dict/scenic-spots.ts';
import type { Db } from '../../db/client.ts';
import type { ExportColumn } from '../../http/export.ts';
import { closingColumns } from './map-guide-export.ts';
import { perm, scenicScope } from '../../http/access.ts';
import type { Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { FieldError } from '../../http/errors.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { scenicSpots, type ScenicSpot } from '../scenic-spots/index.ts';
import { activeMap, checkInsideMap, spotBasics, toConfig, voicesOf } from './map-guide.service.ts';

const resource: Resource<typeof scenicSpots> = {
  table: scenicSpots,
  id: scenicSpots.id,
  scenic: scenicSpots.scenicId,
  module: 'mapGuide',
  targetType: 'scenicSpot',
  audit: writeAudit,
};

/** The guide's view of the area's spots, each with its voices. */
export async function tourSpotRows(db: Db, spots: ScenicSpot[]): Promise<TourSpotRow[]> {
  const voices = await voicesOf(
    db,
    spots.map((s) => s.id),
  );
  return spots.map((s) => ({
    ...spotBasics(s),
    latitude: s.latitude,
    longitude: s.longitude,
    sort: s.sort,
    status: s.status,
    voices: voices.get(s.id) ?? [],
    createTime: s.createdAt.toISOString(),
    updateTime: s.updatedAt.toISOString(),
  }));
}

function where(scenicId: number, q: TourSpotList) {
  const filters = [eq(scenicSpots.scenicId, scenicId)];
  if (q.name) filters.push(ilike(scenicSpots.name, likeContains(q.name)));
  if (q.spotType) filters.push(eq(scenicSpots.spotType, q.spotType));
  if (q.status) filters.push(eq(scenicSpots.status, q.status));
  return and(...filters);
}

const SPOT_EXPORT: ExportColumn<TourSpotRow>[] = [
  { header: MapGuideField.name, value: (r) => r.name, width: 24 },
  { header: MapGuideField.spotType, value: (r, lang) => dictLabel(SpotType, r.spotType, lang) },
  { header: MapGuideField.latitude, value: (r) => r.latitude ?? '', kind: 'number' },
  { header: MapGuideField.longitude, value: (r) => r.longitude ?? '', kind: 'number' },
  { header: MapGuideField.voices, value: (r) => r.voices.length, kind: 'number' },
  ...closingColumns<TourSpotRow>(),
];

type Position = { latitude: number | null; longitude: number | null };
async function checkPosition(db: Db, scenicId: number, p: Position) {
  if (p.latitude !== null && p.longitude !== null)
    await checkInsideMap(db, scenicId, [{ lat: p.latitude, lng: p.longitude }], 'latitude');
}

/**
 * docs/product.md §2 /mapGuide/tourSpot and §7 tourSpot calls: the area's scenic spots (the same
 * records as /scenic/viewpoint, docs/decisions.md) with their icon, pictures and position on the map.
 */
export async function tourSpotRoutes(root: FastifyInstance) {
  const { db } = root.ctx;
  registerListResource(root, {
    tag: 'mapGuide',
    api: {
      page: tourSpotApi.list,
      export: tourSpotApi.export,
      create: tourSpotApi.create,
      update: tourSpotApi.update,
      delete: tourSpotApi.deleted,
    },
    perms: {
      page: 'admin:tourSpot:list',
      create: 'admin:tourSpot:create',
      update: 'admin:tourSpot:update',
      delete: 'admin:tourSpot:deleted',
    },
    table: scenicSpots,
    resource,
    where,
    sort: { sort: scenicSpots.sort, name: scenicSpots.name, createTime: scenicSpots.createdAt },
    order: [asc(scenicSpots.sort), asc(scenicSpots.id)],
    rowSchema: TourSpotRowSchema,
    rows: (spots) => tourSpotRows(db, spots),
    page: { summary: 'Spots of the acting area with their voices, by sort order', body: TourSpotListSchema },
    export: {
      summary: 'The spots of the current filter (all pages) as .xlsx',
      fileName: MapGuideField.spotsFile,
      columns: SPOT_EXPORT,
    },
    create: {
      summary: 'Create a spot; its position must lie inside the area guide map',
      body: TourSpotCreateSchema,
      values: async (body, { scope: scenicId }) => {
        await checkPosition(db, scenicId, body);
        return { ...body, scenicId };
      },
    },
    update: {
      summary: 'Edit a spot; only the fields sent change, the position is checked on the result',
      body: TourSpotUpdateSchema,
      guard: async (before, body, { tx, scope }) => {
        const after = {
          latitude: body.latitude === undefined ? before.latitude : body.latitude,
          longitude: body.longitude === undefined ? before.longitude : body.longitude,
        };
        if (positionIssue(after)) throw new FieldError('longitude', ValidationMessage.positionPair);
        if (body.latitude !== undefined || body.longitude !== undefined)
          await checkPosition(tx, scope, after);
      },
    },
    delete: { summary: 'Delete a spot (and its voices)' },
  });

  // hand-registered: a read that is not a list resource (the area's map configuration)
  root.withTypeProvider<ZodTypeProvider>().get(
    mapRouteApi.getMapConfig,
    {
      config: { access: perm('admin:tourSpot:list') },
      schema: {
        tags: ['mapGuide'],
        summary: "The area's guide map (spec §3 map config): its first enabled map, null when none",
        response: { 200: envelopeSchema(MapConfigSchema.nullable()) },
      },
    },
    async (req) => {
      const map = await activeMap(db, scenicScope(req));
      return ok(req, map ? toConfig(map) : null);
    },
  );
}
