import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.table.ts';
import { areaRow } from '../scenic/scenic.table.ts';
import { shopCategories } from './shop.table.ts';
import { timestamps } from '../../db/columns.ts';

const startAt = () => timestamp('start_at', { withTimezone: true });
const endAt = () => timestamp('end_at', { withTimezone: true });

/** /shop/serveModel: a named bundle of service items the goods editor applies (docs/decisions.md "Online shop"). */
export const shopServeModels = pgTable(
  'shop_serve_models',
  {
    ...areaRow(),
    name: varchar('name', { length: 30 }).notNull(),
    /** shop_services ids, in the order shown */
    serviceIds: integer('service_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** new goods start with the services of every effective default template */
    isDefault: boolean('is_default').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** ServiceStatus: 1 effective, 2 invalid */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('shop_serve_models_scenic_idx').on(t.scenicId, t.sort),
    check('shop_serve_models_status_check', sql`${t.status} in (1, 2)`),
  ],
);

/** /shop/carousel: a banner of the shop's home page, shown within its window. */
export const shopCarousels = pgTable(
  'shop_carousels',
  {
    ...areaRow(),
    title: varchar('title', { length: 30 }).notNull(),
    image: varchar('image', { length: 500 }).notNull(),
    /** CarouselLinkType: 1 goods, 2 article, 3 URL, 4 none */
    linkType: smallint('link_type').notNull().default(4),
    /** the goods or article id (no foreign key: a deleted target leaves the banner without its link) */
    linkId: integer('link_id'),
    linkUrl: varchar('link_url', { length: 500 }).notNull().default(''),
    /** CarouselDisplay: 1 carousel, 2 list */
    display: smallint('display').notNull().default(1),
    startAt: startAt(),
    endAt: endAt(),
    sort: integer('sort').notNull().default(0),
    /** EnableStatus */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('shop_carousels_scenic_idx').on(t.scenicId, t.display, t.sort),
    check('shop_carousels_link_type_check', sql`${t.linkType} in (1, 2, 3, 4)`),
    check('shop_carousels_display_check', sql`${t.display} in (1, 2)`),
    check('shop_carousels_status_check', sql`${t.status} in (1, 2)`),
    check(
      'shop_carousels_window_check',
      sql`${t.startAt} is null or ${t.endAt} is null or ${t.endAt} > ${t.startAt}`,
    ),
  ],
);

/** /shop/homeModule: a section of the mini-program's home page listing chosen goods or a category's. */
export const shopHomeModules = pgTable(
  'shop_home_modules',
  {
    ...areaRow(),
    title: varchar('title', { length: 30 }).notNull(),
    /** HomeModuleKind: 1 chosen goods, 2 category */
    kind: smallint('kind').notNull().default(1),
    goodsIds: integer('goods_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** a deleted category leaves the module empty until edited */
    categoryId: integer('category_id').references(() => shopCategories.id, { onDelete: 'set null' }),
    /** HomeModuleLayout */
    layout: smallint('layout').notNull().default(1),
    goodsLimit: integer('goods_limit').notNull().default(6),
    startAt: startAt(),
    endAt: endAt(),
    sort: integer('sort').notNull().default(0),
    /** EnableStatus */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('shop_home_modules_scenic_idx').on(t.scenicId, t.sort),
    check('shop_home_modules_kind_check', sql`${t.kind} in (1, 2)`),
    check('shop_home_modules_layout_check', sql`${t.layout} in (1, 2, 3)`),
    check('shop_home_modules_status_check', sql`${t.status} in (1, 2)`),
    check('shop_home_modules_limit_check', sql`${t.goodsLimit} between 1 and 50`),
    check(
      'shop_home_modules_window_check',
      sql`${t.startAt} is null or ${t.endAt} is null or ${t.endAt} > ${t.startAt}`,
    ),
  ],
);

/** A member's cart line: one SKU and how many; the SKU's goods may later go off the shelf or away. */
export const shopCartItems = pgTable(
  'shop_cart_items',
  {
    ...areaRow(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** no foreign key: a SKU removed from its goods shows as gone, with the names kept below */
    skuId: integer('sku_id').notNull(),
    goodsId: integer('goods_id').notNull(),
    goodsName: varchar('goods_name', { length: 60 }).notNull(),
    specText: varchar('spec_text', { length: 100 }).notNull().default(''),
    quantity: integer('quantity').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('shop_cart_items_member_sku_uq').on(t.memberId, t.skuId),
    check('shop_cart_items_quantity_check', sql`${t.quantity} between 1 and 999`),
  ],
);
