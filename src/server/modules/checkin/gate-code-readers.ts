import type { CheckinAnswer } from '../../../shared/api/checkin.ts';
import type { CheckinResultCode } from '../../../shared/dict/checkin.ts';
import type { Db } from '../../db/client.ts';
import { extensionPoint } from '../../lib/extension-point.ts';

/**
 * Who passed, as the gate event names them: by default a ticket's read (entry type 1); a reader of
 * another kind names its own (a travel card: entry type 2 and the card's number).
 */
export interface GateEventSubject {
  /** ParkEntryType of docs/product.md §9: 1 ticket, 2 pass card, 3 staff card */
  entryType: number;
  /** A travel card's number (gate_events.card_no) */
  cardNo?: string;
  visitorName?: string;
}

/** What the check-in scan hands a reader of codes that are no ticket of ours (checkin.service.ts scanOnce). */
export interface GateCodeScan {
  scenicId: number;
  /** The device that scanned (the actor of what a reader writes) */
  deviceId: string;
  readMode: number;
  value: string;
  at: Date;
  gate: { id: number; gateType: number; status: number };
  /** The way the gate lets people through (gate types 10 and 20 in, 11 and 21 out) */
  direction: 'entry' | 'exit';
  /** An offline or forced scan: a passage that happened, recorded in the gate's direction even when refused */
  fact: boolean;
  /** The area's time zone: its days are the ones rules of "today" read */
  timeZone: string;
  /** Whether the gate admits a ticket product (gate_admissions: none listed admits every product) */
  admitsProduct: (productId: number) => boolean;
  /** Lets the ticket path judge these tickets (by code) and admit one: T9-T14, OTA redemption notices */
  admit: (ticketCodes: string[]) => Promise<CheckinAnswer>;
  /** Writes the scan's gate event with this result, on `conn`: a ticket's (entry type 1) unless `subject` says who */
  record: (result: CheckinResultCode, conn: Db, subject?: GateEventSubject) => Promise<CheckinAnswer>;
}

/** The answer to a code the reader knows, or null when it is none of its (the scan carries on). */
export type GateCodeReader = (db: Db, scan: GateCodeScan) => Promise<CheckinAnswer | null>;

/**
 * Readers of codes that are no ticket and no booking, tried in the order of the module list after
 * those: third-party plugs in its vouchers (third-party.module.ts) and cards its travel cards
 * (cards.module.ts), so checkin imports nothing of them.
 */
export const gateCodeReaders = extensionPoint<GateCodeReader>('checkin.gateCodeReaders');
