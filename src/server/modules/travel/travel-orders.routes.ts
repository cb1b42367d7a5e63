import { and, desc, eq, gte, ilike, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  travelOrderApi,
  TravelOrderPageSchema,
  TravelOrderRowSchema,
  TravelOrderTotalsSchema,
  type TravelOrderPage,
  type TravelOrderRow,
} from '../../../shared/api/travel.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { PayStatus, TicketStatus } from '../../../shared/dict/order.ts';
import { BuyChannel } from '../../../shared/dict/product.ts';
import { TravelOrderField, TravelText } from '../../../shared/dict/travel.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { ticketOrders } from '../orders/index.ts';
import { travelDepartures, travelPackages } from './travel.table.ts';

type OrderRecord = typeof ticketOrders.$inferSelect;

/**
 * The orders of the area's packages: ticket orders with a departure (their visit date is the
 * departure's date, the departure being their only line).
 */
export const travelOrderWhere = (scenicId: number, q: TravelOrderPage) =>
  and(
    eq(ticketOrders.scenicId, scenicId),
    isNotNull(ticketOrders.departureId),
    q.packageId
      ? inArray(
          ticketOrders.departureId,
          sql`(select id from travel_departures where package_id = ${q.packageId})`,
        )
      : undefined,
    q.departureDateFrom ? gte(ticketOrders.visitDate, q.departureDateFrom) : undefined,
    q.departureDateTo ? lte(ticketOrders.visitDate, q.departureDateTo) : undefined,
    q.status ? eq(ticketOrders.status, q.status) : undefined,
    q.channel ? eq(ticketOrders.channel, q.channel) : undefined,
    q.orderNo ? ilike(ticketOrders.orderNo, likeContains(q.orderNo)) : undefined,
    q.phone ? ilike(ticketOrders.buyerPhone, likeContains(q.phone)) : undefined,
  );

async function orderRows(db: Db, records: OrderRecord[]): Promise<TravelOrderRow[]> {
  const ids = [...new Set(records.flatMap((o) => (o.departureId == null ? [] : [o.departureId])))];
  const departures = ids.length
    ? await db
        .select({
          id: travelDepartures.id,
          date: travelDepartures.date,
          packageId: travelPackages.id,
          name: travelPackages.name,
        })
        .from(travelDepartures)
        .innerJoin(travelPackages, eq(travelPackages.id, travelDepartures.packageId))
        .where(inArray(travelDepartures.id, ids))
    : [];
  const byId = new Map(departures.map((d) => [d.id, d]));
  return records.map((o) => {
    const d = byId.get(o.departureId ?? 0);
    return {
      id: o.id,
      orderNo: o.orderNo,
      packageId: d?.packageId ?? 0,
      packageName: d?.name ?? '',
      departureId: o.departureId ?? 0,
      departureDate: d?.date ?? o.visitDate,
      travellers: o.ticketCount,
      buyerName: o.buyerName,
      buyerPhone: o.buyerPhone,
      totalAmount: o.totalAmount,
      paidAmount: o.paidAmount,
      refundedAmount: o.refundedAmount,
      payStatus: o.payStatus,
      status: o.status,
      channel: o.channel,
      createTime: o.createdAt.toISOString(),
    };
  });
}

const money = (cents: number) => cents / 100;
const ORDER_EXPORT: ExportColumn<TravelOrderRow>[] = [
  { header: TravelOrderField.orderNo, value: (r) => r.orderNo, width: 24 },
  { header: TravelOrderField.packageName, value: (r) => r.packageName, width: 28 },
  { header: TravelOrderField.departureDate, value: (r) => r.departureDate },
  { header: TravelOrderField.travellers, value: (r) => r.travellers, kind: 'number' },
  { header: TravelOrderField.buyerName, value: (r) => r.buyerName },
  { header: TravelOrderField.buyerPhone, value: (r) => r.buyerPhone },
  { header: TravelOrderField.totalAmount, value: (r) => money(r.totalAmount), kind: 'number' },
  { header: TravelOrderField.paidAmount, value: (r) => money(r.paidAmount), kind: 'number' },
  { header: TravelOrderField.refundedAmount, value: (r) => money(r.refundedAmount), kind: 'number' },
  { header: TravelOrderField.payStatus, value: (r, lang) => dictLabel(PayStatus, r.payStatus, lang) },
  { header: TravelOrderField.status, value: (r, lang) => dictLabel(TicketStatus, r.status, lang) },
  { header: TravelOrderField.channel, value: (r, lang) => dictLabel(BuyChannel, r.channel, lang) },
  { header: TravelOrderField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** docs/product.md §2 /scenic/travelOrderList: the orders of packages, their totals and export. */
export async function travelOrderRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerListResource(root, {
    tag: 'travel',
    api: { page: travelOrderApi.page, export: travelOrderApi.export },
    perms: { page: 'admin:travelOrder:page' },
    table: ticketOrders,
    where: travelOrderWhere,
    sort: {
      createTime: ticketOrders.createdAt,
      departureDate: ticketOrders.visitDate,
      totalAmount: ticketOrders.totalAmount,
    },
    order: [desc(ticketOrders.createdAt), desc(ticketOrders.id)],
    rowSchema: TravelOrderRowSchema,
    rows: (records, { db: d }) => orderRows(d, records),
    page: {
      summary: "Orders of the acting area's travel packages, newest first",
      body: TravelOrderPageSchema,
    },
    export: {
      summary: 'The orders of the current filter (all pages) as .xlsx',
      fileName: TravelText.exportOrders,
      columns: ORDER_EXPORT,
    },
  });

  // hand-registered: a read (the sums of a list's filter), not a list resource
  app.post(
    travelOrderApi.totals,
    {
      config: { access: perm('admin:travelOrder:page') },
      schema: {
        tags: ['travel'],
        summary:
          'Count, travellers and money (cents) of the orders of the same filter (paging and sort ignored)',
        body: TravelOrderPageSchema,
        response: { 200: envelopeSchema(TravelOrderTotalsSchema) },
      },
    },
    async (req: FastifyRequest<{ Body: TravelOrderPage }>) => {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          travellers: sql<number>`coalesce(sum(${ticketOrders.ticketCount}), 0)::int`,
          totalAmount: sql<number>`coalesce(sum(${ticketOrders.totalAmount}), 0)::bigint`,
          paidAmount: sql<number>`coalesce(sum(${ticketOrders.paidAmount}), 0)::bigint`,
          refundedAmount: sql<number>`coalesce(sum(${ticketOrders.refundedAmount}), 0)::bigint`,
        })
        .from(ticketOrders)
        .where(travelOrderWhere(scenicScope(req), req.body));
      return ok(req, {
        count: Number(row?.count ?? 0),
        travellers: Number(row?.travellers ?? 0),
        totalAmount: Number(row?.totalAmount ?? 0),
        paidAmount: Number(row?.paidAmount ?? 0),
        refundedAmount: Number(row?.refundedAmount ?? 0),
      });
    },
  );
}
