import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../../shared/api/common.ts';
import {
  shopStatisticsApi,
  ShopStatisticsExportSchema,
  ShopStatisticsQuerySchema,
  ShopStatisticsSchema,
  type ShopSalesCategory,
  type ShopSalesDay,
  type ShopSalesGoods,
} from '../../../../shared/api/shop-statistics.ts';
import { ShopStatisticsField as F, ShopStatisticsSheet } from '../../../../shared/dict/shop-statistics.ts';
import { scenicScope } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { sendXlsx, type ExportColumn } from '../../../http/export.ts';
import { shopPerm } from '../shop-access.ts';
import { SHOP_STATISTICS_GOODS_LIMIT, shopStatistics } from './shop-statistics.query.ts';

type DayRow = ShopSalesDay | (Omit<ShopSalesDay, 'day'> & { day: null });

const DAY_COLUMNS: ExportColumn<DayRow>[] = [
  { header: F.day, value: (r, lang) => r.day ?? F.total[lang], kind: 'text', width: 14 },
  { header: F.orders, value: (r) => r.orders, kind: 'number' },
  { header: F.pieces, value: (r) => r.pieces, kind: 'number' },
  { header: F.salesAmount, value: (r) => r.salesAmount, kind: 'money' },
  { header: F.refundAmount, value: (r) => r.refundAmount, kind: 'money' },
  { header: F.netAmount, value: (r) => r.netAmount, kind: 'money' },
];

const GOODS_COLUMNS: ExportColumn<ShopSalesGoods>[] = [
  { header: F.goodsName, value: (r) => r.goodsName, width: 30 },
  { header: F.categoryName, value: (r) => r.categoryName, width: 24 },
  { header: F.orders, value: (r) => r.orders, kind: 'number' },
  { header: F.pieces, value: (r) => r.pieces, kind: 'number' },
  { header: F.amount, value: (r) => r.amount, kind: 'money' },
  { header: F.refundedPieces, value: (r) => r.refundedPieces, kind: 'number' },
  { header: F.refundedAmount, value: (r) => r.refundedAmount, kind: 'money' },
];

const CATEGORY_COLUMNS: ExportColumn<ShopSalesCategory>[] = [
  { header: F.categoryName, value: (r) => r.categoryName, width: 30 },
  { header: F.orders, value: (r) => r.orders, kind: 'number' },
  { header: F.pieces, value: (r) => r.pieces, kind: 'number' },
  { header: F.amount, value: (r) => r.amount, kind: 'money' },
  { header: F.refundedAmount, value: (r) => r.refundedAmount, kind: 'money' },
];

const pageOf =
  <R>(rows: R[]) =>
  async (offset: number, limit: number) =>
    rows.slice(offset, offset + limit);

/** docs/product.md §2 /shop/salesStatistics: the shop's sales of the acting area by area day. */
export async function shopStatisticsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read that is not a list resource
  app.post(
    shopStatisticsApi.query,
    {
      config: { access: shopPerm('shop:statistics:page') },
      schema: {
        tags: ['shop'],
        summary:
          'Sales of the shop over area days from..to (at most 366): paid orders by day of payment, refunds by day done, per goods and category',
        body: ShopStatisticsQuerySchema,
        response: { 200: envelopeSchema(ShopStatisticsSchema) },
      },
    },
    async (req) => {
      const stats = await shopStatistics(db, scenicScope(req), req.body, req.lang);
      return ok(req, { ...stats, goods: stats.goods.slice(0, SHOP_STATISTICS_GOODS_LIMIT) });
    },
  );

  // hand-registered: streams an .xlsx file
  app.post(
    shopStatisticsApi.export,
    {
      config: { access: shopPerm('shop:statistics:page') },
      schema: {
        tags: ['shop'],
        summary:
          'One table of the sales statistics (sheet: day with a total row, goods or category) as an .xlsx download',
        body: ShopStatisticsExportSchema,
      },
    },
    async (req, reply) => {
      const { sheet, ...q } = req.body;
      const stats = await shopStatistics(db, scenicScope(req), q, req.lang);
      const fileName = ShopStatisticsSheet[sheet];
      if (sheet === 'goods')
        return sendXlsx(req, reply, { fileName, columns: GOODS_COLUMNS, fetch: pageOf(stats.goods) });
      if (sheet === 'category')
        return sendXlsx(req, reply, { fileName, columns: CATEGORY_COLUMNS, fetch: pageOf(stats.categories) });
      const { refunds: _refunds, ...totals } = stats.totals;
      const rows: DayRow[] = [...stats.days, { day: null, ...totals }];
      return sendXlsx(req, reply, { fileName, columns: DAY_COLUMNS, fetch: pageOf(rows) });
    },
  );
}
