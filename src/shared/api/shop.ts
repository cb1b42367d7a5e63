import { z } from 'zod';
import { EnableStatus } from '../dict/account.ts';
import { MANUAL_STOCK_REASONS, ShelfStatus } from '../dict/shop.ts';
import { ImageUrlSchema } from './general.ts';
import {
  dictCodeSchema,
  endpoints,
  IdSchema,
  listQuerySchema,
  PageQuerySchema,
  statusChangeSchema,
} from './common.ts';
import { RICH_TEXT_MAX } from './notices.ts';
import { key, text, required } from './fields.ts';

const sortSchema = z.coerce.number().int().min(0).max(9999);
/** cents, up to ¥1,000,000 */
const centsSchema = z.number().int().min(0).max(100_000_000);
const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;

// ---- /shop/goodType: categories, two levels ----

export const shopCategoryApi = endpoints('/web/api/admin/shop/goodType', [
  'page',
  'export',
  'list',
  'query',
  'create',
  'update',
  'delete',
  'status',
]);

export const SHOP_CATEGORY_SORT_FIELDS = ['sort', 'name', 'createTime'] as const;

/** Top-level categories (paged), each with all its children; a name matches either level. */
export const ShopCategoryPageSchema = listQuerySchema(SHOP_CATEGORY_SORT_FIELDS, {
  name: text(30).optional(),
  status: dictCodeSchema(EnableStatus).optional(),
});
export type ShopCategoryPage = z.infer<typeof ShopCategoryPageSchema>;

const categoryFields = {
  name: required(30),
  /** null: a top-level category; otherwise a top-level category of the same area */
  parentId: IdSchema.nullable(),
  icon: ImageUrlSchema,
  sort: sortSchema,
  status: dictCodeSchema(EnableStatus),
};

export const ShopCategoryCreateSchema = z
  .object({
    name: categoryFields.name,
    parentId: categoryFields.parentId.default(null),
    icon: categoryFields.icon.default(''),
    sort: categoryFields.sort.default(0),
    status: categoryFields.status.default(1),
  })
  .strict();
export type ShopCategoryCreate = z.infer<typeof ShopCategoryCreateSchema>;

export const ShopCategoryUpdateSchema = z
  .object({
    id: IdSchema,
    name: categoryFields.name.optional(),
    parentId: categoryFields.parentId.optional(),
    icon: categoryFields.icon.optional(),
    sort: categoryFields.sort.optional(),
    status: categoryFields.status.optional(),
  })
  .strict();
export type ShopCategoryUpdate = z.infer<typeof ShopCategoryUpdateSchema>;

export const ShopCategoryStatusSchema = statusChangeSchema(categoryFields.status);

const categoryRowShape = {
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  icon: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  /** goods filed directly under it */
  goodsCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
};
export const ShopCategoryChildSchema = z.object(categoryRowShape);
export const ShopCategoryRowSchema = z.object({
  ...categoryRowShape,
  /** a top-level category's subcategories by sort (absent on a subcategory) */
  children: z.array(ShopCategoryChildSchema).optional(),
});
export type ShopCategoryRow = z.infer<typeof ShopCategoryRowSchema>;

/** The whole tree for pickers (`GET list`): enabled and disabled, by sort. */
export const ShopCategoryOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.number().int(),
  children: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.number().int() })),
});
export type ShopCategoryOption = z.infer<typeof ShopCategoryOptionSchema>;

// ---- /shop/good and /shop/goodQuery ----

export const shopGoodApi = endpoints('/web/api/admin/shop/good', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'delete',
  'status',
  'stock',
  'stockMoves',
  'services',
]);

export const SHOP_GOOD_SORT_FIELDS = ['sort', 'sales', 'createTime', 'name'] as const;

export const ShopGoodPageSchema = listQuerySchema(SHOP_GOOD_SORT_FIELDS, {
  name: text(60).optional(),
  /** a top-level category includes its children */
  categoryId: IdSchema.optional(),
  status: dictCodeSchema(ShelfStatus).optional(),
  /** a SKU code, exactly */
  code: text(40).optional(),
  /** only these goods (a picker naming the ones already chosen) */
  ids: z.array(IdSchema).min(1).max(100).optional(),
});
export type ShopGoodPage = z.infer<typeof ShopGoodPageSchema>;

export const SHOP_SPECS_MAX = 3;
export const SHOP_SKUS_MAX = 100;

export const ShopSpecSchema = z
  .object({
    name: required(10),
    values: z
      .array(required(30))
      .min(1, { error: key('required') })
      .max(20)
      .refine(unique, { error: key('listUnique') }),
  })
  .strict();
export type ShopSpecInput = z.infer<typeof ShopSpecSchema>;

/** A SKU of the form: `id` keeps an existing one (its stock changes only by a stock adjustment). */
export const ShopSkuInputSchema = z
  .object({
    id: IdSchema.optional(),
    specValues: z.array(text(30)).max(SHOP_SPECS_MAX),
    code: text(40).default(''),
    image: ImageUrlSchema.default(''),
    price: centsSchema,
    originalPrice: centsSchema.default(0),
    /** the opening stock of a new SKU (written to the stock ledger); ignored for an existing one */
    stock: z.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();
export type ShopSkuInput = z.infer<typeof ShopSkuInputSchema>;

const goodFields = {
  name: required(60),
  subtitle: text(120),
  categoryId: IdSchema,
  cover: ImageUrlSchema,
  gallery: z.array(ImageUrlSchema.pipe(z.string().min(1))).max(9),
  detail: z.string().max(RICH_TEXT_MAX, { error: key('richTextTooLong') }),
  serviceIds: z
    .array(IdSchema)
    .max(20)
    .refine(unique, { error: key('listUnique') }),
  specs: z
    .array(ShopSpecSchema)
    .max(SHOP_SPECS_MAX)
    .refine((specs) => unique(specs.map((s) => s.name)), { error: key('listUnique') }),
  skus: z
    .array(ShopSkuInputSchema)
    .min(1, { error: key('required') })
    .max(SHOP_SKUS_MAX),
  status: dictCodeSchema(ShelfStatus),
  sort: sortSchema,
};

export const ShopGoodCreateSchema = z
  .object({
    name: goodFields.name,
    subtitle: goodFields.subtitle.default(''),
    categoryId: goodFields.categoryId,
    cover: goodFields.cover.default(''),
    gallery: goodFields.gallery.default([]),
    detail: goodFields.detail.default(''),
    serviceIds: goodFields.serviceIds.default([]),
    specs: goodFields.specs.default([]),
    skus: goodFields.skus,
    status: goodFields.status.default(2),
    sort: goodFields.sort.default(0),
  })
  .strict();
export type ShopGoodCreate = z.infer<typeof ShopGoodCreateSchema>;

/** Only the fields sent change; specifications and SKUs change together (both sent, or neither). */
export const ShopGoodUpdateSchema = z
  .object({
    id: IdSchema,
    name: goodFields.name.optional(),
    subtitle: goodFields.subtitle.optional(),
    categoryId: goodFields.categoryId.optional(),
    cover: goodFields.cover.optional(),
    gallery: goodFields.gallery.optional(),
    detail: goodFields.detail.optional(),
    serviceIds: goodFields.serviceIds.optional(),
    specs: goodFields.specs.optional(),
    skus: goodFields.skus.optional(),
    status: goodFields.status.optional(),
    sort: goodFields.sort.optional(),
  })
  .strict()
  .refine((v) => (v.specs === undefined) === (v.skus === undefined), {
    path: ['skus'],
    error: key('required'),
  });
export type ShopGoodUpdate = z.infer<typeof ShopGoodUpdateSchema>;

/** Bulk shelf on / off: 1 on shelf, 2 off shelf. */
export const ShopGoodStatusSchema = statusChangeSchema(goodFields.status);

export const ShopSkuSchema = z.object({
  id: z.number().int(),
  specValues: z.array(z.string()),
  code: z.string(),
  image: z.string(),
  price: z.number().int(),
  originalPrice: z.number().int(),
  stock: z.number().int(),
});
export type ShopSku = z.infer<typeof ShopSkuSchema>;

export const ShopGoodRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subtitle: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  cover: z.string(),
  status: z.number().int(),
  sort: z.number().int(),
  sales: z.number().int(),
  /** the cheapest and dearest SKU (cents) and the stock of all SKUs */
  minPrice: z.number().int(),
  maxPrice: z.number().int(),
  stock: z.number().int(),
  skuCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ShopGoodRow = z.infer<typeof ShopGoodRowSchema>;

export const ShopGoodDetailSchema = ShopGoodRowSchema.extend({
  gallery: z.array(z.string()),
  detail: z.string(),
  serviceIds: z.array(z.number().int()),
  specs: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  skus: z.array(ShopSkuSchema),
});
export type ShopGoodDetail = z.infer<typeof ShopGoodDetailSchema>;

/** A stock adjustment by hand: never below 0 (409), written to the stock ledger with its reason. */
export const ShopStockAdjustSchema = z
  .object({
    skuId: IdSchema,
    delta: z
      .number()
      .int()
      .min(-1_000_000)
      .max(1_000_000)
      .refine((n) => n !== 0, { error: key('changeNonZero') }),
    reason: z.coerce
      .number()
      .int()
      .refine((n) => (MANUAL_STOCK_REASONS as readonly number[]).includes(n)),
    note: text(200).default(''),
  })
  .strict();
export type ShopStockAdjust = z.infer<typeof ShopStockAdjustSchema>;

export const ShopStockMovePageSchema = PageQuerySchema.extend({
  goodsId: IdSchema,
  skuId: IdSchema.optional(),
}).strict();

export const ShopStockMoveRowSchema = z.object({
  id: z.number().int(),
  skuId: z.number().int(),
  specValues: z.array(z.string()),
  delta: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.number().int(),
  note: z.string(),
  orderNo: z.string().nullable(),
  operator: z.string().nullable(),
  createTime: z.string(),
});
export type ShopStockMoveRow = z.infer<typeof ShopStockMoveRowSchema>;

/** The effective services a goods item may show (the goods form's choices). */
export const ShopServiceOptionSchema = z.object({ id: z.number().int(), name: z.string() });

// ---- the mini-program's shop (member API: client token, X-Scenic-Id, X-Member-Token) ----

export const shopMemberApi = endpoints('/api/member/shop', ['placeOrder']);

export const SHOP_ORDER_LINES_MAX = 20;

/** S1: a member places an order; stock is taken at once (until paid or expired). `Idempotency-Key` required. */
export const ShopPlaceOrderSchema = z
  .object({
    lines: z
      .array(
        z
          .object({
            skuId: IdSchema,
            quantity: z
              .number()
              .int()
              .min(1, { error: key('quantityPositive') })
              .max(999),
          })
          .strict(),
      )
      .min(1, { error: key('required') })
      .max(SHOP_ORDER_LINES_MAX)
      .refine((lines) => unique(lines.map((l) => l.skuId)), { error: key('listUnique') }),
    receiverName: required(30),
    receiverPhone: z
      .string()
      .trim()
      .regex(/^1\d{10}$/, { error: key('mobile') }),
    receiverAddress: required(200),
    remark: text(200).default(''),
    /** a coupon the member holds, of use 0 (any) or 2 (shop): reserved by the order, spent when it is paid */
    memberCouponId: IdSchema.optional(),
  })
  .strict();
export type ShopPlaceOrder = z.infer<typeof ShopPlaceOrderSchema>;

export const ShopPlacedOrderSchema = z.object({
  orderNo: z.string(),
  status: z.number().int(),
  goodsAmount: z.number().int(),
  freight: z.number().int(),
  /** the coupon's discount (cents) */
  discount: z.number().int(),
  payAmount: z.number().int(),
  expiresAt: z.string(),
  lines: z.array(
    z.object({
      skuId: z.number().int(),
      goodsName: z.string(),
      specText: z.string(),
      price: z.number().int(),
      quantity: z.number().int(),
      amount: z.number().int(),
    }),
  ),
});
export type ShopPlacedOrder = z.infer<typeof ShopPlacedOrderSchema>;
