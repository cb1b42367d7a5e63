import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  OrderIdSchema,
  OrderIssueSchema,
  OrderPrintSchema,
  OrderNoticeSchema,
  OrderVoidSchema,
  orderApi,
  type OrderNotice,
  type OrderPrint,
} from '../../../shared/api/orders.ts';
import { maskPhone } from '../../../shared/api/reservations.ts';
import type { Db } from '../../db/client.ts';
import { perm } from '../../http/access.ts';
import { audited, auditedInRun, registerAction, type Audited } from '../../http/action.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import {
  actorOf,
  cancelOrder,
  issueTickets,
  settlePaymentsBeforeCancel,
  voidTickets,
} from '../orders/index.ts';
import { messageText, queueMessage } from '../messaging/index.ts';
import { findOrder } from './order-admin.query.ts';
import { printData } from './order-print.ts';
import { ticketPaidMessage } from './ticket-messages.ts';

const ActionResultSchema = z.object({
  id: z.number().int(),
  status: z.number().int().describe('the order’s summary TicketStatus after the action'),
  ticketIds: z.array(z.number().int()),
});

/** The print data of an order's tickets again (a reprint), with its audit row. */
async function reprint(
  db: Db,
  scenicId: number,
  orderId: number,
  ticketIds: number[] | undefined,
): Promise<Audited<OrderPrint>> {
  const data = await printData(db, scenicId, orderId, ticketIds);
  const printed = data.groups.flatMap((g) => g.tickets.map((x) => x.ticketId));
  return audited(data, {
    targetId: (await findOrder(db, scenicId, orderId))?.orderNo ?? orderId,
    after: { ticketIds: printed },
  });
}

/**
 * The order notice (SMS template 2) queued again for the buyer's phone: a message of its own in the
 * send log. 409 when the order has no phone or the area has the template off.
 */
async function resendNotice(db: Db, scenicId: number, orderId: number): Promise<Audited<OrderNotice>> {
  const order = await findOrder(db, scenicId, orderId);
  if (!order) throw notFound('recordNotFound');
  if (!order.buyerPhone) throw new AppError(409, 'orderNoPhone');
  const message = await ticketPaidMessage(db, order, `ticketNotice:${order.orderNo}:${Date.now()}`);
  const text = await messageText(db, message);
  const messageId = text ? await queueMessage(db, message) : null;
  if (messageId == null) throw new AppError(409, 'orderNoticeOff');
  const notice = { channel: 'sms' as const, phone: maskPhone(order.buyerPhone), text, messageId };
  return audited(notice, { targetId: order.orderNo, after: notice });
}

/**
 * The audit rows of an order's staff actions: module orders, target the ticket order. The orders
 * service writes the row of each ticket move itself (cancel, issue, void: its actor, in the
 * action's transaction), so those runs answer without one (`auditedInRun(answer)`); the reprint
 * and the notice name theirs.
 */
const audit = { write: writeAudit, module: 'orders', targetType: 'ticketOrder' } as const;
const update = perm('admin:order:update');

/**
 * Staff actions on an order of the acting area (docs/domain.md transitions, through the orders service:
 * one transaction each, with its audit row). 409 when a ticket's status does not allow it.
 */
export async function orderActionRoutes(root: FastifyInstance) {
  registerAction(root, {
    url: orderApi.cancel,
    access: update,
    tag: 'orders',
    summary: 'Cancel an unpaid order (T5 by staff): tickets 103, stock and seats released',
    description:
      '409 when the order is paid (paid orders go through a staff refund) or already closed. A payment in flight at an online provider is asked about first: paid → recorded (then 409), open → closed at the provider; 502 when the provider cannot answer.',
    body: OrderIdSchema,
    response: ActionResultSchema,
    audit: { ...audit, action: 'systemCancel' },
    // a payment in flight at WeChat Pay or Alipay is settled or closed there first (502 when unreachable)
    before: (db, { scenicId, id }) => settlePaymentsBeforeCancel(db, scenicId, { orderId: id }),
    run: async (tx, { scenicId, adminId, id }, req) => {
      const order = await cancelOrder(tx, {
        scenicId,
        orderId: id,
        by: 'staff',
        adminId,
        actor: actorOf(req),
      });
      return auditedInRun({ id: order.id, status: order.status, ticketIds: [] });
    },
  });

  registerAction(root, {
    url: orderApi.issue,
    access: update,
    tag: 'orders',
    summary: 'Issue (print) tickets (T8): unused → ticketed; ticketed ones count a reprint',
    description:
      'All tickets of the order, or `ticketIds`. Answers the print data of those tickets grouped by the print template of their product (the area’s default when none) for the console to print.',
    body: OrderIssueSchema,
    response: OrderPrintSchema,
    audit: { ...audit, action: 'issue' },
    run: async (tx, { scenicId, adminId, id, ticketIds }, req) => {
      const tickets = await issueTickets(tx, {
        scenicId,
        orderId: id,
        ...(ticketIds ? { ticketIds } : {}),
        adminId,
        actor: actorOf(req),
      });
      const data = await printData(
        tx,
        scenicId,
        id,
        tickets.map((t) => t.id),
      );
      return auditedInRun(data);
    },
  });

  registerAction(root, {
    url: orderApi.void,
    access: update,
    tag: 'orders',
    summary: 'Void tickets without refund (T23) with a reason: code revoked, future stock released',
    description: '409 when a ticket was used at a gate or is not unused, ticketed or expired.',
    body: OrderVoidSchema,
    response: ActionResultSchema,
    audit: { ...audit, action: 'void' },
    run: async (tx, { scenicId, adminId, id, ticketIds, reason }, req) => {
      const tickets = await voidTickets(tx, {
        scenicId,
        orderId: id,
        ticketIds,
        reason,
        adminId,
        actor: actorOf(req),
      });
      const order = await findOrder(tx, scenicId, id);
      const answer = { id, status: order?.status ?? 0, ticketIds: tickets.map((t) => t.id) };
      return auditedInRun(answer);
    },
  });

  registerAction(root, {
    url: orderApi.printData,
    access: update,
    tag: 'orders',
    summary: 'Print data of the order’s issued/unused tickets with their product’s print template (reprint)',
    description: 'Each call is recorded in the audit log (action reprint).',
    body: OrderIssueSchema,
    response: OrderPrintSchema,
    audit: { ...audit, action: 'reprint' },
    run: (tx, { scenicId, id, ticketIds }) => reprint(tx, scenicId, id, ticketIds),
  });

  registerAction(root, {
    url: orderApi.resendNotice,
    access: update,
    tag: 'orders',
    summary: 'Resend the order notice to the buyer’s phone',
    description:
      'Queues SMS template 2 for the buyer again (a new message of the send log, /sys/smsDetailPage); 409 without a phone or with the template off.',
    body: OrderIdSchema,
    response: OrderNoticeSchema,
    audit: { ...audit, action: 'resendNotice' },
    run: (tx, { scenicId, id }) => resendNotice(tx, scenicId, id),
  });
}
