import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CheckinAnswer } from '../../../shared/api/checkin.ts';
import { CARD_READ_MODE } from '../../../shared/api/staff-cards.ts';
import type { ThirdPartyVerified } from '../../../shared/api/third-party.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import type { CheckinReason } from '../../../shared/dict/checkin.ts';
import { OTA_CLIENT, type OtaPlatform } from '../../../shared/dict/ota.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { GateCodeScan } from '../checkin/index.ts';
import { orderTickets, ticketOrders } from '../orders/index.ts';
import { otaChannels } from '../ota/index.ts';
import { staffCards } from '../staff-cards/index.ts';
import {
  thirdPartyChannels,
  thirdPartyVouchers,
  type ThirdPartyChannel,
  type ThirdPartyVoucher,
} from './third-party.table.ts';

/** The gate types of docs/product.md §9: a code-list voucher is one entry, taken at an entry gate (10). */
const ENTRY_GATE = 10;

/** Whether a code has a channel's format: its prefix, its length range and (anchored) its pattern. */
export function formatMatches(
  channel: Pick<ThirdPartyChannel, 'codePrefix' | 'codePattern' | 'codeMinLength' | 'codeMaxLength'>,
  code: string,
): boolean {
  if (code.length < channel.codeMinLength || code.length > channel.codeMaxLength) return false;
  if (channel.codePrefix && !code.startsWith(channel.codePrefix)) return false;
  if (!channel.codePattern) return true;
  try {
    return new RegExp(`^(?:${channel.codePattern})$`).test(code);
  } catch {
    return false;
  }
}

type VoucherRefusal = Extract<
  CheckinReason,
  'voucherUnknown' | 'voucherUsed' | 'voucherVoid' | 'voucherExpired'
>;
export type PlatformTicket = { id: number; code: string; status: number };

/** What a channel's adapter makes of a code. */
export type VoucherVerdict =
  /** Our tickets of the platform's order: the gate's ticket rules (T9-T14) decide which one is admitted */
  | { kind: 'tickets'; tickets: PlatformTicket[] }
  /** An imported voucher that can be redeemed now */
  | { kind: 'voucher'; voucher: ThirdPartyVoucher }
  | { kind: 'refused'; reason: VoucherRefusal; voucher?: ThirdPartyVoucher };

/** Verifies a code through one channel: nothing is changed here. */
export interface VoucherAdapter {
  verify(tx: Db, channel: ThirdPartyChannel, code: string, at: Date): Promise<VoucherVerdict>;
}

/** OTA orders: the code is the platform's order id (ticket_orders.external_no under its client id). */
const otaAdapter: VoucherAdapter = {
  async verify(tx, channel, code) {
    const [ota] = await tx
      .select({ platform: otaChannels.platform })
      .from(otaChannels)
      .where(and(eq(otaChannels.id, channel.otaChannelId!), eq(otaChannels.scenicId, channel.scenicId)));
    if (!ota) return { kind: 'refused', reason: 'voucherUnknown' };
    const clientId = OTA_CLIENT[ota.platform as OtaPlatform];
    const tickets = await tx
      .select({ id: orderTickets.id, code: orderTickets.code, status: orderTickets.status })
      .from(orderTickets)
      .innerJoin(ticketOrders, eq(ticketOrders.id, orderTickets.orderId))
      .where(
        and(
          eq(ticketOrders.scenicId, channel.scenicId),
          eq(ticketOrders.clientId, clientId),
          eq(ticketOrders.externalNo, code),
          isNotNull(orderTickets.code),
        ),
      )
      .orderBy(asc(orderTickets.id))
      .limit(50);
    if (!tickets.length) return { kind: 'refused', reason: 'voucherUnknown' };
    return {
      kind: 'tickets',
      tickets: tickets.map((t) => ({ id: Number(t.id), code: t.code!, status: Number(t.status) })),
    };
  },
};

/** Imported codes: one voucher, once, within its validity. */
const codeListAdapter: VoucherAdapter = {
  async verify(tx, channel, code, at) {
    const [voucher] = await tx
      .select()
      .from(thirdPartyVouchers)
      .where(and(eq(thirdPartyVouchers.channelId, channel.id), eq(thirdPartyVouchers.code, code)));
    if (!voucher) return { kind: 'refused', reason: 'voucherUnknown' };
    if (voucher.status === 'void') return { kind: 'refused', reason: 'voucherVoid', voucher };
    if (voucher.status === 'used') return { kind: 'refused', reason: 'voucherUsed', voucher };
    if (at < voucher.validFrom || at >= voucher.validTo)
      return { kind: 'refused', reason: 'voucherExpired', voucher };
    return { kind: 'voucher', voucher };
  },
};

export const VOUCHER_ADAPTERS: Record<string, VoucherAdapter> = {
  ota: otaAdapter,
  codeList: codeListAdapter,
};

/**
 * The channel a code belongs to: among the area's enabled channels whose format it matches (oldest
 * first), the first whose adapter knows the code, else the first match with `voucherUnknown`.
 * Null when no enabled channel's format matches.
 */
export async function resolveCode(
  db: Db,
  scenicId: number,
  code: string,
  at: Date,
): Promise<{ channel: ThirdPartyChannel; verdict: VoucherVerdict } | null> {
  const channels = (
    await db
      .select()
      .from(thirdPartyChannels)
      .where(and(eq(thirdPartyChannels.scenicId, scenicId), eq(thirdPartyChannels.status, ENABLED)))
      .orderBy(asc(thirdPartyChannels.id))
  ).filter((c) => formatMatches(c, code));
  if (!channels.length) return null;
  for (const channel of channels) {
    const verdict = await VOUCHER_ADAPTERS[channel.adapter]!.verify(db, channel, code, at);
    if (verdict.kind !== 'refused' || verdict.reason !== 'voucherUnknown') return { channel, verdict };
  }
  return { channel: channels[0]!, verdict: { kind: 'refused', reason: 'voucherUnknown' } };
}

export interface GateRef {
  id: number;
  gateType: number;
  status: number;
}

/** Whether the gate takes the channel's codes: listed on the channel, enabled, and an entry gate for vouchers. */
export function gateAccepts(channel: ThirdPartyChannel, gate: GateRef): boolean {
  if (gate.status !== ENABLED || !channel.gateIds.includes(gate.id)) return false;
  return channel.adapter === 'ota' || gate.gateType === ENTRY_GATE;
}

/** What the check-in scan hands over (checkin's gateCodeReaders, which this module plugs into). */
export type ThirdPartyScan = GateCodeScan;

/** A staff card's QR payload is never taken for a voucher of a loose format. */
async function isStaffCardQr(db: Db, scenicId: number, value: string): Promise<boolean> {
  const [card] = await db
    .select({ id: staffCards.id })
    .from(staffCards)
    .where(and(eq(staffCards.scenicId, scenicId), eq(staffCards.qrCode, value)))
    .limit(1);
  return Boolean(card);
}

/**
 * A QR read that is no ticket of ours and no booking, tried against the area's third-party channels
 * (docs/decisions.md "Third-party vouchers at the gate"). Null when no enabled channel's format
 * matches (the scan carries on as before). An OTA order's code admits one of its tickets through the
 * ticket path; an imported voucher goes unused → used by a compare-and-set in the transaction that
 * writes the gate event, so two gates reading it at once admit once.
 */
export async function thirdPartyAtGate(db: Db, scan: ThirdPartyScan): Promise<CheckinAnswer | null> {
  if (scan.readMode !== CARD_READ_MODE.qr) return null;
  const found = await resolveCode(db, scan.scenicId, scan.value, scan.at);
  if (!found) return null;
  const { channel, verdict } = found;
  if (verdict.kind === 'refused' && verdict.reason === 'voucherUnknown') {
    if (await isStaffCardQr(db, scan.scenicId, scan.value)) return null;
    return scan.record('voucherUnknown', db);
  }
  if (!gateAccepts(channel, scan.gate)) return scan.record('wrongGate', db);
  if (verdict.kind === 'tickets') return scan.admit(verdict.tickets.map((t) => t.code));
  if (verdict.kind === 'refused') return scan.record(verdict.reason, db);
  const voucherId = verdict.voucher.id;
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(thirdPartyVouchers)
      .set({ status: 'used', usedAt: scan.at, gateId: scan.gate.id })
      .where(and(eq(thirdPartyVouchers.id, voucherId), eq(thirdPartyVouchers.status, 'unused')))
      .returning({ id: thirdPartyVouchers.id });
    if (!moved.length) {
      // another gate took it between the read and this write (or it was voided meanwhile)
      const [now] = await tx
        .select({ status: thirdPartyVouchers.status })
        .from(thirdPartyVouchers)
        .where(eq(thirdPartyVouchers.id, voucherId));
      return scan.record(now?.status === 'void' ? 'voucherVoid' : 'voucherUsed', tx);
    }
    const answer = await scan.record('ok', tx);
    await tx
      .update(thirdPartyVouchers)
      .set({ gateEventId: answer.event.id })
      .where(eq(thirdPartyVouchers.id, voucherId));
    return answer;
  });
}

/** The "test a code" answer: what a gate (or any gate, without one) would do with the code at `at`. */
export async function verifyCode(
  db: Db,
  scenicId: number,
  code: string,
  gate: GateRef | null,
  at: Date,
): Promise<ThirdPartyVerified> {
  const found = await resolveCode(db, scenicId, code, at);
  if (!found)
    return {
      outcome: 'noMatch',
      reason: null,
      channelId: null,
      channelName: '',
      adapter: null,
      voucher: null,
      tickets: [],
    };
  const { channel, verdict } = found;
  const voucher = verdict.kind === 'tickets' ? undefined : verdict.voucher;
  const base = {
    channelId: channel.id,
    channelName: channel.name,
    adapter: channel.adapter,
    voucher: voucher
      ? {
          id: voucher.id,
          status: voucher.status,
          validFrom: voucher.validFrom.toISOString(),
          validTo: voucher.validTo.toISOString(),
        }
      : null,
    tickets: verdict.kind === 'tickets' ? verdict.tickets : [],
  };
  const refused = (reason: CheckinReason) => ({ outcome: 'refused', reason, ...base });
  if (verdict.kind === 'refused' && verdict.reason === 'voucherUnknown') return refused('voucherUnknown');
  if (gate && !gateAccepts(channel, gate)) return refused('wrongGate');
  if (verdict.kind === 'refused') return refused(verdict.reason);
  return { outcome: verdict.kind === 'tickets' ? 'admitTickets' : 'redeemVoucher', reason: null, ...base };
}

const CLIENT_OF_PLATFORM = sql.raw(
  `case oc.platform ${Object.entries(OTA_CLIENT)
    .map(([p, id]) => `when '${p}' then '${id}'`)
    .join(' ')} end`,
);

/** Used / total per channel: imported vouchers, or for an OTA channel its platform orders (with a ticket used). */
export async function voucherCounts(
  db: Db,
  channels: ThirdPartyChannel[],
): Promise<Map<number, { used: number; total: number }>> {
  const counts = new Map<number, { used: number; total: number }>();
  const lists = channels.filter((c) => c.adapter === 'codeList').map((c) => c.id);
  if (lists.length) {
    const rows = await db
      .select({
        channelId: thirdPartyVouchers.channelId,
        used: sql<number>`count(*) filter (where ${thirdPartyVouchers.status} = 'used')`,
        total: sql<number>`count(*)`,
      })
      .from(thirdPartyVouchers)
      .where(inArray(thirdPartyVouchers.channelId, lists))
      .groupBy(thirdPartyVouchers.channelId);
    for (const r of rows) counts.set(r.channelId, { used: Number(r.used), total: Number(r.total) });
  }
  for (const c of channels.filter((x) => x.adapter === 'ota')) {
    const [row] = await queryRows<{ used: number; total: number }>(
      db,
      sql`select count(*) filter (where exists (select 1 from order_tickets t where t.order_id = o.id
            and t.status in (302, 401, 402, 403, 405))) as used, count(*) as total
          from ticket_orders o
          join ota_channels oc on oc.id = ${c.otaChannelId} and oc.scenic_id = o.scenic_id
          where o.scenic_id = ${c.scenicId} and o.external_no is not null
            and o.client_id = ${CLIENT_OF_PLATFORM}`,
    );
    counts.set(c.id, { used: Number(row?.used ?? 0), total: Number(row?.total ?? 0) });
  }
  return counts;
}
