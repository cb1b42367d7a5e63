import { z } from 'zod';
import { EnableStatus } from '../dict/account.ts';
import { SpotType } from '../dict/scenic-spots.ts';
import { ImageUrlSchema } from './general.ts';
import {
  dictCodeSchema,
  endpoints,
  IdSchema,
  listQuerySchema,
  TimeOfDaySchema,
  statusChangeSchema,
} from './common.ts';
import { key, required, text } from './fields.ts';

/** /scenic/viewpoint: the spots inside an area (docs/product.md §7: `POST …/scenicSpot/page`). */
export const scenicSpotApi = endpoints('/web/api/ticket/scenicSpot', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'delete',
  'status',
]);

export const SCENIC_SPOT_SORT_FIELDS = ['sort', 'name', 'createTime'] as const;

export const ScenicSpotPageSchema = listQuerySchema(SCENIC_SPOT_SORT_FIELDS, {
  name: text(50).optional(),
  spotType: dictCodeSchema(SpotType).optional(),
  status: dictCodeSchema(EnableStatus).optional(),
});
export type ScenicSpotPage = z.infer<typeof ScenicSpotPageSchema>;

const fields = {
  name: required(50),
  spotType: dictCodeSchema(SpotType),
  image: ImageUrlSchema,
  introduction: text(2000),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  /** "HH:mm", or empty when the spot keeps the area's hours. */
  openTime: z.union([TimeOfDaySchema, z.literal('')]),
  closeTime: z.union([TimeOfDaySchema, z.literal('')]),
  sort: z.coerce.number().int().min(0).max(9999),
  status: dictCodeSchema(EnableStatus),
};

type Hours = { openTime?: string | undefined; closeTime?: string | undefined };
/** Both times or neither, and the spot closes after it opens. */
const hoursIssue = (v: Hours) =>
  !!v.openTime !== !!v.closeTime || (v.openTime && v.closeTime && v.closeTime <= v.openTime);

export const ScenicSpotCreateSchema = z
  .object({
    name: fields.name,
    spotType: fields.spotType.default(1),
    image: fields.image.default(''),
    introduction: fields.introduction.default(''),
    latitude: fields.latitude.default(null),
    longitude: fields.longitude.default(null),
    openTime: fields.openTime.default(''),
    closeTime: fields.closeTime.default(''),
    sort: fields.sort.default(0),
    status: fields.status.default(1),
  })
  .strict()
  .refine((v) => !hoursIssue(v), { path: ['closeTime'], error: key('openBeforeClose') });
export type ScenicSpotCreate = z.infer<typeof ScenicSpotCreateSchema>;

/** Only the fields sent change; the hours are checked again on the result (server). */
export const ScenicSpotUpdateSchema = z
  .object({
    id: IdSchema,
    name: fields.name.optional(),
    spotType: fields.spotType.optional(),
    image: fields.image.optional(),
    introduction: fields.introduction.optional(),
    latitude: fields.latitude.optional(),
    longitude: fields.longitude.optional(),
    openTime: fields.openTime.optional(),
    closeTime: fields.closeTime.optional(),
    sort: fields.sort.optional(),
    status: fields.status.optional(),
  })
  .strict()
  .refine((v) => v.openTime === undefined || v.closeTime === undefined || !hoursIssue(v), {
    path: ['closeTime'],
    error: key('openBeforeClose'),
  });
export type ScenicSpotUpdate = z.infer<typeof ScenicSpotUpdateSchema>;

/** The merged record after an update breaks the hours rule. */
export const scenicSpotHoursIssue = hoursIssue;

export const ScenicSpotStatusSchema = statusChangeSchema(fields.status);

export const ScenicSpotRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  spotType: z.number().int(),
  image: z.string(),
  introduction: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  openTime: z.string(),
  closeTime: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ScenicSpotRow = z.infer<typeof ScenicSpotRowSchema>;

// ---- the mini-program's read ----

/** The area's guide: its enabled spots, no login, cacheable (docs/api.md "Scenic spots"). */
export const publicScenicSpotApi = endpoints('/api/public/scenicSpot', ['list']);

export const PublicScenicSpotQuerySchema = z
  .object({ scenicId: IdSchema, spotType: dictCodeSchema(SpotType).optional() })
  .strict();

export const PublicScenicSpotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  spotType: z.number().int(),
  image: z.string(),
  introduction: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  openTime: z.string(),
  closeTime: z.string(),
});
export type PublicScenicSpot = z.infer<typeof PublicScenicSpotSchema>;
