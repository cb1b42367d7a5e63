import { AFTER_SALE_TYPE, SHOP_RULES } from '../../../../shared/dict/shop.ts';
import type { Db } from '../../../db/client.ts';
import {
  shopAftersales,
  shopOrderHistory,
  shopOrderLines,
  shopOrders,
  shopPayments,
  shopRefunds,
  shopReviews,
  shopShipments,
} from '../shop.table.ts';
import { DAY, MINUTE, PAY_WECHAT, sum, type LinePart, type Plan } from './shop-orders.seed-plan.ts';

// The demo shop orders (shop-orders.seed.ts), written in bulk once every plan is walked.

export const chunks = <T>(list: T[], size = 400) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, k) => list.slice(k * size, (k + 1) * size));

/** The plans being written, with the ids of their orders and lines once inserted. */
export interface Written {
  db: Db;
  scenicId: number;
  staffId: number | null;
  plans: Plan[];
  orderIds: number[];
  /** the ids of each plan's lines, in order */
  planLines: number[][];
}

/** The orders, then their lines; answers the plans with their ids. */
export async function writeOrders(base: Omit<Written, 'orderIds' | 'planLines'>): Promise<Written> {
  const { db, scenicId, plans } = base;
  const orderIds: number[] = [];
  for (const part of chunks(plans)) {
    const ids = await db
      .insert(shopOrders)
      .values(
        part.map((p) => {
          const goodsAmount = sum(p.lines.map((l) => l.amount));
          const received = p.receivedAt?.getTime();
          return {
            scenicId,
            orderNo: p.orderNo,
            memberId: p.memberId,
            status: p.status,
            statusBeforeRefund: p.before,
            goodsAmount,
            payAmount: goodsAmount,
            refundedAmount: sum(p.refunds.filter((r) => r.status === 'done').map((r) => r.amount)),
            receiverName: p.receiverName,
            receiverPhone: p.receiverPhone,
            receiverAddress: p.receiverAddress,
            remark: p.orderNo.endsWith('7') ? '请尽快发货，谢谢' : '',
            expiresAt: new Date(p.createdAt.getTime() + SHOP_RULES.payMinutes * MINUTE),
            paidAt: p.paidAt,
            shippedAt: p.shippedAt,
            receivedAt: p.receivedAt,
            closedAt: p.closedAt,
            afterSaleUntil: received ? new Date(received + SHOP_RULES.afterSaleDays * DAY) : null,
            reviewUntil: received ? new Date(received + SHOP_RULES.reviewDays * DAY) : null,
            closeReason: p.closeReason,
            createdAt: p.createdAt,
            updatedAt: p.history.at(-1)!.at,
          };
        }),
      )
      .returning({ id: shopOrders.id });
    orderIds.push(...ids.map((r) => r.id));
  }

  const lineRows = plans.flatMap((p, o) =>
    p.lines.map((l) => ({
      scenicId,
      orderId: orderIds[o]!,
      goodsId: l.sku.goodsId,
      skuId: l.sku.id,
      goodsName: l.sku.goodsName,
      specText: l.sku.specText,
      image: l.sku.image,
      price: l.sku.price,
      quantity: l.quantity,
      amount: l.amount,
      refundedQuantity: l.refundedQuantity,
      refundedAmount: l.refundedAmount,
    })),
  );
  const lineIds: number[] = [];
  for (const part of chunks(lineRows))
    lineIds.push(
      ...(await db.insert(shopOrderLines).values(part).returning({ id: shopOrderLines.id })).map((r) => r.id),
    );
  let next = 0;
  const planLines = plans.map((p) => p.lines.map(() => lineIds[next++]!));
  return { ...base, orderIds, planLines };
}

/** The lines of a request or refund, by the ids of the order's lines. */
const partsOf = (w: Written, o: number, list: LinePart[]) =>
  list.map((x) => ({ lineId: w.planLines[o]![x.line]!, quantity: x.quantity, amount: x.amount }));

/** Payments and shipments; answers the payment id of each paid order. */
export async function writePayments(w: Written): Promise<Map<number, number>> {
  const { db, scenicId, plans, orderIds, staffId } = w;
  const payments = plans.flatMap((p, o) =>
    p.paidAt
      ? [
          {
            scenicId,
            orderId: orderIds[o]!,
            payWay: p.payWay,
            amount: sum(p.lines.map((l) => l.amount)),
            providerTxnId: p.payWay === PAY_WECHAT ? `4200${p.orderNo.slice(1)}` : null,
            status: p.refunds.some((r) => r.status === 'done') ? 'refunded' : 'confirmed',
            createdAt: p.paidAt,
          },
        ]
      : [],
  );
  const paymentIds: number[] = [];
  for (const part of chunks(payments))
    paymentIds.push(
      ...(await db.insert(shopPayments).values(part).returning({ id: shopPayments.id })).map((r) => r.id),
    );
  const paymentOf = new Map(payments.map((pay, k) => [pay.orderId, paymentIds[k]!]));

  for (const part of chunks(
    plans.flatMap((p, o) =>
      p.shipment
        ? [{ scenicId, orderId: orderIds[o]!, ...p.shipment, adminId: staffId, createdAt: p.shipment.at }]
        : [],
    ),
  ))
    await db.insert(shopShipments).values(part);
  return paymentOf;
}

/** After-sales requests, then the refunds (paying the payment, some of them a request). */
export async function writeAftersales(w: Written, paymentOf: Map<number, number>): Promise<void> {
  const { db, scenicId, plans, orderIds, staffId } = w;
  const aftersaleRows = plans.flatMap((p, o) =>
    p.aftersales.map((a, k) => ({
      scenicId,
      requestNo: `A${p.orderNo.slice(1)}${k + 1}`,
      orderId: orderIds[o]!,
      memberId: p.memberId,
      type: a.type,
      status: a.status,
      statusBeforeRefund: a.before,
      reason: a.reason,
      photos: a.type === AFTER_SALE_TYPE.returnRefund ? [p.lines[0]!.sku.image].filter(Boolean) : [],
      lines: partsOf(w, o, a.lines),
      amount: a.amount,
      attempt: k + 1,
      returnCarrier: a.returnCarrier,
      returnTrackingNo: a.returnTrackingNo,
      goodsReceivedAt: a.goodsReceivedAt,
      rejectReason: a.rejectReason,
      reviewerId: a.reviewedAt ? staffId : null,
      reviewedAt: a.reviewedAt,
      createdAt: a.createdAt,
      updatedAt: a.reviewedAt ?? a.goodsReceivedAt ?? a.createdAt,
    })),
  );
  const aftersaleIds: number[] = [];
  for (const part of chunks(aftersaleRows))
    aftersaleIds.push(
      ...(await db.insert(shopAftersales).values(part).returning({ id: shopAftersales.id })).map((r) => r.id),
    );
  let next = 0;
  const planAftersales = plans.map((p) => p.aftersales.map(() => aftersaleIds[next++]!));

  for (const part of chunks(
    plans.flatMap((p, o) =>
      p.refunds.map((r, k) => ({
        scenicId,
        refundNo: `R${p.orderNo.slice(1)}${k + 1}`,
        orderId: orderIds[o]!,
        aftersaleId: r.aftersale == null ? null : planAftersales[o]![r.aftersale]!,
        paymentId: paymentOf.get(orderIds[o]!) ?? null,
        payWay: p.payWay,
        amount: r.amount,
        lines: partsOf(w, o, r.lines),
        status: r.status,
        reason: r.reason,
        failReason: r.failReason,
        providerRefundId:
          r.status === 'done' && p.payWay === PAY_WECHAT ? `5030${p.orderNo.slice(1)}${k}` : null,
        adminId: r.byStaff ? staffId : null,
        doneAt: r.doneAt,
        createdAt: r.createdAt,
        updatedAt: r.doneAt ?? r.createdAt,
      })),
    ),
  ))
    await db.insert(shopRefunds).values(part);
}

/** Reviews and every order's history. */
export async function writeHistory(w: Written): Promise<void> {
  const { db, scenicId, plans, orderIds, staffId } = w;
  for (const part of chunks(
    plans.flatMap((p, o) =>
      p.review
        ? [
            {
              scenicId,
              orderId: orderIds[o]!,
              memberId: p.memberId,
              rating: p.review.rating,
              content: p.review.content,
              createdAt: p.review.at,
            },
          ]
        : [],
    ),
  ))
    await db.insert(shopReviews).values(part);

  for (const part of chunks(
    plans.flatMap((p, o) =>
      p.history.map((h) => ({
        scenicId,
        orderId: orderIds[o]!,
        transition: h.transition,
        fromStatus: h.from,
        toStatus: h.to,
        adminId: h.staff ? staffId : null,
        memberId: h.member ? p.memberId : null,
        note: h.note,
        createdAt: h.at,
      })),
    ),
  ))
    await db.insert(shopOrderHistory).values(part);
}
