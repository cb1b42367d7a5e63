import { z } from 'zod';
import { TicketStatus } from '../dict/order.ts';
import { BuyChannel, ShelfStatus } from '../dict/product.ts';
import { DepartureState } from '../dict/travel.ts';
import { ImageUrlSchema } from './general.ts';
import {
  DateOnlySchema,
  dictCodeSchema,
  endpoints,
  IdSchema,
  listQuerySchema,
  statusChangeSchema,
} from './common.ts';
import { key, required, text } from './fields.ts';

/** /scenic/travelList: travel packages of an area (docs/api.md "Travel packages"). */
export const travelPackageApi = endpoints('/web/api/admin/travel/package', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'delete',
  'status',
  'productOptions',
]);
/** The departures of one package. */
export const travelDepartureApi = endpoints('/web/api/admin/travel/departure', [
  'list',
  'create',
  'update',
  'delete',
]);
/** /scenic/travelOrderList: the orders of the area's packages (ticket orders with a departure). */
export const travelOrderApi = endpoints('/web/api/admin/travel/order', ['page', 'export', 'totals']);
/** The mini-program's read: packages on shelf with their open departures (no login, cacheable). */
export const publicTravelApi = endpoints('/api/public/travel', ['packages']);

export const MAX_TRAVEL_DAYS = 15;
/** At most this many days in one "add a range of departures" call. */
export const MAX_DEPARTURE_RANGE = 92;

// ---------------------------------------------------------------- packages

export const TRAVEL_SORT_FIELDS = ['name', 'days', 'createTime'] as const;

export const TravelPackagePageSchema = listQuerySchema(TRAVEL_SORT_FIELDS, {
  name: text(60).optional(),
  status: dictCodeSchema(ShelfStatus).optional(),
});
export type TravelPackagePage = z.infer<typeof TravelPackagePageSchema>;

export const ItineraryDaySchema = z
  .object({
    title: required(60),
    description: text(1000).default(''),
    /** ids of the area's ticket products included that day */
    productIds: z.array(IdSchema).max(20).default([]),
  })
  .strict();
export type ItineraryDayInput = z.infer<typeof ItineraryDaySchema>;

const fields = {
  name: required(60),
  cover: ImageUrlSchema,
  days: z.coerce.number().int().min(1).max(MAX_TRAVEL_DAYS),
  itinerary: z.array(ItineraryDaySchema).min(1).max(MAX_TRAVEL_DAYS),
  included: text(1000),
  excluded: text(1000),
  status: dictCodeSchema(ShelfStatus),
};

type Plan = { days?: number | undefined; itinerary?: ItineraryDayInput[] | undefined };
/** The itinerary has one entry per day. */
export const itineraryDaysIssue = (v: Plan) =>
  v.days !== undefined && v.itinerary !== undefined && v.itinerary.length !== v.days;
/** The itinerary includes at least one product (the travellers' tickets are of the first one). */
export const itineraryProductsIssue = (v: Plan) =>
  v.itinerary !== undefined && !v.itinerary.some((d) => d.productIds.length);

export const TravelPackageCreateSchema = z
  .object({
    name: fields.name,
    cover: fields.cover.default(''),
    days: fields.days,
    itinerary: fields.itinerary,
    included: fields.included.default(''),
    excluded: fields.excluded.default(''),
    status: fields.status.default(2),
  })
  .strict()
  .refine((v) => !itineraryDaysIssue(v), { path: ['itinerary'], error: key('itineraryDays') })
  .refine((v) => !itineraryProductsIssue(v), { path: ['itinerary'], error: key('itineraryProducts') });
export type TravelPackageCreate = z.infer<typeof TravelPackageCreateSchema>;

/** Only the fields sent change; days and itinerary are checked again on the result (server). */
export const TravelPackageUpdateSchema = z
  .object({
    id: IdSchema,
    name: fields.name.optional(),
    cover: fields.cover.optional(),
    days: fields.days.optional(),
    itinerary: fields.itinerary.optional(),
    included: fields.included.optional(),
    excluded: fields.excluded.optional(),
    status: fields.status.optional(),
  })
  .strict()
  .refine((v) => !itineraryDaysIssue(v), { path: ['itinerary'], error: key('itineraryDays') })
  .refine((v) => !itineraryProductsIssue(v), { path: ['itinerary'], error: key('itineraryProducts') });
export type TravelPackageUpdate = z.infer<typeof TravelPackageUpdateSchema>;

export const TravelPackageStatusSchema = statusChangeSchema(fields.status);

export const TravelPackageRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  days: z.number().int(),
  itinerary: z.array(
    z.object({ title: z.string(), description: z.string(), productIds: z.array(z.number().int()) }),
  ),
  included: z.string(),
  excluded: z.string(),
  status: z.number().int(),
  /** departures from today on that are open */
  openDepartures: z.number().int(),
  nextDeparture: z.string().nullable(),
  /** the lowest price of those departures, cents */
  minPrice: z.number().int().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TravelPackageRow = z.infer<typeof TravelPackageRowSchema>;

/** A product of the area the itinerary editor offers (`productOptions`). */
export const TravelProductOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type TravelProductOption = z.infer<typeof TravelProductOptionSchema>;

// ---------------------------------------------------------------- departures

export const DepartureListQuerySchema = z.object({ packageId: IdSchema }).strict();

const capacity = z.coerce.number().int().min(1).max(9999);
const price = z.coerce.number().int().min(0).max(100_000_000);

/** Adds one departure per day from `dateFrom` to `dateTo` (at most 92 days); existing dates are skipped. */
export const DepartureCreateSchema = z
  .object({
    packageId: IdSchema,
    dateFrom: DateOnlySchema,
    dateTo: DateOnlySchema,
    /** ISO weekdays 1 (Monday) - 7 to include; all when left out */
    weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7).optional(),
    capacity,
    /** cents per traveller */
    price,
  })
  .strict()
  .refine((v) => v.dateTo >= v.dateFrom, { path: ['dateTo'], error: key('dateRange') })
  .refine(
    (v) =>
      v.dateTo < v.dateFrom ||
      (Date.parse(v.dateTo) - Date.parse(v.dateFrom)) / 86_400_000 < MAX_DEPARTURE_RANGE,
    { path: ['dateTo'], error: key('dateRangeLength') },
  );
export type DepartureCreate = z.infer<typeof DepartureCreateSchema>;

export const DepartureUpdateSchema = z
  .object({
    id: IdSchema,
    capacity: capacity.optional(),
    price: price.optional(),
    state: dictCodeSchema(DepartureState).optional(),
  })
  .strict();
export type DepartureUpdate = z.infer<typeof DepartureUpdateSchema>;

export const DepartureRowSchema = z.object({
  id: z.number().int(),
  packageId: z.number().int(),
  date: z.string(),
  capacity: z.number().int(),
  sold: z.number().int(),
  left: z.number().int(),
  price: z.number().int(),
  state: z.number().int(),
});
export type DepartureRow = z.infer<typeof DepartureRowSchema>;

// ---------------------------------------------------------------- orders

export const TRAVEL_ORDER_SORT_FIELDS = ['createTime', 'departureDate', 'totalAmount'] as const;

export const TravelOrderPageSchema = listQuerySchema(TRAVEL_ORDER_SORT_FIELDS, {
  packageId: IdSchema.optional(),
  departureDateFrom: DateOnlySchema.optional(),
  departureDateTo: DateOnlySchema.optional(),
  status: dictCodeSchema(TicketStatus).optional(),
  orderNo: text(32).optional(),
  /** the buyer's phone, contains */
  phone: text(20).optional(),
  channel: dictCodeSchema(BuyChannel).optional(),
});
export type TravelOrderPage = z.infer<typeof TravelOrderPageSchema>;

export const TravelOrderRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  packageId: z.number().int(),
  packageName: z.string(),
  departureId: z.number().int(),
  departureDate: z.string(),
  travellers: z.number().int(),
  buyerName: z.string(),
  buyerPhone: z.string(),
  totalAmount: z.number().int(),
  paidAmount: z.number().int(),
  refundedAmount: z.number().int(),
  payStatus: z.number().int(),
  status: z.number().int(),
  channel: z.number().int(),
  createTime: z.string(),
});
export type TravelOrderRow = z.infer<typeof TravelOrderRowSchema>;

export const TravelOrderTotalsSchema = z.object({
  count: z.number().int(),
  travellers: z.number().int(),
  totalAmount: z.number().int(),
  paidAmount: z.number().int(),
  refundedAmount: z.number().int(),
});
export type TravelOrderTotals = z.infer<typeof TravelOrderTotalsSchema>;

// ---------------------------------------------------------------- public

export const PublicTravelQuerySchema = z.object({ scenicId: IdSchema }).strict();

export const PublicTravelPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  days: z.number().int(),
  itinerary: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      products: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
  included: z.string(),
  excluded: z.string(),
  departures: z.array(
    z.object({
      id: z.number().int(),
      date: z.string(),
      price: z.number().int().describe('cents per traveller'),
      left: z.number().int().describe('seats left'),
    }),
  ),
});
export type PublicTravelPackage = z.infer<typeof PublicTravelPackageSchema>;
