import { z } from 'zod';
import { EnableStatus } from '../dict/account.ts';
import { ReservationSessionStatus, ReservationStatus } from '../dict/reservations.ts';
import {
  DateOnlySchema,
  dictCodeSchema,
  endpoints,
  IdSchema,
  listQuerySchema,
  statusChangeSchema,
  TimeOfDaySchema,
} from './common.ts';
import { IdNumberSchema } from './staff-cards.ts';
import { key, required, text } from './fields.ts';

/** /Make/site, /Make/session, /Make/message: the staff side of free, capacity-limited bookings. */
export const reservationSiteApi = endpoints('/web/api/admin/make/site', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'delete',
  'status',
]);
export const reservationSessionApi = endpoints('/web/api/admin/make/session', [
  'page',
  'export',
  'update',
  'status',
  'generate',
  'sites',
]);
export const reservationApi = endpoints('/web/api/admin/make/message', [
  'page',
  'export',
  'arrive',
  'cancel',
  'sites',
]);

/** The channels' side (client_credentials tokens, docs/api.md "Reservations API"). */
export const openReservationApi = endpoints('/api/open/reservation', [
  'sites',
  'sessions',
  'create',
  'query',
  'cancel',
]);

const name = required(50);
const capacity = z.coerce.number().int().min(1).max(100000);

// ---- sites ----

export const SITE_SORT_FIELDS = ['name', 'capacity', 'createTime'] as const;
export const SitePageSchema = listQuerySchema(SITE_SORT_FIELDS, {
  name: text(50).optional(),
  status: dictCodeSchema(EnableStatus).optional(),
  realName: z.boolean().optional(),
});
export type SitePage = z.infer<typeof SitePageSchema>;

const siteFields = {
  name,
  location: text(100),
  capacity,
  daysAhead: z.coerce.number().int().min(0).max(365),
  closeMinutes: z.coerce.number().int().min(0).max(1440),
  rules: text(2000),
  realName: z.boolean(),
  status: dictCodeSchema(EnableStatus),
};

export const SiteCreateSchema = z
  .object({
    name: siteFields.name,
    location: siteFields.location.default(''),
    capacity: siteFields.capacity,
    daysAhead: siteFields.daysAhead.default(7),
    closeMinutes: siteFields.closeMinutes.default(0),
    rules: siteFields.rules.default(''),
    realName: siteFields.realName.default(false),
    status: siteFields.status.default(1),
  })
  .strict();
export type SiteCreate = z.infer<typeof SiteCreateSchema>;

export const SiteUpdateSchema = z
  .object({
    id: IdSchema,
    name: siteFields.name.optional(),
    location: siteFields.location.optional(),
    capacity: siteFields.capacity.optional(),
    daysAhead: siteFields.daysAhead.optional(),
    closeMinutes: siteFields.closeMinutes.optional(),
    rules: siteFields.rules.optional(),
    realName: siteFields.realName.optional(),
    status: siteFields.status.optional(),
  })
  .strict();
export type SiteUpdate = z.infer<typeof SiteUpdateSchema>;

export const SiteStatusSchema = statusChangeSchema(siteFields.status);

export const SiteRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  capacity: z.number().int(),
  daysAhead: z.number().int(),
  closeMinutes: z.number().int(),
  rules: z.string(),
  realName: z.boolean(),
  status: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type SiteRow = z.infer<typeof SiteRowSchema>;

export const SiteOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.number().int(),
});
export type SiteOption = z.infer<typeof SiteOptionSchema>;

// ---- sessions ----

/** The longest range one generate call covers (like a show range, docs/product.md §5). */
export const GENERATE_MAX_DAYS = 92;

export const SESSION_SORT_FIELDS = ['date', 'booked', 'capacity'] as const;
export const SessionPageSchema = listQuerySchema(SESSION_SORT_FIELDS, {
  siteId: IdSchema.optional(),
  dateFrom: DateOnlySchema.optional(),
  dateTo: DateOnlySchema.optional(),
  status: dictCodeSchema(ReservationSessionStatus).optional(),
});
export type SessionPage = z.infer<typeof SessionPageSchema>;

/** Edit a session's capacity (never below what is booked: 409 on the server). */
export const SessionUpdateSchema = z.object({ id: IdSchema, capacity }).strict();
export type SessionUpdate = z.infer<typeof SessionUpdateSchema>;

/** Open (1) or close (2) sessions; a closed session takes no more bookings. */
export const SessionStatusSchema = statusChangeSchema(dictCodeSchema(ReservationSessionStatus));

export const TimeSlotSchema = z
  .object({ startTime: TimeOfDaySchema, endTime: TimeOfDaySchema })
  .strict()
  .refine((s) => s.endTime > s.startTime, { path: ['endTime'], error: key('endAfterStart') });

const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** A date range, a weekly pattern and time slots: every matching (day, slot) becomes a session. */
export const SessionGenerateSchema = z
  .object({
    siteId: IdSchema,
    dateFrom: DateOnlySchema,
    dateTo: DateOnlySchema,
    /** ISO weekdays, 1 Monday … 7 Sunday */
    weekdays: z
      .array(z.number().int().min(1).max(7))
      .min(1, { error: key('required') })
      .max(7)
      .refine((w) => new Set(w).size === w.length, { error: key('listUnique') }),
    slots: z
      .array(TimeSlotSchema)
      .min(1, { error: key('required') })
      .max(24)
      .refine((s) => new Set(s.map((x) => x.startTime)).size === s.length, {
        error: key('sessionsUnique'),
      }),
    /** Default: the site's capacity */
    capacity: capacity.optional(),
  })
  .strict()
  .refine((v) => v.dateTo >= v.dateFrom, { path: ['dateTo'], error: key('dateOrder') })
  .refine((v) => dayCount(v.dateFrom, v.dateTo) < GENERATE_MAX_DAYS, {
    path: ['dateTo'],
    error: key('showRangeDays'),
  });
export type SessionGenerate = z.infer<typeof SessionGenerateSchema>;

export const SessionGenerateResultSchema = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
});

export const SessionRowSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  siteName: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  remaining: z.number().int(),
  status: z.number().int(),
});
export type SessionRow = z.infer<typeof SessionRowSchema>;

// ---- bookings ----

export const BOOKING_SORT_FIELDS = ['bookedAt'] as const;
export const BookingPageSchema = listQuerySchema(BOOKING_SORT_FIELDS, {
  siteId: IdSchema.optional(),
  /** The session's day */
  dateFrom: DateOnlySchema.optional(),
  dateTo: DateOnlySchema.optional(),
  status: dictCodeSchema(ReservationStatus).optional(),
  phone: text(20).optional(),
  code: text(16).optional(),
});
export type BookingPage = z.infer<typeof BookingPageSchema>;

export const BookingIdSchema = z.object({ id: IdSchema }).strict();

export const BookingRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  sessionId: z.number().int(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  visitorName: z.string(),
  phone: z.string().describe('masked'),
  idNumber: z.string().describe('masked'),
  channel: z.number().int(),
  status: z.number().int(),
  bookedAt: z.string(),
  arrivedAt: z.string().nullable(),
});
export type BookingRow = z.infer<typeof BookingRowSchema>;

// ---- the channels' API ----

export const OpenSitesSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    location: z.string(),
    rules: z.string(),
    realName: z.boolean(),
    daysAhead: z.number().int(),
    closeMinutes: z.number().int(),
  }),
);

export const OpenSessionsQuerySchema = z.object({ siteId: IdSchema, date: DateOnlySchema }).strict();

export const OpenSessionSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number().int(),
  remaining: z.number().int(),
  /** Inside the booking window now */
  bookable: z.boolean(),
});

export const OpenBookSchema = z
  .object({
    sessionId: IdSchema,
    visitorName: name,
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9-]{5,20}$/),
    /** Required where the site requires real names */
    idNumber: IdNumberSchema.optional(),
  })
  .strict();
export type OpenBook = z.infer<typeof OpenBookSchema>;

export const BookingCodeSchema = z
  .object({
    code: required(16),
  })
  .strict();

export const OpenBookingSchema = z.object({
  code: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  sessionId: z.number().int(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  visitorName: z.string(),
  phone: z.string(),
  idNumber: z.string().describe('masked'),
  status: z.number().int(),
  bookedAt: z.string(),
  arrivedAt: z.string().nullable(),
});
export type OpenBooking = z.infer<typeof OpenBookingSchema>;

/** Only the ends of a phone number show in lists (138****5678). */
export function maskPhone(value: string): string {
  if (value.length < 7) return value.replace(/\d(?=\d)/g, '*');
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}

/** ID numbers show only their ends (1101**********1234). */
export function maskIdNumber(value: string): string {
  if (!value) return '';
  if (value.length <= 8)
    return `${value.slice(0, 1)}${'*'.repeat(Math.max(0, value.length - 2))}${value.slice(-1)}`;
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
}

// ---- the mini-program's read (no login, cacheable): the same answers as the channels' API ----

export const publicReservationApi = endpoints('/api/public/reservation', ['sites', 'sessions']);

export const PublicSitesQuerySchema = z.object({ scenicId: IdSchema }).strict();
export const PublicSessionsQuerySchema = z
  .object({ scenicId: IdSchema, siteId: IdSchema, date: DateOnlySchema })
  .strict();
