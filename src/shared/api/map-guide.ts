import { z } from 'zod';
import { EnableStatus } from '../dict/account.ts';
import { SpotType } from '../dict/scenic-spots.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { key, required, text } from './fields.ts';
import { ImageUrlSchema } from './general.ts';

// docs/product.md §7 map guide calls, kept exactly (docs/map-guide.md).
export const tourSpotApi = endpoints('/web/api/admin/system/tourSpot', [
  'list',
  // not in §7: the list as .xlsx, like every list of the console
  'export',
  'create',
  'update',
  'deleted',
]);
export const tourMapApi = endpoints('/web/api/admin/system/tourMap', [
  'list',
  'create',
  'update',
  'query',
  'deleted',
  'selectMarker',
]);
export const mapRouteApi = endpoints('/web/api/admin/system/mapRoute', [
  'list',
  'export',
  'create',
  'update',
  'query',
  'deleted',
  'getMapConfig',
]);
export const voiceTypeApi = endpoints('/web/api/admin/system/voiceType', [
  'list',
  'create',
  'update',
  'deleted',
]);
/** Multipart field "file"; `?spotId&voiceTypeId` name the spot and the voice it is for. */
export const voiceUploadApi = endpoints('/web/api/ticket/storage', ['uploadVoice']);
/** The mini-program's reads: no login, cacheable. */
export const publicMapGuideApi = endpoints('/api/public/mapGuide', [
  'config',
  'voices',
  'spots',
  'nearest',
  'routes',
]);

/** What an uploaded voice may weigh (docs/map-guide.md). */
export const VOICE_LIMIT_BYTES = 5 * 1024 * 1024;

const Latitude = z.coerce.number().min(-90).max(90);
const Longitude = z.coerce.number().min(-180).max(180);
export const PointSchema = z.object({ lat: Latitude, lng: Longitude }).strict();
export type Point = z.infer<typeof PointSchema>;

const sort = z.coerce.number().int().min(0).max(9999);
const status = dictCodeSchema(EnableStatus);
const row = { id: z.number().int(), createTime: z.string(), updateTime: z.string() };

// ---- spots (the area's scenic spots, docs/decisions.md) ----

export const TOUR_SPOT_SORT_FIELDS = ['sort', 'name', 'createTime'] as const;
export const TourSpotListSchema = listQuerySchema(TOUR_SPOT_SORT_FIELDS, {
  name: text(50).optional(),
  spotType: dictCodeSchema(SpotType).optional(),
  status: status.optional(),
});
export type TourSpotList = z.infer<typeof TourSpotListSchema>;

const spotFields = {
  name: required(50),
  spotType: dictCodeSchema(SpotType),
  icon: ImageUrlSchema,
  image: ImageUrlSchema,
  images: z.array(ImageUrlSchema.pipe(z.string().min(1))).max(9),
  introduction: text(2000),
  latitude: Latitude.nullable(),
  longitude: Longitude.nullable(),
  sort,
  status,
};
type Position = { latitude?: number | null | undefined; longitude?: number | null | undefined };
/** Both or neither: a spot is on the map or not. */
export const positionIssue = (v: Position) =>
  v.latitude !== undefined && v.longitude !== undefined && (v.latitude === null) !== (v.longitude === null);

export const TourSpotCreateSchema = z
  .object({
    name: spotFields.name,
    spotType: spotFields.spotType.default(1),
    icon: spotFields.icon.default(''),
    image: spotFields.image.default(''),
    images: spotFields.images.default([]),
    introduction: spotFields.introduction.default(''),
    latitude: spotFields.latitude.default(null),
    longitude: spotFields.longitude.default(null),
    sort: sort.default(0),
    status: status.default(1),
  })
  .strict()
  .refine((v) => !positionIssue(v), { path: ['longitude'], error: key('positionPair') });
export type TourSpotCreate = z.infer<typeof TourSpotCreateSchema>;

export const TourSpotUpdateSchema = z
  .object({ id: IdSchema, ...partial(spotFields) })
  .strict()
  .refine((v) => !positionIssue(v), { path: ['longitude'], error: key('positionPair') });
export type TourSpotUpdate = z.infer<typeof TourSpotUpdateSchema>;

function partial<S extends Record<string, z.ZodType>>(shape: S) {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof S]: z.ZodOptional<S[K]>;
  };
}

export const SpotVoiceSchema = z.object({
  id: z.number().int(),
  voiceTypeId: z.number().int(),
  url: z.string(),
  /** seconds, read from the file */
  duration: z.number().int(),
});
export type SpotVoice = z.infer<typeof SpotVoiceSchema>;

export const TourSpotRowSchema = z.object({
  ...row,
  name: z.string(),
  spotType: z.number().int(),
  icon: z.string(),
  image: z.string(),
  images: z.array(z.string()),
  introduction: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  sort: z.number().int(),
  status: z.number().int(),
  voices: z.array(SpotVoiceSchema),
});
export type TourSpotRow = z.infer<typeof TourSpotRowSchema>;

export const UploadVoiceQuerySchema = z.object({ spotId: IdSchema, voiceTypeId: IdSchema }).strict();

// ---- voice kinds ----

export const VOICE_TYPE_SORT_FIELDS = ['sort', 'createTime'] as const;
export const VoiceTypeListSchema = listQuerySchema(VOICE_TYPE_SORT_FIELDS, {
  name: text(20).optional(),
  status: status.optional(),
});
export type VoiceTypeList = z.infer<typeof VoiceTypeListSchema>;
const voiceFields = {
  name: required(20),
  /** a BCP 47 tag such as zh-CN, en, yue */
  language: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/),
  sort,
  status,
};
export const VoiceTypeCreateSchema = z
  .object({
    name: voiceFields.name,
    language: voiceFields.language,
    sort: sort.default(0),
    status: status.default(1),
  })
  .strict();
export const VoiceTypeUpdateSchema = z.object({ id: IdSchema, ...partial(voiceFields) }).strict();
export type VoiceTypeUpdate = z.infer<typeof VoiceTypeUpdateSchema>;
export const VoiceTypeRowSchema = z.object({
  ...row,
  name: z.string(),
  language: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
});
export type VoiceTypeRow = z.infer<typeof VoiceTypeRowSchema>;

// ---- guide maps (docs/product.md §3 map config) ----

export const TOUR_MAP_SORT_FIELDS = ['sort', 'createTime'] as const;
export const TourMapListSchema = listQuerySchema(TOUR_MAP_SORT_FIELDS, {
  name: text(50).optional(),
  status: status.optional(),
});
export type TourMapList = z.infer<typeof TourMapListSchema>;

const mapFields = {
  name: required(50),
  image: ImageUrlSchema.pipe(z.string().min(1, { error: key('required') })),
  mapKey: text(100),
  centerSpot: PointSchema,
  lowerLeft: PointSchema,
  lowerRight: PointSchema,
  upperLeft: PointSchema,
  upperRight: PointSchema,
  personLayerId: text(50),
  mapStyleId: text(50),
  /** how far from a position a spot is still picked (selectMarker), metres */
  radius: z.coerce.number().int().min(5).max(5000),
  sort,
  status,
};
export type MapCorners = Pick<
  z.infer<z.ZodObject<typeof mapFields>>,
  'centerSpot' | 'lowerLeft' | 'lowerRight' | 'upperLeft' | 'upperRight'
>;

/** The box of the four corners: south, west, north, east. */
export function mapBounds(m: Omit<MapCorners, 'centerSpot'>) {
  return {
    south: Math.min(m.lowerLeft.lat, m.lowerRight.lat),
    north: Math.max(m.upperLeft.lat, m.upperRight.lat),
    west: Math.min(m.lowerLeft.lng, m.upperLeft.lng),
    east: Math.max(m.lowerRight.lng, m.upperRight.lng),
  };
}
export const insideMap = (m: Omit<MapCorners, 'centerSpot'>, p: Point) => {
  const b = mapBounds(m);
  return p.lat >= b.south && p.lat <= b.north && p.lng >= b.west && p.lng <= b.east;
};
/** The upper corners north of the lower ones, the right east of the left, the centre inside. */
export const cornersIssue = (m: MapCorners) =>
  Math.max(m.lowerLeft.lat, m.lowerRight.lat) >= Math.min(m.upperLeft.lat, m.upperRight.lat) ||
  Math.max(m.lowerLeft.lng, m.upperLeft.lng) >= Math.min(m.lowerRight.lng, m.upperRight.lng) ||
  !insideMap(m, m.centerSpot);

export const TourMapCreateSchema = z
  .object({
    ...mapFields,
    mapKey: mapFields.mapKey.default(''),
    personLayerId: mapFields.personLayerId.default(''),
    mapStyleId: mapFields.mapStyleId.default(''),
    radius: mapFields.radius.default(50),
    sort: sort.default(0),
    status: status.default(1),
  })
  .strict()
  .refine((v) => !cornersIssue(v), { path: ['centerSpot'], error: key('mapCorners') });
export type TourMapCreate = z.infer<typeof TourMapCreateSchema>;
export const TourMapUpdateSchema = z.object({ id: IdSchema, ...partial(mapFields) }).strict();
export type TourMapUpdate = z.infer<typeof TourMapUpdateSchema>;

export const MapConfigSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  mapKey: z.string(),
  centerSpot: PointSchema,
  lowerLeft: PointSchema,
  lowerRight: PointSchema,
  upperLeft: PointSchema,
  upperRight: PointSchema,
  personLayerId: z.string(),
  mapStyleId: z.string(),
  radius: z.number().int(),
});
export type MapConfig = z.infer<typeof MapConfigSchema>;
export const TourMapRowSchema = MapConfigSchema.extend({
  ...row,
  sort: z.number().int(),
  status: z.number().int(),
});
export type TourMapRow = z.infer<typeof TourMapRowSchema>;

export const SelectMarkerQuerySchema = z.object({ lat: Latitude, lng: Longitude }).strict();

// ---- routes ----

export const MAP_ROUTE_SORT_FIELDS = ['sort', 'createTime'] as const;
export const MapRouteListSchema = listQuerySchema(MAP_ROUTE_SORT_FIELDS, {
  name: text(50).optional(),
  status: status.optional(),
});
export type MapRouteList = z.infer<typeof MapRouteListSchema>;
const routeFields = {
  name: required(50),
  spotIds: z.array(IdSchema).min(2).max(50),
  path: z.array(PointSchema).min(2).max(1000),
  /** suggested duration, minutes */
  duration: z.coerce.number().int().min(1).max(1440),
  introduction: text(1000),
  sort,
  status,
};
const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function metresBetween(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The length of a drawn path, whole metres (the server stores it; the console shows it while drawing). */
export const pathLength = (path: Point[]) =>
  Math.round(path.slice(1).reduce((sum, p, i) => sum + metresBetween(path[i]!, p), 0));

export const MapRouteCreateSchema = z
  .object({
    ...routeFields,
    introduction: routeFields.introduction.default(''),
    sort: sort.default(0),
    status: status.default(1),
  })
  .strict();
export type MapRouteCreate = z.infer<typeof MapRouteCreateSchema>;
export const MapRouteUpdateSchema = z.object({ id: IdSchema, ...partial(routeFields) }).strict();
export type MapRouteUpdate = z.infer<typeof MapRouteUpdateSchema>;
export const MapRouteRowSchema = z.object({
  ...row,
  name: z.string(),
  spotIds: z.array(z.number().int()),
  path: z.array(PointSchema),
  /** metres, computed from the path */
  distance: z.number().int(),
  duration: z.number().int(),
  introduction: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
});
export type MapRouteRow = z.infer<typeof MapRouteRowSchema>;

// ---- the mini-program's reads ----

export const PublicAreaQuerySchema = z.object({ scenicId: IdSchema }).strict();
export const PublicSpotsQuerySchema = z
  .object({ scenicId: IdSchema, voiceTypeId: IdSchema.optional() })
  .strict();
export const PublicNearestQuerySchema = z
  .object({ scenicId: IdSchema, lat: Latitude, lng: Longitude })
  .strict();
export const PublicGuideSpotSchema = TourSpotRowSchema.pick({
  id: true,
  name: true,
  spotType: true,
  icon: true,
  image: true,
  images: true,
  introduction: true,
}).extend({
  latitude: z.number(),
  longitude: z.number(),
  /** the chosen voice's file ('' when the spot has none in that voice) and its seconds */
  voiceUrl: z.string(),
  voiceDuration: z.number().int(),
});
export type PublicGuideSpot = z.infer<typeof PublicGuideSpotSchema>;
export const PublicVoiceSchema = z.object({ id: z.number().int(), name: z.string(), language: z.string() });
export const PublicRouteSchema = MapRouteRowSchema.pick({
  id: true,
  name: true,
  spotIds: true,
  path: true,
  distance: true,
  duration: true,
  introduction: true,
});
export type PublicRoute = z.infer<typeof PublicRouteSchema>;
