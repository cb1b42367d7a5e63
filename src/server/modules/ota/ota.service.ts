import { storableText } from '../../../shared/text.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { OtaOrderBody } from '../../../shared/api/ota.ts';
import {
  OTA_PLATFORMS,
  OTA_RESULT,
  type OtaMessageTypeCode,
  type OtaPlatform,
} from '../../../shared/dict/ota.ts';
import { TICKET_STATUS as S } from '../../../shared/dict/order.ts';
import type { BuyChannelCode } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { EgressError, urlForLog } from '../../lib/egress.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { translate } from '../../http/messages.ts';
import { publicStockLeft } from '../inventory/index.ts';
import { channelOfClient } from '../../../shared/dict/terminal-client.ts';
import { cancelOrder, placeOrder, ticketOrders } from '../orders/index.ts';
import { approveRefundRequest, requestRefund } from '../refunds/index.ts';
import { OTA_ADAPTERS } from './adapters/adapter.ts';
import { postToPlatform } from './adapters/transport.ts';
import { openSecret, signatureMatches, signBody } from './secret-box.ts';
import { otaChannels, otaLogs, otaMappings, type OtaChannel } from './ota.table.ts';

/** A timestamp more than this far from our clock is refused (replay window). */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;
/** The reviewer id recorded for a refund approved by the OTA auto-approve policy (no account). */
export const AUTO_APPROVER_ID = 0;

/** Keys whose values never reach the log: credentials a platform (or a mistake) may put in a body. */
const SECRET_KEY = /secret|password|passwd|token|signature|credential|private/i;
const REDACTED = '***';

/** The value with every credential-like key's value replaced (objects and arrays, any depth). */
function redactValue(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(redactValue);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, SECRET_KEY.test(k) ? REDACTED : redactValue(x)]),
    );
  return v;
}

/**
 * The text logged for a request or response: JSON with credential-like keys redacted (text that is
 * not JSON gets the same done to any `"key": "value"` in it), cut to the column's 1000 characters.
 */
export function redactForLog(v: unknown): string {
  let value = v;
  if (typeof v === 'string') {
    try {
      value = JSON.parse(v) as unknown;
    } catch {
      return v
        .replace(/"([^"]*)"\s*:\s*"(?:[^"\\]|\\.)*"/g, (m, k: string) =>
          SECRET_KEY.test(k) ? `"${k}":"${REDACTED}"` : m,
        )
        .slice(0, 1000);
    }
  }
  return JSON.stringify(redactValue(value ?? '')).slice(0, 1000);
}
const cut = redactForLog;

export interface LogEntry {
  scenicId: number;
  platform: string;
  direction: 1 | 2;
  type: OtaMessageTypeCode;
  externalOrderId?: string | undefined;
  orderNo?: string | undefined;
  request: unknown;
  response: unknown;
  result: 1 | 2 | 3;
  at?: Date | undefined;
}

/** Appends one message to the log (outside any business transaction: refused calls are logged too). */
export async function logMessage(db: Db, e: LogEntry): Promise<void> {
  await db.insert(otaLogs).values({
    scenicId: e.scenicId,
    platform: e.platform,
    direction: e.direction,
    type: e.type,
    // what a platform sent or answered is logged as text any column holds (docs/decisions.md)
    externalOrderId: storableText((e.externalOrderId ?? '').slice(0, 64)),
    orderNo: e.orderNo ?? '',
    request: storableText(cut(e.request)),
    response: storableText(cut(e.response)),
    result: e.result,
    ...(e.at && { createdAt: e.at }),
  });
}

export const isPlatform = (p: string): p is OtaPlatform => (OTA_PLATFORMS as readonly string[]).includes(p);

/** What an inbound call carries besides its body. */
export interface InboundCall {
  platform: string;
  action: string;
  appKey: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  /** The body as received (the signature covers this exact text) */
  raw: string;
  body: unknown;
  now?: Date;
}

export interface InboundAnswer {
  status: number;
  answer: Record<string, unknown>;
}

type OrderRef = {
  id: number;
  orderNo: string;
  payStatus: number;
  status: number;
  totalAmount: number;
  ticketCount: number;
};

async function findOrder(
  db: Db,
  channel: OtaChannel,
  clientId: string,
  externalNo: string,
): Promise<OrderRef | null> {
  const [order] = await db
    .select({
      id: ticketOrders.id,
      orderNo: ticketOrders.orderNo,
      payStatus: ticketOrders.payStatus,
      status: ticketOrders.status,
      totalAmount: ticketOrders.totalAmount,
      ticketCount: ticketOrders.ticketCount,
    })
    .from(ticketOrders)
    .where(
      and(
        eq(ticketOrders.scenicId, channel.scenicId),
        eq(ticketOrders.clientId, clientId),
        eq(ticketOrders.externalNo, externalNo),
      ),
    );
  return order ? { ...order, totalAmount: Number(order.totalAmount) } : null;
}

const orderAnswer = (orderId: string, o: OrderRef) => ({
  orderId,
  orderNo: o.orderNo,
  payStatus: o.payStatus,
  status: o.status,
  amount: o.totalAmount,
  tickets: o.ticketCount,
});

/** Their order → placeOrder under the platform's client id and buy channel; same order id → same answer. */
async function receiveOrder(db: Db, channel: OtaChannel, body: OtaOrderBody, now: Date) {
  const adapter = OTA_ADAPTERS[channel.platform as OtaPlatform];
  const existing = await findOrder(db, channel, adapter.clientId, body.orderId);
  if (existing) return orderAnswer(body.orderId, existing);
  const [mapping] = await db
    .select()
    .from(otaMappings)
    .where(
      and(
        eq(otaMappings.channelId, channel.id),
        eq(otaMappings.externalCode, body.productCode),
        eq(otaMappings.status, 1),
      ),
    );
  if (!mapping) throw new AppError(409, 'otaUnmappedProduct', { params: { code: body.productCode } });
  if (mapping.price !== body.unitPrice)
    throw new AppError(409, 'otaPriceMismatch', { params: { price: body.unitPrice, agreed: mapping.price } });
  // an area selling by time slot: the first slot of the day with enough left (the platforms sell the day)
  const slots = await publicStockLeft(db, channel.scenicId, body.date);
  const slot = slots.find((x) => x.left >= body.quantity) ?? slots[0];
  try {
    await placeOrder(db, {
      scenicId: channel.scenicId,
      channel: channelOfClient(adapter.clientId) as BuyChannelCode,
      clientId: adapter.clientId,
      externalNo: body.orderId,
      buyer: body.buyer,
      lines: [{ productId: mapping.productId, date: body.date, quantity: body.quantity, periodId: slot?.id }],
      payNow: body.paid ? { payWay: 98 } : undefined,
      remark: `${adapter.platform} ${body.orderId}`,
      actor: { adminId: null, username: adapter.clientId },
      now,
    });
  } catch (err) {
    // the same order id placed at the same moment by a repeated call: the unique index kept one
    const again = await findOrder(db, channel, adapter.clientId, body.orderId);
    if (again) return orderAnswer(body.orderId, again);
    throw err;
  }
  const placed = await findOrder(db, channel, adapter.clientId, body.orderId);
  return orderAnswer(body.orderId, placed!);
}

async function orderOf(db: Db, channel: OtaChannel, orderId: string): Promise<OrderRef> {
  const order = await findOrder(db, channel, OTA_ADAPTERS[channel.platform as OtaPlatform].clientId, orderId);
  if (!order) throw new AppError(404, 'otaOrderNotFound', { params: { orderId } });
  return order;
}

/**
 * Cancel: an unpaid order is cancelled (T4); for a paid one each refundable ticket gets a refund
 * request (T15) approved at once by the auto-approve policy (T17), through the refunds module.
 */
async function receiveCancel(
  db: Db,
  channel: OtaChannel,
  ref: { orderId: string; reason?: string | undefined },
  now: Date,
) {
  const order = await orderOf(db, channel, ref.orderId);
  const clientId = OTA_ADAPTERS[channel.platform as OtaPlatform].clientId;
  if (order.payStatus === 101) {
    await cancelOrder(db, {
      scenicId: channel.scenicId,
      orderId: order.id,
      by: 'customer',
      reason: ref.reason,
      actor: { adminId: null, username: clientId },
      now,
    });
    return { ...orderAnswer(ref.orderId, await orderOf(db, channel, ref.orderId)), outcome: 'cancelled' };
  }
  const tickets = await queryRows<{ id: number }>(
    db,
    sql`select id from order_tickets where order_id = ${order.id} and status in (${S.unused}, ${S.ticketed}) order by id`,
  );
  if (!tickets.length) throw new AppError(409, 'otaNothingToRefund');
  const requests = await requestRefund(db, {
    scenicId: channel.scenicId,
    ticketIds: tickets.map((t) => Number(t.id)),
    reason: ref.reason ?? channel.platform,
    requestedBy: clientId,
    now,
  });
  let refunded = 0;
  for (const r of requests) {
    const { request } = await approveRefundRequest(db, {
      scenicId: channel.scenicId,
      requestId: r.id,
      adminId: AUTO_APPROVER_ID,
      now,
    });
    refunded += request.refundAmount;
  }
  return {
    ...orderAnswer(ref.orderId, await orderOf(db, channel, ref.orderId)),
    outcome: 'refunded',
    refunded,
  };
}

/** Verifies and handles one inbound call; every call that names a known channel is logged. */
export async function handleInbound(db: Db, call: InboundCall): Promise<InboundAnswer> {
  const now = call.now ?? new Date();
  if (!isPlatform(call.platform)) return { status: 404, answer: { message: 'unknown platform' } };
  const [channel] = call.appKey
    ? await db
        .select()
        .from(otaChannels)
        .where(and(eq(otaChannels.platform, call.platform), eq(otaChannels.appKey, call.appKey)))
    : [];
  // without a known channel there is no area to log under: answered 401, nothing written
  if (!channel) return { status: 401, answer: { message: translate('otaChannelUnknown', 'en') } };
  const type: OtaMessageTypeCode =
    (['order', 'pay', 'cancel', 'query'] as const).find((a) => a === call.action) ?? 'query';
  const externalOrderId =
    call.body && typeof call.body === 'object' && 'orderId' in call.body ? String(call.body.orderId) : '';
  const log = (result: 1 | 2 | 3, response: unknown, orderNo?: string) =>
    logMessage(db, {
      scenicId: channel.scenicId,
      platform: channel.platform,
      direction: 1,
      type,
      externalOrderId,
      orderNo,
      request: call.raw,
      response,
      result,
      at: now,
    });
  const secret = await openSecret(db, channel.secretSealed);
  const ts = Number(call.timestamp);
  const fresh = Number.isFinite(ts) && Math.abs(now.getTime() - ts) <= SIGNATURE_WINDOW_MS;
  const signed =
    secret != null &&
    call.signature != null &&
    signatureMatches(signBody(secret, String(call.timestamp), call.raw), call.signature);
  if (!fresh || !signed) {
    const answer = { message: translate('otaSignatureInvalid', 'en') };
    await log(OTA_RESULT.refused, answer);
    return { status: 401, answer };
  }
  if (channel.status !== 1) {
    const answer = { message: translate('otaChannelUnknown', 'en') };
    await log(OTA_RESULT.refused, answer);
    return { status: 403, answer };
  }
  const adapter = OTA_ADAPTERS[channel.platform as OtaPlatform];
  try {
    let answer: Record<string, unknown>;
    if (call.action === 'order') answer = await receiveOrder(db, channel, adapter.parseOrder(call.body), now);
    else if (call.action === 'cancel')
      answer = await receiveCancel(db, channel, adapter.parseRef(call.body), now);
    else if (call.action === 'query')
      answer = orderAnswer(externalOrderId, await orderOf(db, channel, adapter.parseRef(call.body).orderId));
    else return { status: 404, answer: { message: 'unknown action' } };
    await log(OTA_RESULT.ok, answer, String(answer.orderNo ?? ''));
    return { status: 200, answer };
  } catch (err) {
    const zod = err instanceof Error && err.name === 'ZodError';
    const status = err instanceof AppError ? err.statusCode : err instanceof FieldError || zod ? 400 : 500;
    const message =
      err instanceof AppError
        ? translate(err.msgKey, 'en', err.options.params)
        : err instanceof FieldError
          ? `${err.field}: ${err.reason.en}`
          : zod
            ? (err as Error).message.slice(0, 300)
            : 'internal error';
    const answer = { message };
    await log(status >= 500 ? OTA_RESULT.failed : OTA_RESULT.refused, answer);
    return { status, answer };
  }
}

/**
 * Sends one outbound message to the channel's callback URL (signed like theirs), logging it. The
 * logged response says where it went and what came of it: `POST <url>` (no query or credentials),
 * then `<status> in <ms> ms` and the answer's first characters, or why nothing was answered
 * (`refused: loopback address`: the egress rule refused it and nothing was sent; `failed: ...`).
 */
export async function sendOutbound(
  db: Db,
  channel: OtaChannel,
  m: {
    type: OtaMessageTypeCode;
    payload: Record<string, unknown>;
    externalOrderId?: string;
    orderNo?: string;
    now?: Date;
  },
): Promise<1 | 2 | 3> {
  const now = m.now ?? new Date();
  const body = JSON.stringify(m.payload);
  const secret = (await openSecret(db, channel.secretSealed)) ?? '';
  const timestamp = String(now.getTime());
  let result: 1 | 2 | 3 = OTA_RESULT.failed;
  let response: string;
  if (!channel.callbackUrl) response = 'no callback URL';
  else {
    const target = `POST ${urlForLog(channel.callbackUrl)}`;
    try {
      const res = await postToPlatform(channel.callbackUrl, body, {
        'x-ota-key': channel.appKey,
        'x-ota-timestamp': timestamp,
        'x-ota-signature': signBody(secret, timestamp, body),
      });
      const redirect = res.status >= 300 && res.status < 400 ? ' (redirect not followed)' : '';
      response = `${target}\n${res.status} in ${res.ms} ms${redirect}\n${res.body.toString('utf8', 0, 1000)}`;
      if (res.status >= 200 && res.status < 300) result = OTA_RESULT.ok;
    } catch (err) {
      // an EgressError's message holds no answer text; anything else is ours, not the platform's
      response = `${target}\n${err instanceof EgressError ? err.message : 'failed: internal error'}`;
      if (err instanceof EgressError && err.refused) result = OTA_RESULT.refused;
    }
  }
  await logMessage(db, {
    scenicId: channel.scenicId,
    platform: channel.platform,
    direction: 2,
    type: m.type,
    externalOrderId: m.externalOrderId,
    orderNo: m.orderNo,
    request: body,
    response,
    result,
    at: now,
  });
  return result;
}

/** Stock left on a date for each enabled mapping of the channel (null: no limit set), sent to the platform. */
export async function syncStock(db: Db, channel: OtaChannel, date: string, now = new Date()) {
  const items = await queryRows<{ external_code: string; left: number | null }>(
    db,
    sql`select m.external_code,
          (select sum(greatest(p.stock - p.sold, 0))::int from price_calendar p
            where p.product_id = m.product_id and p.date = ${date} and p.status = 1) as left
        from ota_mappings m where m.channel_id = ${channel.id} and m.status = 1 order by m.external_code`,
  );
  const payload = OTA_ADAPTERS[channel.platform as OtaPlatform].stockNotice({
    date,
    items: items.map((i) => ({ productCode: i.external_code, left: i.left == null ? null : Number(i.left) })),
  });
  const result = await sendOutbound(db, channel, { type: 'stock', payload, now });
  return { result, items: payload.items as { productCode: string; left: number | null }[] };
}
