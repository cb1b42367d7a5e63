import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { PayWay, TicketStatus } from '../../../shared/dict/order.ts';
import { BuyChannel, ProductType } from '../../../shared/dict/product.ts';
import {
  DetailField as F,
  DetailPageSchema,
  DetailProductOptionSchema,
  DetailRowSchema,
  detailReportApi,
  type DetailPage,
  type DetailRow,
} from '../../../shared/reports/detail-report.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import type { ExportColumn } from '../../http/export.ts';
import { sendXlsxStream } from '../../http/xlsx-stream.ts';
import { areaTimeZone } from '../../lib/area-clock.ts';
import { queryRows } from '../../db/rows.ts';
import { detailBatches, detailPage, detailTotal, detailWhere, withPeriod } from './detail-report.query.ts';

const text = (header: (typeof F)[keyof typeof F], value: (r: DetailRow) => string | null, width = 16) =>
  ({ header, value, width }) satisfies ExportColumn<DetailRow>;

const EXPORT_COLUMNS: ExportColumn<DetailRow>[] = [
  { header: F.id, value: (r) => r.id, kind: 'number', width: 10 },
  text(F.orderNo, (r) => r.orderNo, 22),
  text(F.productName, (r) => r.productName, 24),
  { header: F.productType, value: (r, lang) => dictLabel(ProductType, r.productType, lang) },
  { header: F.channel, value: (r, lang) => dictLabel(BuyChannel, r.channel, lang) },
  { header: F.payWay, value: (r, lang) => (r.payWay == null ? '' : dictLabel(PayWay, r.payWay, lang)) },
  text(F.visitDate, (r) => r.visitDate, 12),
  { header: F.price, value: (r) => r.price, kind: 'money', width: 12 },
  { header: F.status, value: (r, lang) => dictLabel(TicketStatus, r.status, lang) },
  text(F.visitorName, (r) => r.visitorName),
  text(F.visitorPhone, (r) => r.visitorPhone),
  text(F.visitorIdNumber, (r) => r.visitorIdNumber, 20),
  text(F.buyerName, (r) => r.buyerName),
  text(F.buyerPhone, (r) => r.buyerPhone),
  { header: F.entryCount, value: (r) => r.entryCount, kind: 'number', width: 10 },
  { header: F.firstEntryTime, value: (r) => r.firstEntryTime, kind: 'datetime', width: 20 },
  { header: F.printCount, value: (r) => r.printCount, kind: 'number', width: 10 },
  { header: F.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: F.paidTime, value: (r) => r.paidTime, kind: 'datetime', width: 20 },
];

/** /statAnalyse/detailReport: the ticket detail list and its streamed export (docs/statistics.md). */
export async function detailReportRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const config = { access: perm('admin:stat:detailReport') };
  const filterOf = async (req: FastifyRequest) => {
    const scenicId = scenicScope(req);
    const timeZone = await areaTimeZone(db, scenicId);
    const q = withPeriod(req.body as DetailPage, timeZone);
    return { scenicId, q, where: detailWhere(scenicId, q, timeZone) };
  };

  // hand-registered (file): a list over a join of two modules' tables whose total reads a rollup
  // (not one Drizzle table), its export as an .xlsx streamed without a row limit, and a picker's options
  app.post(
    detailReportApi.page,
    {
      config,
      schema: {
        tags: ['statistics'],
        summary: 'Ticket details: one row per ticket sold in the period',
        body: DetailPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(DetailRowSchema)) },
      },
    },
    async (req) => {
      const { scenicId, q, where } = await filterOf(req);
      // the total first (a rollup read): a filter nothing matches, or a page past the end, reads no ticket
      const total = await detailTotal(db, scenicId, q, where);
      const rows = total > (q.page - 1) * q.limit ? await detailPage(db, where, q) : [];
      return ok(req, { rows, total });
    },
  );

  app.post(
    detailReportApi.export,
    {
      config,
      schema: { tags: ['statistics'], summary: 'Ticket details as .xlsx (streamed)', body: DetailPageSchema },
    },
    async (req, reply) => {
      const { q, where } = await filterOf(req);
      return sendXlsxStream(req, reply, {
        fileName: F.fileName,
        columns: EXPORT_COLUMNS,
        batches: detailBatches(db, where, q),
      });
    },
  );

  app.get(
    detailReportApi.productOptions,
    {
      config,
      schema: {
        tags: ['statistics'],
        summary: 'Ticket details: the products of the area for the product filter',
        response: { 200: envelopeSchema(z.array(DetailProductOptionSchema)) },
      },
    },
    async (req) => {
      const rows = await queryRows<{ id: number; name: string }>(
        db,
        sql`select id, name from ticket_products where scenic_id = ${scenicScope(req)} order by id`,
      );
      return ok(
        req,
        rows.map((r) => ({ id: Number(r.id), name: r.name })),
      );
    },
  );
}
