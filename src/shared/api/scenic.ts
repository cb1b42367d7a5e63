import { z } from 'zod';
import { ScenicLevel } from '../dict/scenic.ts';
import { AccountUsernameSchema } from './accounts.ts';
import { EnableStatusSchema, ImageUrlSchema } from './general.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema, TimeOfDaySchema } from './common.ts';
import { RichTextSchema } from './notices.ts';
import { key, required, text } from './fields.ts';

export { scenicApi } from './endpoints.ts';

/** /scenic/sceManageDetail: an area's profile, and a new area (platform administrators). */
export const scenicProfileApi = endpoints('/web/api/ticket/scenic', ['query', 'update', 'create']);
/** The mini-program's read of an enabled area's profile: no login, cacheable (docs/api.md). */
export const publicScenicApi = endpoints('/api/public/scenic', ['profile']);

export const SCENIC_SORT_FIELDS = ['code', 'name', 'createTime'] as const;

export const ScenicPageSchema = listQuerySchema(SCENIC_SORT_FIELDS, {
  name: text(100).optional(),
  status: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional(),
});

export const ScenicRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
  status: z.number().int(),
  createTime: z.string(),
});
export type ScenicRow = z.infer<typeof ScenicRowSchema>;

// ---- the profile ----

/** Upper bounds of the profile form. */
export const SCENIC_LIMITS = { seasons: 12, gallery: 9, traffic: 2000 } as const;

/** Days of each month in a leap year: 02-29 is a day a season may name. */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** A day of the year, "MM-DD" (a season recurs every year). */
export const MonthDaySchema = z
  .string()
  .regex(/^\d{2}-\d{2}$/, { error: key('monthDay') })
  .refine(
    (v) => {
      const [m, d] = v.split('-').map(Number) as [number, number];
      return m >= 1 && m <= 12 && d >= 1 && d <= MONTH_DAYS[m - 1]!;
    },
    { error: key('monthDay') },
  );

/** Day 0-365 of a leap year. */
function dayOfYear(monthDay: string): number {
  const [m, d] = monthDay.split('-').map(Number) as [number, number];
  return MONTH_DAYS.slice(0, m - 1).reduce((a, b) => a + b, 0) + d - 1;
}

/** The days a season covers; `from` after `to` wraps over the new year (a winter season). */
export function seasonDays(season: { from: string; to: string }): Set<number> {
  const from = dayOfYear(season.from);
  const to = dayOfYear(season.to);
  const days = new Set<number>();
  for (let d = from; ; d = (d + 1) % 366) {
    days.add(d);
    if (d === to) break;
  }
  return days;
}

export const OpeningSeasonSchema = z
  .object({
    name: required(20),
    from: MonthDaySchema,
    to: MonthDaySchema,
    openTime: TimeOfDaySchema,
    closeTime: TimeOfDaySchema,
  })
  .strict()
  // "HH:mm" strings of equal length compare in time order
  .refine((s) => s.openTime < s.closeTime, { error: key('openBeforeClose'), path: ['closeTime'] });
export type OpeningSeason = z.infer<typeof OpeningSeasonSchema>;

/** The seasons of a year, each day in at most one of them. */
export const OpeningSeasonsSchema = z
  .array(OpeningSeasonSchema)
  .max(SCENIC_LIMITS.seasons)
  .superRefine((seasons, ctx) => {
    const seen = new Set<number>();
    seasons.forEach((season, i) => {
      const days = seasonDays(season);
      if ([...days].some((d) => seen.has(d)))
        ctx.addIssue({ code: 'custom', path: [i, 'from'], message: key('seasonOverlap') });
      for (const d of days) seen.add(d);
    });
  });

const LatitudeSchema = z.number().min(-90).max(90).nullable();
const LongitudeSchema = z.number().min(-180).max(180).nullable();
const PhoneSchema = z
  .string()
  .trim()
  .max(30)
  .regex(/^[\d\s()+-]*$/);
const NameSchema = required(100);

/** Both ends of a position are given, or neither. */
export const positionIssue = (v: { latitude?: number | null; longitude?: number | null }) =>
  (v.latitude == null) !== (v.longitude == null);

const profileFields = {
  name: NameSchema,
  level: dictCodeSchema(ScenicLevel),
  contact: text(50),
  phone: PhoneSchema,
  address: text(200),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  openingSeasons: OpeningSeasonsSchema,
  cover: ImageUrlSchema,
  gallery: z.array(ImageUrlSchema.min(1, { error: key('required') })).max(SCENIC_LIMITS.gallery),
  /** Rich text (the editor's HTML), sanitised by the server. */
  intro: RichTextSchema,
  traffic: z.string().trim().max(SCENIC_LIMITS.traffic),
  /** Only a platform administrator enables or disables an area. */
  status: EnableStatusSchema,
};

/** Only the fields sent change; the position is checked again on the merged record (server). */
export const ScenicProfileUpdateSchema = z
  .object({
    id: IdSchema,
    name: profileFields.name.optional(),
    level: profileFields.level.optional(),
    contact: profileFields.contact.optional(),
    phone: profileFields.phone.optional(),
    address: profileFields.address.optional(),
    latitude: profileFields.latitude.optional(),
    longitude: profileFields.longitude.optional(),
    openingSeasons: profileFields.openingSeasons.optional(),
    cover: profileFields.cover.optional(),
    gallery: profileFields.gallery.optional(),
    intro: profileFields.intro.optional(),
    traffic: profileFields.traffic.optional(),
    status: profileFields.status.optional(),
  })
  .strict()
  .refine((v) => v.latitude === undefined || v.longitude === undefined || !positionIssue(v), {
    path: ['longitude'],
    error: key('latLngPair'),
  });
export type ScenicProfileUpdate = z.infer<typeof ScenicProfileUpdateSchema>;

export const ScenicProfileSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  level: z.number().int(),
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  openingSeasons: z.array(OpeningSeasonSchema),
  cover: z.string(),
  gallery: z.array(z.string()),
  intro: z.string(),
  traffic: z.string(),
  status: z.number().int(),
  updateTime: z.string(),
});
export type ScenicProfile = z.infer<typeof ScenicProfileSchema>;

// ---- a new area (platform administrators) ----

export const ScenicCreateSchema = z
  .object({
    code: required(32).regex(/^[A-Za-z0-9_-]+$/, { error: key('areaCode') }),
    name: NameSchema,
    level: profileFields.level.default(0),
    contact: profileFields.contact.default(''),
    phone: profileFields.phone.default(''),
    address: profileFields.address.default(''),
    /** The area's own administrator, created with it (an initial password it must change). */
    adminUsername: AccountUsernameSchema,
    adminNickname: text(64).default(''),
  })
  .strict();
export type ScenicCreate = z.infer<typeof ScenicCreateSchema>;

/** The new area and its administrator; the initial password is shown once, never stored in clear. */
export const ScenicCreatedSchema = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  adminUsername: z.string(),
  initialPassword: z.string(),
});
export type ScenicCreated = z.infer<typeof ScenicCreatedSchema>;

// ---- public read (mini-program) ----

export const PublicScenicQuerySchema = z.object({ scenicId: IdSchema }).strict();

/** What a visitor sees: no code, contact person, status or times. */
export const PublicScenicProfileSchema = ScenicProfileSchema.pick({
  id: true,
  name: true,
  level: true,
  phone: true,
  address: true,
  latitude: true,
  longitude: true,
  openingSeasons: true,
  cover: true,
  gallery: true,
  intro: true,
  traffic: true,
});
export type PublicScenicProfile = z.infer<typeof PublicScenicProfileSchema>;
