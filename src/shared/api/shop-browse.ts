import { z } from 'zod';
import { CarouselDisplay } from '../dict/shop-content.ts';
import { dictCodeSchema, endpoints, IdSchema, PageQuerySchema } from './common.ts';
import { key, text } from './fields.ts';

/**
 * The mini-program's shop calls (docs/api.md "Shop"): browsing (client token + X-Scenic-Id) and the
 * member's cart (+ X-Member-Token).
 */

export const shopBrowseApi = endpoints('/api/member/shop', [
  'categories',
  'goods',
  'goodsDetail',
  'carousel',
  'modules',
  'cart',
  'cartAdd',
  'cartUpdate',
  'cartRemove',
]);

export const BrowseCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  children: z.array(z.object({ id: z.number().int(), name: z.string(), icon: z.string() })),
});
export type BrowseCategory = z.infer<typeof BrowseCategorySchema>;

export const BROWSE_GOODS_SORT_FIELDS = ['sort', 'sales', 'price', 'createTime'] as const;
export const BrowseGoodsQuerySchema = PageQuerySchema.extend({
  /** a top-level category includes its children */
  categoryId: IdSchema.optional(),
  name: text(60).optional(),
  sort: z.enum(BROWSE_GOODS_SORT_FIELDS).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
}).strict();
export type BrowseGoodsQuery = z.infer<typeof BrowseGoodsQuerySchema>;

export const BrowseGoodsCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subtitle: z.string(),
  cover: z.string(),
  /** cents: the cheapest and dearest SKU */
  minPrice: z.number().int(),
  maxPrice: z.number().int(),
  sales: z.number().int(),
  /** false when every SKU is sold out */
  inStock: z.boolean(),
});
export type BrowseGoodsCard = z.infer<typeof BrowseGoodsCardSchema>;

export const BrowseGoodsDetailSchema = BrowseGoodsCardSchema.extend({
  categoryId: z.number().int(),
  gallery: z.array(z.string()),
  detail: z.string(),
  /** the effective services it shows */
  services: z.array(z.object({ id: z.number().int(), name: z.string(), description: z.string() })),
  specs: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  skus: z.array(
    z.object({
      id: z.number().int(),
      specValues: z.array(z.string()),
      image: z.string(),
      price: z.number().int(),
      originalPrice: z.number().int(),
      stock: z.number().int(),
    }),
  ),
});
export type BrowseGoodsDetail = z.infer<typeof BrowseGoodsDetailSchema>;

export const BrowseCarouselQuerySchema = z
  .object({ display: dictCodeSchema(CarouselDisplay).optional() })
  .strict();
export const BrowseCarouselSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  display: z.number().int(),
  linkType: z.number().int(),
  linkId: z.number().int().nullable(),
  linkUrl: z.string(),
});
export type BrowseCarousel = z.infer<typeof BrowseCarouselSchema>;

export const BrowseModuleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.number().int(),
  layout: z.number().int(),
  categoryId: z.number().int().nullable(),
  /** on shelf only: chosen goods in their order, or the category's first `goodsLimit` by sort */
  goods: z.array(BrowseGoodsCardSchema),
});
export type BrowseModule = z.infer<typeof BrowseModuleSchema>;

export const CART_QUANTITY_MAX = 999;
export const CART_LINES_MAX = 50;

export const CartAddSchema = z
  .object({
    skuId: IdSchema,
    quantity: z
      .number()
      .int()
      .min(1, { error: key('quantityPositive') })
      .max(CART_QUANTITY_MAX)
      .default(1),
  })
  .strict();
export const CartUpdateSchema = z
  .object({
    skuId: IdSchema,
    quantity: z
      .number()
      .int()
      .min(1, { error: key('quantityPositive') })
      .max(CART_QUANTITY_MAX),
  })
  .strict();
export const CartRemoveSchema = z
  .object({
    skuIds: z
      .array(IdSchema)
      .min(1, { error: key('required') })
      .max(CART_LINES_MAX),
  })
  .strict();

export const CartLineSchema = z.object({
  skuId: z.number().int(),
  goodsId: z.number().int().nullable(),
  goodsName: z.string(),
  specText: z.string(),
  image: z.string(),
  /** cents, the SKU's price now (0 when gone) */
  price: z.number().int(),
  stock: z.number().int(),
  /** what the member asked for, capped at the stock now */
  quantity: z.number().int(),
  available: z.boolean(),
  /** CartUnavailable: why it cannot be bought now */
  unavailable: z.enum(['gone', 'offShelf', 'soldOut']).nullable(),
  addTime: z.string(),
});
export type CartLine = z.infer<typeof CartLineSchema>;
export const CartSchema = z.object({
  lines: z.array(CartLineSchema),
  /** cents: the available lines' price × quantity */
  total: z.number().int(),
});
export type Cart = z.infer<typeof CartSchema>;
