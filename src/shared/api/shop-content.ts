import { z } from 'zod';
import { EnableStatus } from '../dict/account.ts';
import { ServiceStatus } from '../dict/shop.ts';
import { CarouselDisplay, CarouselLinkType, HomeModuleKind, HomeModuleLayout } from '../dict/shop-content.ts';
import { ImageUrlSchema } from './general.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema, statusChangeSchema } from './common.ts';
import { key, text, required } from './fields.ts';

/**
 * The shop's content (docs/product.md §2 /shop/serveModel, /shop/goodServe, /shop/carousel,
 * /shop/homeModule); the mini-program's browse and cart calls are in shop-browse.ts.
 */

const sortSchema = z.coerce.number().int().min(0).max(9999);
const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;
const InstantSchema = z.iso.datetime({ offset: true });
/** An ISO instant, or null for an open end. */
const WindowEndSchema = InstantSchema.nullable();
type Window = { startTime?: string | null | undefined; endTime?: string | null | undefined };
/** The window ends after it starts (either end may be open). */
export const windowIssue = (v: Window) =>
  !!v.startTime && !!v.endTime && Date.parse(v.endTime) <= Date.parse(v.startTime);
const ServiceStatusSchema = dictCodeSchema(ServiceStatus);
const EnableSchema = dictCodeSchema(EnableStatus);
const RequiredImageSchema = ImageUrlSchema.refine((s) => s.length > 0, { error: key('required') });

// ---- /shop/goodServe: the service items goods show ----

export const shopServiceApi = endpoints('/web/api/admin/shop/goodServe', [
  'export',
  'page',
  'create',
  'update',
  'delete',
  'status',
]);

export const SHOP_SERVICE_SORT_FIELDS = ['sort', 'name', 'createTime'] as const;
export const ShopServicePageSchema = listQuerySchema(SHOP_SERVICE_SORT_FIELDS, {
  name: text(30).optional(),
  status: ServiceStatusSchema.optional(),
});
export type ShopServicePage = z.infer<typeof ShopServicePageSchema>;

export const ShopServiceCreateSchema = z
  .object({
    name: required(30),
    description: text(200).default(''),
    sort: sortSchema.default(0),
    status: ServiceStatusSchema.default(1),
  })
  .strict();
export const ShopServiceUpdateSchema = z
  .object({
    id: IdSchema,
    name: required(30).optional(),
    description: text(200).optional(),
    sort: sortSchema.optional(),
    status: ServiceStatusSchema.optional(),
  })
  .strict();
export const ShopServiceStatusSchema = statusChangeSchema(ServiceStatusSchema);

export const ShopServiceRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  /** goods that show it */
  goodsCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ShopServiceRow = z.infer<typeof ShopServiceRowSchema>;

// ---- /shop/serveModel: templates bundling service items ----

export const shopServeModelApi = endpoints('/web/api/admin/shop/serveModel', [
  'export',
  'page',
  'create',
  'update',
  'delete',
  'status',
  'options',
]);

export const SHOP_SERVE_MODEL_SORT_FIELDS = ['sort', 'name', 'createTime'] as const;
export const ShopServeModelPageSchema = listQuerySchema(SHOP_SERVE_MODEL_SORT_FIELDS, {
  name: text(30).optional(),
  status: ServiceStatusSchema.optional(),
});
export type ShopServeModelPage = z.infer<typeof ShopServeModelPageSchema>;

const serviceIdsSchema = z
  .array(IdSchema)
  .min(1, { error: key('required') })
  .max(20)
  .refine(unique, { error: key('listUnique') });

export const ShopServeModelCreateSchema = z
  .object({
    name: required(30),
    serviceIds: serviceIdsSchema,
    /** new goods start with the services of the effective default templates */
    isDefault: z.boolean().default(false),
    sort: sortSchema.default(0),
    status: ServiceStatusSchema.default(1),
  })
  .strict();
export const ShopServeModelUpdateSchema = z
  .object({
    id: IdSchema,
    name: required(30).optional(),
    serviceIds: serviceIdsSchema.optional(),
    isDefault: z.boolean().optional(),
    sort: sortSchema.optional(),
    status: ServiceStatusSchema.optional(),
  })
  .strict();
export const ShopServeModelStatusSchema = statusChangeSchema(ServiceStatusSchema);

const ServiceRefSchema = z.object({ id: z.number().int(), name: z.string(), status: z.number().int() });
export const ShopServeModelRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serviceIds: z.array(z.number().int()),
  /** its services in the template's order (an invalid one keeps its status) */
  services: z.array(ServiceRefSchema),
  isDefault: z.boolean(),
  sort: z.number().int(),
  status: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ShopServeModelRow = z.infer<typeof ShopServeModelRowSchema>;

/** The goods editor's choices: effective templates with their effective services only. */
export const ShopServeModelOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isDefault: z.boolean(),
  serviceIds: z.array(z.number().int()),
});
export type ShopServeModelOption = z.infer<typeof ShopServeModelOptionSchema>;

// ---- /shop/carousel: banners ----

export const shopCarouselApi = endpoints('/web/api/admin/shop/carousel', [
  'export',
  'page',
  'create',
  'update',
  'delete',
  'status',
  'articles',
]);

export const SHOP_CAROUSEL_SORT_FIELDS = ['sort', 'startTime', 'createTime'] as const;
export const ShopCarouselPageSchema = listQuerySchema(SHOP_CAROUSEL_SORT_FIELDS, {
  title: text(30).optional(),
  display: dictCodeSchema(CarouselDisplay).optional(),
  linkType: dictCodeSchema(CarouselLinkType).optional(),
  status: EnableSchema.optional(),
});
export type ShopCarouselPage = z.infer<typeof ShopCarouselPageSchema>;

/** A mini-program page path (`/pages/...`) or an http(s) address. */
const LinkUrlSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^(|\/[^/\\]\S*|https?:\/\/\S+)$/i, { error: key('linkUrl') });

type Link = {
  linkType?: number | undefined;
  linkId?: number | null | undefined;
  linkUrl?: string | undefined;
};
/** The field a link lacks (goods and articles need `linkId`, a URL `linkUrl`), or null. */
export function linkIssue(v: Link): 'linkId' | 'linkUrl' | null {
  if ((v.linkType === 1 || v.linkType === 2) && !v.linkId) return 'linkId';
  if (v.linkType === 3 && !v.linkUrl) return 'linkUrl';
  return null;
}

const carouselChecks = <T extends Link & Window>(schema: z.ZodType<T>) =>
  schema
    .refine((v) => linkIssue(v) !== 'linkId', { path: ['linkId'], error: key('required') })
    .refine((v) => linkIssue(v) !== 'linkUrl', { path: ['linkUrl'], error: key('required') })
    .refine((v) => !windowIssue(v), { path: ['endTime'], error: key('endAfterStart') });

export const ShopCarouselCreateSchema = carouselChecks(
  z
    .object({
      title: required(30),
      image: RequiredImageSchema,
      linkType: dictCodeSchema(CarouselLinkType).default(4),
      /** the goods (1) or article (2) */
      linkId: IdSchema.nullable().default(null),
      linkUrl: LinkUrlSchema.default(''),
      display: dictCodeSchema(CarouselDisplay).default(1),
      startTime: WindowEndSchema.default(null),
      endTime: WindowEndSchema.default(null),
      sort: sortSchema.default(0),
      status: EnableSchema.default(1),
    })
    .strict(),
);
export type ShopCarouselCreate = z.infer<typeof ShopCarouselCreateSchema>;

/** Only the fields sent change; the link and the window are checked again on the merged record (server). */
export const ShopCarouselUpdateSchema = carouselChecks(
  z
    .object({
      id: IdSchema,
      title: required(30).optional(),
      image: RequiredImageSchema.optional(),
      linkType: dictCodeSchema(CarouselLinkType).optional(),
      linkId: IdSchema.nullable().optional(),
      linkUrl: LinkUrlSchema.optional(),
      display: dictCodeSchema(CarouselDisplay).optional(),
      startTime: WindowEndSchema.optional(),
      endTime: WindowEndSchema.optional(),
      sort: sortSchema.optional(),
      status: EnableSchema.optional(),
    })
    .strict(),
);
export type ShopCarouselUpdate = z.infer<typeof ShopCarouselUpdateSchema>;
export const ShopCarouselStatusSchema = statusChangeSchema(EnableSchema);

export const ShopCarouselRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  linkType: z.number().int(),
  linkId: z.number().int().nullable(),
  linkUrl: z.string(),
  /** the linked goods' name or article's title; null when gone or not a goods/article link */
  linkName: z.string().nullable(),
  display: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  sort: z.number().int(),
  status: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ShopCarouselRow = z.infer<typeof ShopCarouselRowSchema>;

/**
 * The link picker's articles: published articles of the area, newest first (`?title=` narrows as the
 * user types), and `?id=` the chosen one whatever the title, so the picker can name it.
 */
export const ShopArticleQuerySchema = z
  .object({ title: text(100).optional(), id: IdSchema.optional() })
  .strict();
export const ShopArticleOptionSchema = z.object({ id: z.number().int(), title: z.string() });
export type ShopArticleOption = z.infer<typeof ShopArticleOptionSchema>;

// ---- /shop/homeModule: the mini-program's home page (spec §7: /web/api/admin/module/...) ----

/** docs/product.md §7 names page, create, update and delete; export is this product's own. */
export const homeModuleApi = endpoints('/web/api/admin/module', [
  'page',
  'create',
  'update',
  'delete',
  'export',
]);

export const HOME_MODULE_SORT_FIELDS = ['sort', 'title', 'createTime'] as const;
export const HomeModulePageSchema = listQuerySchema(HOME_MODULE_SORT_FIELDS, {
  title: text(30).optional(),
  kind: dictCodeSchema(HomeModuleKind).optional(),
  status: EnableSchema.optional(),
});
export type HomeModulePage = z.infer<typeof HomeModulePageSchema>;

export const HOME_MODULE_GOODS_MAX = 50;
const goodsIdsSchema = z
  .array(IdSchema)
  .max(HOME_MODULE_GOODS_MAX)
  .refine(unique, { error: key('listUnique') });
type ModuleContent = {
  kind?: number | undefined;
  goodsIds?: number[] | undefined;
  categoryId?: number | null | undefined;
};
/** The field a module's content lacks (chosen goods need goods, a category module its category), or null. */
export function moduleIssue(v: ModuleContent): 'goodsIds' | 'categoryId' | null {
  if (v.kind === 1 && v.goodsIds !== undefined && v.goodsIds.length === 0) return 'goodsIds';
  if (v.kind === 2 && !v.categoryId) return 'categoryId';
  return null;
}
const moduleChecks = <T extends ModuleContent & Window>(schema: z.ZodType<T>) =>
  schema
    .refine((v) => moduleIssue(v) !== 'goodsIds', { path: ['goodsIds'], error: key('moduleGoodsRequired') })
    .refine((v) => moduleIssue(v) !== 'categoryId', { path: ['categoryId'], error: key('required') })
    .refine((v) => !windowIssue(v), { path: ['endTime'], error: key('endAfterStart') });

export const HomeModuleCreateSchema = moduleChecks(
  z
    .object({
      title: required(30),
      kind: dictCodeSchema(HomeModuleKind).default(1),
      /** kind 1: the goods in the order shown */
      goodsIds: goodsIdsSchema.default([]),
      /** kind 2: a category (a top-level one includes its children) */
      categoryId: IdSchema.nullable().default(null),
      layout: dictCodeSchema(HomeModuleLayout).default(1),
      /** kind 2: how many goods the module shows */
      goodsLimit: z.coerce.number().int().min(1).max(HOME_MODULE_GOODS_MAX).default(6),
      startTime: WindowEndSchema.default(null),
      endTime: WindowEndSchema.default(null),
      sort: sortSchema.default(0),
      status: EnableSchema.default(1),
    })
    .strict(),
);
export type HomeModuleCreate = z.infer<typeof HomeModuleCreateSchema>;

export const HomeModuleUpdateSchema = moduleChecks(
  z
    .object({
      id: IdSchema,
      title: required(30).optional(),
      kind: dictCodeSchema(HomeModuleKind).optional(),
      goodsIds: goodsIdsSchema.optional(),
      categoryId: IdSchema.nullable().optional(),
      layout: dictCodeSchema(HomeModuleLayout).optional(),
      goodsLimit: z.coerce.number().int().min(1).max(HOME_MODULE_GOODS_MAX).optional(),
      startTime: WindowEndSchema.optional(),
      endTime: WindowEndSchema.optional(),
      sort: sortSchema.optional(),
      status: EnableSchema.optional(),
    })
    .strict(),
);
export type HomeModuleUpdate = z.infer<typeof HomeModuleUpdateSchema>;

export const HomeModuleRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.number().int(),
  goodsIds: z.array(z.number().int()),
  /** the chosen goods that still exist, in order, with their shelf status */
  goods: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.number().int() })),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  layout: z.number().int(),
  goodsLimit: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  sort: z.number().int(),
  status: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type HomeModuleRow = z.infer<typeof HomeModuleRowSchema>;
