import { z } from 'zod';
import { DateOnlySchema, endpoints, IdSchema } from './common.ts';
import { daysInclusive } from './inventory.ts';
import { key } from './fields.ts';

/** /shop/salesStatistics: the shop's sales by the area's day, goods and category. */
export const shopStatisticsApi = endpoints('/web/api/admin/shop/salesStatistics', ['query', 'export']);

/** The longest range one query covers (area days, both ends included). */
export const SHOP_STATISTICS_MAX_DAYS = 366;

const filterFields = {
  /** the area's days, both included */
  from: DateOnlySchema,
  to: DateOnlySchema,
  /** a top-level category includes its subcategories */
  categoryId: IdSchema.optional(),
  goodsId: IdSchema.optional(),
};

const withRange = <T extends { from: string; to: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((v) => v.from <= v.to, { error: key('dateRange'), path: ['to'] })
    .refine((v) => v.from > v.to || daysInclusive(v.from, v.to) <= SHOP_STATISTICS_MAX_DAYS, {
      error: key('rangeMax366'),
      path: ['to'],
    });

export const ShopStatisticsQuerySchema = withRange(z.object(filterFields).strict());
export type ShopStatisticsQuery = z.infer<typeof ShopStatisticsQuerySchema>;

/** Which table of the statistics an export writes. */
export const SHOP_STATISTICS_SHEETS = ['day', 'goods', 'category'] as const;
export type ShopStatisticsSheet = (typeof SHOP_STATISTICS_SHEETS)[number];

export const ShopStatisticsExportSchema = withRange(
  z.object({ ...filterFields, sheet: z.enum(SHOP_STATISTICS_SHEETS).default('day') }).strict(),
);
export type ShopStatisticsExport = z.infer<typeof ShopStatisticsExportSchema>;

/** Money in cents. Sales count on the area day of payment, refunds on the day they were done. */
const figures = {
  /** paid orders (with a filter: those holding a matching line) */
  orders: z.number().int(),
  pieces: z.number().int(),
  salesAmount: z.number().int(),
  refundAmount: z.number().int(),
  /** salesAmount - refundAmount */
  netAmount: z.number().int(),
};

export const ShopSalesDaySchema = z.object({ day: z.string(), ...figures });
export type ShopSalesDay = z.infer<typeof ShopSalesDaySchema>;

export const ShopSalesGoodsSchema = z.object({
  goodsId: z.number().int().nullable(),
  goodsName: z.string(),
  categoryName: z.string(),
  orders: z.number().int(),
  pieces: z.number().int(),
  amount: z.number().int(),
  refundedPieces: z.number().int(),
  refundedAmount: z.number().int(),
});
export type ShopSalesGoods = z.infer<typeof ShopSalesGoodsSchema>;

export const ShopSalesCategorySchema = z.object({
  categoryId: z.number().int().nullable(),
  /** "parent / child" for a subcategory */
  categoryName: z.string(),
  orders: z.number().int(),
  pieces: z.number().int(),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
});
export type ShopSalesCategory = z.infer<typeof ShopSalesCategorySchema>;

export const ShopStatisticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  totals: z.object({ ...figures, refunds: z.number().int() }),
  days: z.array(ShopSalesDaySchema),
  goods: z.array(ShopSalesGoodsSchema),
  categories: z.array(ShopSalesCategorySchema),
});
export type ShopStatistics = z.infer<typeof ShopStatisticsSchema>;
