import crypto from 'node:crypto';
import { and, eq, gt, lte, type SQL } from 'drizzle-orm';
import { ENABLED } from '../../../shared/dict/account.ts';
import {
  CARD_VALIDITY,
  StaffCardRefusal,
  type StaffCardRefusalCode,
} from '../../../shared/dict/staff-cards.ts';
import { CARD_READ_MODE } from '../../../shared/api/staff-cards.ts';
import type { Db } from '../../db/client.ts';
import { staffCards } from './staff-cards.table.ts';

export type StaffCard = typeof staffCards.$inferSelect;

/** A new QR payload: 192 random bits, base64url (32 characters). Never taken from a client. */
export function newQrCode(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/** Where a card's validity stands at `at` (CardValidity). */
export function validityAt(card: Pick<StaffCard, 'validFrom' | 'validTo'>, at: Date): number {
  if (at.getTime() < card.validFrom.getTime()) return CARD_VALIDITY.notYetValid;
  if (at.getTime() >= card.validTo.getTime()) return CARD_VALIDITY.expired;
  return CARD_VALIDITY.valid;
}

/** The list filter of a validity state at `at`; validTo is exclusive, like validityAt. */
export function validityWhere(code: number, at: Date): SQL | undefined {
  if (code === CARD_VALIDITY.valid) return and(lte(staffCards.validFrom, at), gt(staffCards.validTo, at));
  if (code === CARD_VALIDITY.expired) return lte(staffCards.validTo, at);
  if (code === CARD_VALIDITY.notYetValid) return gt(staffCards.validFrom, at);
  return undefined;
}

/**
 * How a gate read the card. `value` is the QR payload, the ID number, the IC card number, or for
 * `face` the id of the card whose face the terminal matched (the terminal holds the face images).
 */
export type StaffCardRead = { mode: 'qr' | 'idCard' | 'icCard' | 'face'; value: string };

const MODE_CODE = {
  qr: CARD_READ_MODE.qr,
  idCard: CARD_READ_MODE.idCard,
  icCard: CARD_READ_MODE.icCard,
  face: CARD_READ_MODE.face,
} as const;

export type StaffCardCheck =
  | { allowed: true; card: StaffCard }
  | {
      allowed: false;
      reason: StaffCardRefusalCode;
      /** The reason in both languages (StaffCardRefusal). */
      message: { zh: string; en: string };
      card?: StaffCard;
    };

function refuse(reason: StaffCardRefusalCode, card?: StaffCard): StaffCardCheck {
  const { zh, en } = StaffCardRefusal[reason];
  return card
    ? { allowed: false, reason, message: { zh, en }, card }
    : { allowed: false, reason, message: { zh, en } };
}

async function findCard(db: Db, scenicId: number, read: StaffCardRead): Promise<StaffCard | undefined> {
  const value = read.value.trim();
  if (!value) return undefined;
  let match: SQL;
  switch (read.mode) {
    case 'qr':
      match = eq(staffCards.qrCode, value);
      break;
    case 'idCard':
      match = eq(staffCards.idNumber, value.toUpperCase());
      break;
    case 'icCard':
      match = eq(staffCards.icCardNo, value);
      break;
    case 'face': {
      const id = Number(value);
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return undefined;
      match = eq(staffCards.id, id);
      break;
    }
  }
  const [card] = await db
    .select()
    .from(staffCards)
    .where(and(eq(staffCards.scenicId, scenicId), match))
    .limit(1);
  return card;
}

/**
 * Whether a staff card (park entry type 3 of docs/product.md §9) opens a gate of the area at `at`. Checked in
 * this order: known in this area, enabled, read in a mode the card allows, inside its validity
 * (validTo exclusive), and the gate among its gates (none listed = every gate).
 */
export async function checkStaffCard(
  db: Db,
  scenicId: number,
  read: StaffCardRead,
  gateId: number,
  at: Date,
): Promise<StaffCardCheck> {
  const card = await findCard(db, scenicId, read);
  if (!card) return refuse('unknown');
  if (card.status !== ENABLED) return refuse('disabled', card);
  if (!card.readModes.includes(MODE_CODE[read.mode])) return refuse('modeNotAllowed', card);
  const validity = validityAt(card, at);
  if (validity === CARD_VALIDITY.notYetValid) return refuse('notYetValid', card);
  if (validity === CARD_VALIDITY.expired) return refuse('expired', card);
  if (card.gateIds.length && !card.gateIds.includes(gateId)) return refuse('gateNotAllowed', card);
  return { allowed: true, card };
}
