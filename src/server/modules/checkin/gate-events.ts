import type { CheckinAnswer, GateEvent } from '../../../shared/api/checkin.ts';
import { CARD_READ_MODE } from '../../../shared/api/staff-cards.ts';
import { CheckinResult, type CheckinResultCode } from '../../../shared/dict/checkin.ts';
import type { GateDirectionCode } from '../../../shared/dict/order.ts';
import type { gateEvents } from './checkin.table.ts';

/** Gate events as the scan writes them (raw SQL rows), and the answers they stand for. */

export type Raw = Record<string, unknown>;
export const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
export const toDateOrNull = (v: unknown) => (v == null ? null : toDate(v));

/** What was read, masked for the log: an ID number shows only its ends, a secret only a hint. */
export function maskScanned(readMode: number, value: string): string {
  const v = value.trim();
  if (readMode === CARD_READ_MODE.face) return v.slice(0, 64);
  if (readMode === CARD_READ_MODE.idCard)
    return v.length > 7 ? `${v.slice(0, 3)}***********${v.slice(-4)}` : '****';
  if (readMode === CARD_READ_MODE.icCard) return v.length > 4 ? `****${v.slice(-4)}` : '****';
  return v.length > 8 ? `${v.slice(0, 4)}****${v.slice(-4)}` : '****';
}

export type GateEventRow = typeof gateEvents.$inferSelect;

/** A gate_events row as returned by raw SQL (snake_case; node-postgres gives bigints as text). */
export function gateEventOf(r: Raw): GateEventRow {
  const num = (v: unknown) => (v == null ? null : Number(v));
  return {
    id: Number(r.id),
    scenicId: Number(r.scenic_id),
    gateId: Number(r.gate_id),
    deviceId: String(r.device_id),
    nonce: String(r.nonce),
    direction: String(r.direction),
    entryType: num(r.entry_type),
    readMode: Number(r.read_mode),
    ticketId: num(r.ticket_id),
    orderId: num(r.order_id),
    staffCardId: num(r.staff_card_id),
    cardNo: r.card_no == null ? null : String(r.card_no),
    scannedValue: String(r.scanned_value),
    result: String(r.result),
    visitorName: String(r.visitor_name),
    offline: Boolean(r.offline),
    forced: Boolean(r.forced),
    healthCode: num(r.health_code),
    scannedAt: toDate(r.scanned_at),
    uploadedAt: toDate(r.uploaded_at),
  };
}

function eventOf(row: GateEventRow): GateEvent {
  return {
    id: row.id,
    gateId: row.gateId,
    deviceId: row.deviceId,
    nonce: row.nonce,
    direction: row.direction as GateDirectionCode,
    entryType: row.entryType,
    readMode: row.readMode,
    ticketId: row.ticketId,
    orderId: row.orderId,
    staffCardId: row.staffCardId,
    cardNo: row.cardNo,
    scannedValue: row.scannedValue,
    result: row.result,
    visitorName: row.visitorName,
    offline: row.offline,
    forced: row.forced,
    healthCode: row.healthCode,
    scannedAt: row.scannedAt.toISOString(),
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

/** The answer an event stands for (also the answer repeated for a retried nonce). */
export function answerOf(row: GateEventRow, duplicate: boolean): CheckinAnswer {
  const result = (row.result in CheckinResult ? row.result : 'unknown') as CheckinResultCode;
  const { zh, en } = CheckinResult[result];
  return {
    allowed: row.direction !== 'denied',
    applied: result === 'ok',
    duplicate,
    ...(result === 'ok' ? {} : { reason: result }),
    message: { zh, en },
    event: eventOf(row),
  };
}
