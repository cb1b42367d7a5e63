import { z } from 'zod';
import { CheckinResult, HealthCode } from '../dict/checkin.ts';
import { GateDirection } from '../dict/order.ts';
import { CardReadMode, ParkEntryType } from '../dict/gates.ts';
import { storableText } from '../text.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { key, required, text } from './fields.ts';

/** Gates (OAuth clients) report their scans here. */
export const gateScanApi = endpoints('/api/gate', ['scan', 'upload']);
/** docs/product.md §2 /ticket/visitors: the entry/exit log. */
export const gardenLogApi = endpoints('/web/api/admin/gardenLog', [
  'page',
  'derivedPage',
  'selectGardenLog',
  'getFreeIdCardGarLog',
  /** The area's gates for the log's gate filter */
  'gates',
]);

/** An instant with its offset, e.g. 2025-01-01T08:00:00+08:00. */
const InstantSchema = z.iso.datetime({ offset: true });

const DEVICE_TEXT = /^[A-Za-z0-9._:-]+$/;

/** One scan a gate sends (POST /api/gate/scan); the gate's area comes from its client token. */
export const GateScanSchema = z
  .object({
    gateId: IdSchema,
    deviceId: required(64).regex(DEVICE_TEXT),
    /** The device's own id of this scan: a retried scan with the same nonce is recorded once */
    nonce: required(64).regex(DEVICE_TEXT),
    /**
     * CardReadMode: 1 QR code, 2 ID card, 3 IC card, 4 face (the staff card id, or the travel card
     * number, the terminal matched: docs/domain.md "At the gate")
     */
    readMode: dictCodeSchema(CardReadMode),
    // What the reader decoded: a misread code may hold control characters, and it must come out
    // as "unknown code", not a refused request, so a NUL or a lone surrogate (which no code holds
    // and the database cannot store) becomes U+FFFD here and matches nothing.
    value: required(64).transform(storableText),
    scannedAt: InstantSchema,
    offline: z.boolean().default(false),
    forced: z.boolean().default(false),
    /** docs/product.md §5 health code read with the passage: 0 healthy, 1 fever, 2 suspected, 3 confirmed, 4 cured, 5 other */
    healthCode: dictCodeSchema(HealthCode).optional(),
  })
  .strict();
export type GateScanBody = z.infer<typeof GateScanSchema>;

/**
 * A gate device's scan (POST /web/api/terminal/device/scan): the device is the caller's terminal and
 * its gate the one it is mounted on.
 */
export const DeviceScanSchema = GateScanSchema.omit({ gateId: true, deviceId: true });
export type DeviceScanBody = z.infer<typeof DeviceScanSchema>;

/** Scans an offline gate kept and uploads later (facts: see docs/decisions.md "Gate check-in"). */
export const GateUploadSchema = z
  .object({
    scans: z
      .array(GateScanSchema.omit({ offline: true }))
      .min(1, { error: key('required') })
      .max(500),
  })
  .strict();

export const GateEventSchema = z.object({
  id: z.number().int(),
  /** null for the system's own events (the exit written at day close, T13) */
  gateId: z.number().int().nullable(),
  deviceId: z.string(),
  nonce: z.string(),
  direction: z.enum(['entry', 'exit', 'denied']),
  entryType: z.number().int().nullable(),
  readMode: z.number().int().nullable(),
  ticketId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  staffCardId: z.number().int().nullable(),
  /** A travel card's number (entry type 2) */
  cardNo: z.string().nullable(),
  scannedValue: z.string(),
  result: z.string(),
  visitorName: z.string(),
  offline: z.boolean(),
  forced: z.boolean(),
  healthCode: z.number().int().nullable(),
  scannedAt: z.string(),
  uploadedAt: z.string(),
});
export type GateEvent = z.infer<typeof GateEventSchema>;

/** The gate's answer: let through or not, the reason and its text in both languages. */
export const CheckinAnswerSchema = z.object({
  allowed: z.boolean(),
  /** false when the passage was recorded but the ticket could not move (offline/forced facts) */
  applied: z.boolean(),
  /** true when this nonce was seen before: the first answer, nothing recorded again */
  duplicate: z.boolean(),
  reason: z.string().optional(),
  message: z.object({ zh: z.string(), en: z.string() }),
  event: GateEventSchema,
});
export type CheckinAnswer = z.infer<typeof CheckinAnswerSchema>;

export const GARDEN_LOG_SORT_FIELDS = ['scannedAt'] as const;

const resultCodes = Object.keys(CheckinResult) as [string, ...string[]];

/** Filters of the entry/exit log (docs/product.md §7 gardenLog/page and derivedPage). */
export const GardenLogPageSchema = listQuerySchema(GARDEN_LOG_SORT_FIELDS, {
  scannedFrom: InstantSchema.optional(),
  scannedTo: InstantSchema.optional(),
  gateId: IdSchema.optional(),
  direction: z.enum(Object.keys(GateDirection) as [string, ...string[]]).optional(),
  /** 'ok' or a refusal reason (CheckinResult) */
  result: z.enum(resultCodes).optional(),
  /** ParkEntryType: 1 ticket, 2 pass card, 3 staff card */
  entryType: dictCodeSchema(ParkEntryType).optional(),
  orderNo: text(32).optional(),
  ticketCode: text(64).optional(),
  /** A travel card's number (its entries, entry type 2) */
  cardNo: z.string().trim().toUpperCase().max(16).optional(),
  visitorName: text(50).optional(),
  idNumber: z.string().trim().toUpperCase().max(18).optional(),
  /** CardReadMode: 1 QR code, 2 ID card, 3 IC card, 4 face */
  readMode: dictCodeSchema(CardReadMode).optional(),
  /** docs/product.md §5 health code reported with the passage */
  healthCode: dictCodeSchema(HealthCode).optional(),
});
export type GardenLogPage = z.infer<typeof GardenLogPageSchema>;

/** The log of one ticket or one order (docs/product.md §7 selectGardenLog). */
export const SelectGardenLogSchema = z
  .object({ ticketId: IdSchema.optional(), orderId: IdSchema.optional() })
  .strict()
  .refine((b) => (b.ticketId === undefined) !== (b.orderId === undefined), {
    error: key('required'),
    path: ['ticketId'],
  });

export const GardenLogRowSchema = z.object({
  id: z.number().int(),
  scannedAt: z.string(),
  uploadedAt: z.string(),
  /** null (and an empty gate name) for the system's exit at day close */
  gateId: z.number().int().nullable(),
  gateName: z.string(),
  direction: z.string(),
  deviceId: z.string(),
  readMode: z.number().int().nullable(),
  entryType: z.number().int().nullable(),
  ticketId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  orderNo: z.string(),
  staffCardId: z.number().int().nullable(),
  staffCardHolder: z.string(),
  /** A travel card's number (entry type 2); null for tickets and staff cards */
  cardNo: z.string().nullable(),
  visitorName: z.string(),
  scannedValue: z.string(),
  result: z.string(),
  offline: z.boolean(),
  forced: z.boolean(),
  healthCode: z.number().int().nullable(),
});
export type GardenLogRow = z.infer<typeof GardenLogRowSchema>;
