import { sql } from 'drizzle-orm';
import { isValidIdNumber } from '../../../shared/api/staff-cards.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { PRODUCT_TYPE, SHELF, VALIDITY_TYPE, type BuyChannelCode } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { findProduct } from '../products/index.ts';
import { DEAD_STATUSES } from './order-core.ts';
import type { OrderLineInput } from './order-placing.ts';

/** The checks of an order before it takes any stock (domain T1): lines, limits per order and per ID number. */

export type OrderProduct = NonNullable<Awaited<ReturnType<typeof findProduct>>>;
/** The products of an order's lines, by id. */
export type OrderProducts = Map<number, OrderProduct>;

export const fieldMsg = (zh: string, en: string): DictEntry => ({ zh, en });

/** The visitors of a line: at most one per ticket, all named with a valid ID number when `realName`. */
function checkVisitors(line: OrderLineInput, f: (name: string) => string, realName: boolean) {
  const visitors = line.visitors ?? [];
  if (visitors.length > line.quantity)
    throw new FieldError(f('visitors'), ValidationMessage.visitorsPerTicket);
  if (realName && visitors.length !== line.quantity)
    throw new FieldError(f('visitors'), ValidationMessage.visitorsPerTicket);
  for (const [j, v] of visitors.entries()) {
    if (realName && !v.name.trim())
      throw new FieldError(`${f('visitors')}.${j}.name`, ValidationMessage.required);
    if (realName && !v.idNumber)
      throw new FieldError(`${f('visitors')}.${j}.idNumber`, ValidationMessage.required);
    if (v.idNumber && !isValidIdNumber(v.idNumber))
      throw new FieldError(`${f('visitors')}.${j}.idNumber`, ValidationMessage.idNumber);
  }
}

/** One line against its product: shelf, channel, visitors and real name, show and seats, validity interval. */
function checkLine(product: OrderProduct, line: OrderLineInput, i: number, channel: BuyChannelCode) {
  const f = (name: string) => `lines.${i}.${name}`;
  if (line.departureId != null) {
    // a package departure: its package's shelf and the departure's state were checked on it
    checkVisitors(line, f, false);
    return;
  }
  if (product.shelfStatus !== SHELF.on)
    throw new AppError(409, 'orderProductOffShelf', { params: { name: product.name } });
  if (!product.channels.includes(channel))
    throw new AppError(403, 'orderChannelNotAllowed', { params: { name: product.name } });
  checkVisitors(line, f, product.realNameType === 1);
  if (product.productType === PRODUCT_TYPE.performance) {
    if (line.showId == null) throw new FieldError(f('showId'), ValidationMessage.required);
    if ((line.seats?.length ?? 0) !== line.quantity)
      throw new FieldError(f('seats'), ValidationMessage.seatsPerTicket);
  } else if (line.showId != null || line.seats?.length) {
    throw new FieldError(f('showId'), ValidationMessage.showOfProduct);
  }
  if (product.validityType === VALIDITY_TYPE.interval) {
    if (
      (product.validFrom && line.date < product.validFrom) ||
      (product.validTo && line.date > product.validTo)
    )
      throw new FieldError(f('date'), ValidationMessage.dateInInterval);
  }
}

/** Checks the lines that need no lock (`today` is the area's day) and answers their products. */
export async function checkLines(
  tx: Db,
  input: { scenicId: number; channel: BuyChannelCode; lines: OrderLineInput[] },
  today: string,
): Promise<OrderProducts> {
  const products: OrderProducts = new Map();
  for (const [i, line] of input.lines.entries()) {
    if (!Number.isInteger(line.quantity) || line.quantity <= 0)
      throw new FieldError(`lines.${i}.quantity`, ValidationMessage.quantityPositive);
    if (line.date < today) throw new FieldError(`lines.${i}.date`, ValidationMessage.datePast);
    let product = products.get(line.productId);
    if (!product) {
      const found = await findProduct(tx, input.scenicId, line.productId);
      if (!found) throw new AppError(404, 'orderProductNotFound', { params: { id: line.productId } });
      product = found;
      products.set(found.id, found);
    }
    checkLine(product, line, i, input.channel);
  }
  return products;
}

/** The per-order limit of each product: all lines of a product together. */
export function checkOrderLimits(lines: OrderLineInput[], products: OrderProducts) {
  const perProduct = new Map<number, number>();
  // a package departure is limited by its seats, not by its ticket product's limits
  for (const line of lines.filter((l) => l.departureId == null))
    perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
  for (const [productId, n] of perProduct) {
    const product = products.get(productId)!;
    if (product.limitPerOrder > 0 && n > product.limitPerOrder) {
      const i = lines.findIndex((l) => l.productId === productId);
      throw new FieldError(
        `lines.${i}.quantity`,
        fieldMsg(
          `${ValidationMessage.limitPerOrder.zh}（${product.limitPerOrder}）`,
          `${ValidationMessage.limitPerOrder.en} (${product.limitPerOrder})`,
        ),
      );
    }
  }
}

/** The per-ID-number limit, under a lock per (product, date, ID) so two orders cannot both pass. */
export async function checkIdNumberLimits(tx: Db, lines: OrderLineInput[], products: OrderProducts) {
  const perId = new Map<string, { productId: number; date: string; idNumber: string; n: number }>();
  for (const line of lines) {
    if (line.departureId != null || !products.get(line.productId)!.limitPerIdNumber) continue;
    for (const v of line.visitors ?? []) {
      if (!v.idNumber) continue;
      const key = `${line.productId}|${line.date}|${v.idNumber}`;
      const e = perId.get(key) ?? {
        productId: line.productId,
        date: line.date,
        idNumber: v.idNumber,
        n: 0,
      };
      e.n += 1;
      perId.set(key, e);
    }
  }
  for (const key of [...perId.keys()].sort()) {
    const e = perId.get(key)!;
    const product = products.get(e.productId)!;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-id:${key}`}))`);
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from order_tickets
        where product_id = ${e.productId} and visit_date = ${e.date} and visitor_id_number = ${e.idNumber}
          and status not in (${sql.join(
            DEAD_STATUSES.map((s) => sql`${s}`),
            sql`, `,
          )})`),
    );
    if (Number(row?.n ?? 0) + e.n > product.limitPerIdNumber)
      throw new AppError(409, 'orderLimitPerIdNumber', {
        params: {
          idNumber: `${e.idNumber.slice(0, 4)}…${e.idNumber.slice(-4)}`,
          date: e.date,
          name: product.name,
          limit: product.limitPerIdNumber,
        },
      });
  }
}
