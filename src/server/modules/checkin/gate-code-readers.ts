import type { CheckinAnswer } from '../../../shared/api/checkin.ts';
import type { CheckinResultCode } from '../../../shared/dict/checkin.ts';
import type { Db } from '../../db/client.ts';
import { extensionPoint } from '../../lib/extension-point.ts';

/** What the check-in scan hands a reader of codes that are no ticket of ours (checkin.service.ts scanOnce). */
export interface GateCodeScan {
  scenicId: number;
  readMode: number;
  value: string;
  at: Date;
  gate: { id: number; gateType: number; status: number };
  /** Lets the ticket path judge these tickets (by code) and admit one: T9-T14, OTA redemption notices */
  admit: (ticketCodes: string[]) => Promise<CheckinAnswer>;
  /** Writes the scan's gate event (entry type 1 ticket) with this result, on `conn` */
  record: (result: CheckinResultCode, conn: Db) => Promise<CheckinAnswer>;
}

/** The answer to a code the reader knows, or null when it is none of its (the scan carries on). */
export type GateCodeReader = (db: Db, scan: GateCodeScan) => Promise<CheckinAnswer | null>;

/**
 * Readers of codes that are no ticket and no booking, tried in the order of the module list after
 * those: third-party plugs in its vouchers (third-party.module.ts), so checkin imports nothing of it.
 */
export const gateCodeReaders = extensionPoint<GateCodeReader>('checkin.gateCodeReaders');
