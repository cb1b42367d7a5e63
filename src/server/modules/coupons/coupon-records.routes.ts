import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  CouponNameSchema,
  couponRecordApi,
  CouponRecordPageSchema,
  CouponRecordRowSchema,
  type CouponRecordPage,
  type CouponRecordRow,
} from '../../../shared/api/coupons.ts';
import {
  CouponField,
  CouponReceiveWay,
  CouponText,
  MemberCouponStatus,
} from '../../../shared/dict/coupons.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { members } from '../members/index.ts';
import { ticketOrders } from '../orders/index.ts';
import { coupons, memberCoupons, type MemberCoupon } from './coupons.table.ts';
import { memberLabels, phoneShown } from './member-labels.ts';

/** Coupon names, member labels and the ids of the orders that spent them (for the detail link). */
async function recordRows(
  db: Db,
  scenicId: number,
  records: MemberCoupon[],
  shown: boolean,
): Promise<CouponRecordRow[]> {
  const couponIds = [...new Set(records.map((r) => r.couponId))];
  const orderNos = [...new Set(records.map((r) => r.usedOrderNo).filter((n): n is string => !!n))];
  const [names, labels, orders] = await Promise.all([
    couponIds.length
      ? db.select({ id: coupons.id, name: coupons.name }).from(coupons).where(inArray(coupons.id, couponIds))
      : Promise.resolve([]),
    memberLabels(
      db,
      records.map((r) => r.memberId),
      shown,
    ),
    orderNos.length
      ? db
          .select({ id: ticketOrders.id, orderNo: ticketOrders.orderNo })
          .from(ticketOrders)
          .where(and(eq(ticketOrders.scenicId, scenicId), inArray(ticketOrders.orderNo, orderNos)))
      : Promise.resolve([]),
  ]);
  const couponName = new Map(names.map((c) => [c.id, c.name]));
  const orderId = new Map(orders.map((o) => [o.orderNo, o.id]));
  return records.map((r) => ({
    id: r.id,
    couponId: r.couponId,
    couponName: couponName.get(r.couponId) ?? '',
    memberId: r.memberId,
    memberNickname: labels.get(r.memberId)?.nickname ?? '',
    memberPhone: labels.get(r.memberId)?.phone ?? '',
    status: r.status,
    receiveWay: r.receiveWay,
    receivedAt: r.receivedAt.toISOString(),
    validFrom: r.validFrom.toISOString(),
    validUntil: r.validUntil.toISOString(),
    reservedOrderNo: r.reservedOrderNo,
    usedOrderNo: r.usedOrderNo,
    usedOrderId: r.usedOrderNo ? (orderId.get(r.usedOrderNo) ?? null) : null,
    usedAt: r.usedAt?.toISOString() ?? null,
    discountAmount: r.discountAmount,
  }));
}

const RECORD_EXPORT: ExportColumn<CouponRecordRow>[] = [
  { header: CouponField.name, value: (r) => r.couponName, width: 24 },
  { header: CouponField.member, value: (r) => r.memberNickname, width: 18 },
  { header: CouponField.phone, value: (r) => r.memberPhone, kind: 'text', width: 14 },
  { header: CouponField.status, value: (r, l) => dictLabel(MemberCouponStatus, r.status, l) },
  { header: CouponField.receiveWay, value: (r, l) => dictLabel(CouponReceiveWay, r.receiveWay, l) },
  { header: CouponField.receivedAt, value: (r) => r.receivedAt, kind: 'datetime', width: 20 },
  { header: CouponField.validUntil, value: (r) => r.validUntil, kind: 'datetime', width: 20 },
  { header: CouponField.orderNo, value: (r) => r.usedOrderNo ?? '', kind: 'text', width: 24 },
  { header: CouponField.usedAt, value: (r) => r.usedAt, kind: 'datetime', width: 20 },
  { header: CouponField.discountAmount, value: (r) => r.discountAmount, kind: 'money' },
];

const recordWhere = (db: Db) => (scenicId: number, q: CouponRecordPage) =>
  and(
    eq(memberCoupons.scenicId, scenicId),
    q.couponId ? eq(memberCoupons.couponId, q.couponId) : undefined,
    q.memberId ? eq(memberCoupons.memberId, q.memberId) : undefined,
    q.phone
      ? inArray(
          memberCoupons.memberId,
          db
            .select({ id: members.id })
            .from(members)
            .where(and(eq(members.scenicId, scenicId), eq(members.phone, q.phone))),
        )
      : undefined,
    q.status === undefined ? undefined : eq(memberCoupons.status, q.status),
    q.receiveWay === undefined ? undefined : eq(memberCoupons.receiveWay, q.receiveWay),
    q.receivedFrom ? gte(memberCoupons.receivedAt, new Date(q.receivedFrom)) : undefined,
    q.receivedTo ? lte(memberCoupons.receivedAt, new Date(q.receivedTo)) : undefined,
  );

/** docs/product.md §2 /promotion/couponRecord: the coupons members of the area hold. */
export async function couponRecordRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerListResource(root, {
    tag: 'promotion',
    api: couponRecordApi,
    perms: { page: 'admin:couponRecord:page' },
    table: memberCoupons,
    where: recordWhere(db),
    sort: {
      receivedAt: memberCoupons.receivedAt,
      validUntil: memberCoupons.validUntil,
      usedAt: memberCoupons.usedAt,
    },
    order: [desc(memberCoupons.receivedAt), desc(memberCoupons.id)],
    rowSchema: CouponRecordRowSchema,
    rows: (records, { db: d, req, scope }) => recordRows(d, scope, records, phoneShown(req)),
    page: {
      summary:
        "Members' coupons of the acting area (by coupon, phone, member, state, way, time); phones masked without admin:user:phone",
      body: CouponRecordPageSchema,
    },
    export: {
      summary: 'The member coupons of the current filter (all pages) as .xlsx, masked as in the list',
      fileName: CouponText.recordsExport,
      columns: RECORD_EXPORT,
    },
  });

  // hand-registered: a read for a form's picker, not a list resource
  app.get(
    couponRecordApi.coupons,
    {
      config: { access: perm('admin:couponRecord:page') },
      schema: {
        tags: ['promotion'],
        summary: 'Every coupon of the acting area (id, name), for the coupon filter',
        response: { 200: envelopeSchema(z.array(CouponNameSchema)) },
      },
    },
    async (req) => {
      const rows = await db
        .select({ id: coupons.id, name: coupons.name })
        .from(coupons)
        .where(eq(coupons.scenicId, scenicScope(req)))
        .orderBy(asc(coupons.name), asc(coupons.id));
      return ok(req, rows);
    },
  );
}
