import { z } from 'zod';
import { DateOnlySchema, endpoints, IdSchema, listQuerySchema, TimeOfDaySchema } from './common.ts';
import { key, required, text } from './fields.ts';

/** docs/product.md §2 /ticket/priceCalendar. */
export const priceCalendarApi = endpoints('/web/api/admin/priceCalendar', [
  'products',
  'list',
  'export',
  'batchSet',
  'update',
]);
/** docs/product.md §2 /scenic/period: the time slots of the public stock. */
export const periodApi = endpoints('/web/api/admin/period', ['page', 'create', 'update', 'delete', 'status']);
/** The public stock of the time slots, day by day. */
export const publicStockApi = endpoints('/web/api/admin/period/stock', ['list', 'batchSet']);

/** Days a list (the month views, with the weeks around a month) may span, both ends included. */
export const LIST_MAX_DAYS = 92;
/** Days one bulk edit may span, both ends included (a leap year). */
export const BATCH_MAX_DAYS = 366;
/** Highest stock or capacity of one day. */
export const STOCK_MAX = 1_000_000;
/** Highest price of one day, in cents (1,000,000 yuan). */
export const PRICE_MAX = 100_000_000;

/** Days from `from` to `to`, both included (calendar dates, no time zone involved). */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const StatusSchema = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2)]));

const StockSchema = z.coerce.number().int().min(0).max(STOCK_MAX);
const PriceSchema = z.coerce.number().int().min(0).max(PRICE_MAX);

/** Weekdays as Date#getDay / PostgreSQL dow: 0 Sunday … 6 Saturday. */
export const WeekdaysSchema = z
  .array(z.number().int().min(0).max(6))
  .min(1, { error: key('required') })
  .refine((list) => new Set(list).size === list.length, { error: key('noRepeat') });

const IdListSchema = z
  .array(IdSchema)
  .max(500)
  .refine((list) => new Set(list).size === list.length, { error: key('noRepeat') });

/** A from-to date range, `to` not before `from`, at most `maxDays` days. */
function withRange<T extends { from: string; to: string }>(schema: z.ZodType<T>, maxDays: number) {
  return schema
    .refine((v) => v.from <= v.to, { error: key('dateRange'), path: ['to'] })
    .refine((v) => v.from > v.to || daysInclusive(v.from, v.to) <= maxDays, {
      error: key(maxDays === LIST_MAX_DAYS ? 'rangeMax92' : 'rangeMax366'),
      path: ['to'],
    });
}

const hasChange = (v: { price?: unknown; stock?: unknown; capacity?: unknown; status?: unknown }) =>
  v.price !== undefined || v.stock !== undefined || v.capacity !== undefined || v.status !== undefined;

// ---------------------------------------------------------------------------- price calendar

export const CalendarProductsSchema = z.object({}).strict();

export const CalendarSessionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
export type CalendarSession = z.infer<typeof CalendarSessionSchema>;

export const CalendarProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  productType: z.number().int().describe('ProductType: 1 regular, 2 timed'),
  price: z.number().int().describe('default price, cents'),
  shelfStatus: z.number().int(),
  sessions: z.array(CalendarSessionSchema),
});
export type CalendarProduct = z.infer<typeof CalendarProductSchema>;

export const CalendarListSchema = withRange(
  z.object({ productId: IdSchema, from: DateOnlySchema, to: DateOnlySchema }).strict(),
  LIST_MAX_DAYS,
);
export type CalendarListQuery = z.infer<typeof CalendarListSchema>;

/** The export covers up to a year. */
export const CalendarExportSchema = withRange(
  z.object({ productId: IdSchema, from: DateOnlySchema, to: DateOnlySchema }).strict(),
  BATCH_MAX_DAYS,
);

export const CalendarRowSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  sessionId: z.number().int().nullable().describe('null for a regular product'),
  date: z.string().describe('YYYY-MM-DD'),
  price: z.number().int().describe('cents'),
  stock: z.number().int(),
  sold: z.number().int(),
  status: z.number().int().describe('SaleStatus: 1 on sale, 2 closed'),
  updateTime: z.string(),
});
export type CalendarRow = z.infer<typeof CalendarRowSchema>;

export const CalendarBatchSetSchema = withRange(
  z
    .object({
      productId: IdSchema,
      /** Timed products: which sessions (default all). Regular products: none. */
      sessionIds: IdListSchema.optional(),
      from: DateOnlySchema,
      to: DateOnlySchema,
      weekdays: WeekdaysSchema,
      price: PriceSchema.optional(),
      stock: StockSchema.optional(),
      status: StatusSchema.optional(),
    })
    .strict(),
  BATCH_MAX_DAYS,
).refine(hasChange, { error: key('changeRequired'), path: ['price'] });
export type CalendarBatchSet = z.infer<typeof CalendarBatchSetSchema>;

export const CalendarBatchResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
});

export const CalendarUpdateSchema = z
  .object({
    id: IdSchema,
    price: PriceSchema.optional(),
    stock: StockSchema.optional(),
    status: StatusSchema.optional(),
  })
  .strict()
  .refine(hasChange, { error: key('changeRequired'), path: ['price'] });
export type CalendarUpdate = z.infer<typeof CalendarUpdateSchema>;

// ---------------------------------------------------------------------------- periods

export const PERIOD_SORT_FIELDS = ['name', 'startTime', 'capacity', 'sort', 'createTime'] as const;

export const PeriodPageSchema = listQuerySchema(PERIOD_SORT_FIELDS, {
  name: text(30).optional(),
  status: StatusSchema.optional(),
});
export type PeriodPageQuery = z.infer<typeof PeriodPageSchema>;

const periodFields = {
  name: required(30),
  startTime: TimeOfDaySchema,
  endTime: TimeOfDaySchema,
  capacity: StockSchema,
  status: StatusSchema,
  sort: z.coerce.number().int().min(0).max(9999),
};

const startBeforeEnd = (v: { startTime?: string | undefined; endTime?: string | undefined }) =>
  !v.startTime || !v.endTime || v.startTime < v.endTime;

export const PeriodCreateSchema = z
  .object({
    name: periodFields.name,
    startTime: periodFields.startTime,
    endTime: periodFields.endTime,
    capacity: periodFields.capacity,
    status: periodFields.status.default(1),
    sort: periodFields.sort.default(0),
  })
  .strict()
  .refine(startBeforeEnd, { error: key('timeRange'), path: ['endTime'] });
export type PeriodCreate = z.infer<typeof PeriodCreateSchema>;

export const PeriodUpdateSchema = z
  .object({
    id: IdSchema,
    name: periodFields.name.optional(),
    startTime: periodFields.startTime.optional(),
    endTime: periodFields.endTime.optional(),
    capacity: periodFields.capacity.optional(),
    status: periodFields.status.optional(),
    sort: periodFields.sort.optional(),
  })
  .strict()
  .refine(startBeforeEnd, { error: key('timeRange'), path: ['endTime'] });
export type PeriodUpdate = z.infer<typeof PeriodUpdateSchema>;

export const PeriodStatusSchema = z
  .object({ ids: IdListSchema.min(1, { error: key('required') }), status: StatusSchema })
  .strict();

export const PeriodRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number().int().describe('default capacity of a day'),
  status: z.number().int(),
  sort: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type PeriodRow = z.infer<typeof PeriodRowSchema>;

// ---------------------------------------------------------------------------- public stock

export const PublicStockListSchema = withRange(
  z.object({ from: DateOnlySchema, to: DateOnlySchema }).strict(),
  LIST_MAX_DAYS,
);

export const PublicStockCellSchema = z.object({
  date: z.string(),
  periodId: z.number().int(),
  capacity: z.number().int().describe("the day's own row, or the period's default"),
  sold: z.number().int(),
  status: z.number().int().describe('SaleStatus: 1 on sale, 2 closed'),
  stored: z.boolean().describe('the day has its own row (else the template applies)'),
});
export type PublicStockCell = z.infer<typeof PublicStockCellSchema>;

export const PublicStockListResultSchema = z.object({
  periods: z.array(PeriodRowSchema),
  cells: z.array(PublicStockCellSchema),
});
export type PublicStockListResult = z.infer<typeof PublicStockListResultSchema>;

export const PublicStockBatchSetSchema = withRange(
  z
    .object({
      periodIds: IdListSchema.min(1, { error: key('required') }),
      from: DateOnlySchema,
      to: DateOnlySchema,
      weekdays: WeekdaysSchema,
      capacity: StockSchema.optional(),
      status: StatusSchema.optional(),
    })
    .strict(),
  BATCH_MAX_DAYS,
).refine(hasChange, { error: key('changeRequired'), path: ['capacity'] });
export type PublicStockBatchSet = z.infer<typeof PublicStockBatchSetSchema>;
