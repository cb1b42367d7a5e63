import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderPrint } from '../../../shared/api/orders.ts';
import type { PrintElement } from '../../../shared/api/print-templates.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import { TICKET_STATUS } from '../../../shared/dict/order.ts';
import { formatTicketValidity } from '../../../shared/ticket-validity.ts';
import type { Db } from '../../db/client.ts';
import { areaTimeZone } from '../../lib/area-clock.ts';
import { notFound } from '../../http/errors.ts';
import { orderTickets } from '../orders/index.ts';
import { printTemplates } from '../print-templates/index.ts';
import { ticketProducts } from '../products/index.ts';
import { findOrder, maskIdNumber } from './order-admin.query.ts';

/** Tickets that can be printed: issued or unused ones with a live code. */
const PRINTABLE = [TICKET_STATUS.unused, TICKET_STATUS.ticketed] as const;

/**
 * What the console prints: the order's printable tickets (all, or `ticketIds`), grouped by the print
 * template of their product, or the area's enabled default template when the product names none.
 */
export async function printData(
  db: Db,
  scenicId: number,
  orderId: number,
  ticketIds?: readonly number[],
): Promise<OrderPrint> {
  const order = await findOrder(db, scenicId, orderId);
  if (!order) throw notFound('recordNotFound');
  const rows = await db
    .select({
      t: orderTickets,
      productName: ticketProducts.name,
      templateId: ticketProducts.printTemplateId,
      validityDisplay: ticketProducts.validityDisplay,
      validityText: ticketProducts.validityText,
    })
    .from(orderTickets)
    .innerJoin(ticketProducts, eq(ticketProducts.id, orderTickets.productId))
    .where(
      and(
        eq(orderTickets.orderId, orderId),
        eq(orderTickets.scenicId, scenicId),
        inArray(orderTickets.status, [...PRINTABLE]),
        sql`${orderTickets.code} is not null`,
        ticketIds?.length ? inArray(orderTickets.id, [...ticketIds]) : undefined,
      ),
    )
    .orderBy(asc(orderTickets.id));
  const templates = await db
    .select()
    .from(printTemplates)
    .where(and(eq(printTemplates.scenicId, scenicId), eq(printTemplates.status, ENABLED)));
  const byId = new Map(templates.map((tpl) => [tpl.id, tpl]));
  const fallback = templates.find((tpl) => tpl.isDefault) ?? null;
  const groups = new Map<number, OrderPrint['groups'][number]>();
  const timeZone = await areaTimeZone(db, scenicId);
  for (const { t, productName, templateId, validityDisplay, validityText } of rows) {
    const template = (templateId ? byId.get(templateId) : undefined) ?? fallback;
    const groupKey = template?.id ?? 0;
    let group = groups.get(groupKey);
    if (!group) {
      group = {
        template: template
          ? {
              id: template.id,
              widthMm: template.widthMm,
              heightMm: template.heightMm,
              elements: template.elements as PrintElement[],
            }
          : null,
        tickets: [],
      };
      groups.set(groupKey, group);
    }
    group.tickets.push({
      ticketId: t.id,
      productName,
      // the validity as the product's validity display shows it (docs/product.md §4), in the area's zone
      visitDate: formatTicketValidity({ ...t, validityDisplay, validityText }, timeZone),
      price: t.price,
      qrCode: t.code ?? '',
      visitor: [t.visitorName, maskIdNumber(t.visitorIdNumber)].filter(Boolean).join(' '),
      orderNo: order.orderNo,
    });
  }
  return { groups: [...groups.values()] };
}
