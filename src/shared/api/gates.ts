import { z } from 'zod';
import { GATE_ADMISSION_KINDS, GatePassState } from '../dict/gates.ts';
import { TerminalOnline } from '../dict/terminal.ts';
import { GateType } from '../dict/gates.ts';
import { EnableStatusSchema } from './general.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema, TimeOfDaySchema } from './common.ts';
import { key, text } from './fields.ts';

/** /terminal/gateManage (docs/product.md §7 POST /web/api/ticket/gate/page and the gate's edits). */
export const gateApi = endpoints('/web/api/ticket/gate', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'delete',
  'passState',
  'options',
  /** What the gate form picks from: the area's products, staff cards, booking sites and gate devices */
  'choices',
]);

export const GateTypeSchema = dictCodeSchema(GateType);
export const GatePassStateSchema = dictCodeSchema(GatePassState);

export const GATE_SORT_FIELDS = ['code', 'name', 'gateType', 'createTime'] as const;

/** docs/product.md §7 POST /web/api/ticket/gate/page. */
export const GatePageSchema = listQuerySchema(GATE_SORT_FIELDS, {
  name: text(50).optional(),
  gateType: GateTypeSchema.optional(),
  status: EnableStatusSchema.optional(),
  passState: GatePassStateSchema.optional(),
  /** 2: some device on the gate is online; 0: none is */
  online: dictCodeSchema(TerminalOnline).optional(),
});
export type GatePage = z.infer<typeof GatePageSchema>;

/** A device (gate or face terminal) mounted on a gate. */
export const GateDeviceSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  name: z.string(),
  serialNo: z.string(),
  status: z.number().int(),
  online: z.number().int(),
  lastSeenTime: z.string().nullable(),
});
export type GateDevice = z.infer<typeof GateDeviceSchema>;

export const GateRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  gateType: z.number().int().describe('GateType: 10 entry, 11 exit, 20 timer start, 21 timer pause'),
  location: z.string(),
  status: z.number().int().describe('EnableStatus: 1 in service, 2 out of service'),
  passState: z.number().int().describe('docs/product.md §4: 0 on (lets people through), 1 off'),
  openFrom: z.string().nullable().describe('HH:mm; null with openTo: the area’s opening hours'),
  openTo: z.string().nullable(),
  /** How many products, cards and booking sites the gate is limited to (0 = all of that kind) */
  admissions: z.object({ product: z.number().int(), card: z.number().int(), booking: z.number().int() }),
  /** The ids it is limited to (empty: all of that kind) and its gate devices */
  productIds: z.array(z.number().int()),
  cardIds: z.array(z.number().int()),
  bookingSiteIds: z.array(z.number().int()),
  deviceIds: z.array(z.number().int()),
  devices: z.array(GateDeviceSchema),
  devicesOnline: z.number().int(),
  /** 2 when any device on the gate is online, else 0 */
  online: z.number().int(),
  lastScanTime: z.string().nullable(),
  lastScanResult: z.string().nullable().describe('CheckinResult of the last scan'),
  createTime: z.string(),
  updateTime: z.string(),
});
export type GateRow = z.infer<typeof GateRowSchema>;

export const GateAdmissionsSchema = z
  .object({
    productIds: z.array(IdSchema).max(500).default([]),
    cardIds: z.array(IdSchema).max(500).default([]),
    bookingSiteIds: z.array(IdSchema).max(500).default([]),
  })
  .strict();
export type GateAdmissions = z.infer<typeof GateAdmissionsSchema>;

/** One gate with what it admits (ids) and its devices. */
export const GateDetailSchema = GateRowSchema;
export type GateDetail = z.infer<typeof GateDetailSchema>;

const hhmm = TimeOfDaySchema.nullable();

const gateFields = {
  code: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[\w.-]+$/),
  name: z.string().trim().min(1).max(50),
  gateType: GateTypeSchema,
  location: text(100),
  status: EnableStatusSchema,
  passState: GatePassStateSchema,
  openFrom: hhmm,
  openTo: hhmm,
  productIds: z.array(IdSchema).max(500),
  cardIds: z.array(IdSchema).max(500),
  bookingSiteIds: z.array(IdSchema).max(500),
  /** gateDevice/faceDevice terminals of the area mounted on this gate (others are unmounted from it) */
  deviceIds: z.array(IdSchema).max(50),
};

/** Both hours or neither; from before to. */
const hoursRefine = <T extends { openFrom?: string | null | undefined; openTo?: string | null | undefined }>(
  s: z.ZodType<T>,
) =>
  s.superRefine((b, ctx) => {
    if (b.openFrom === undefined && b.openTo === undefined) return;
    if ((b.openFrom == null) !== (b.openTo == null))
      ctx.addIssue({
        code: 'custom',
        path: [b.openFrom == null ? 'openFrom' : 'openTo'],
        message: key('required'),
      });
    else if (b.openFrom != null && b.openTo != null && b.openFrom >= b.openTo)
      ctx.addIssue({ code: 'custom', path: ['openTo'], message: key('openBeforeClose') });
  });

export const GateCreateSchema = hoursRefine(
  z
    .object({
      code: gateFields.code,
      name: gateFields.name,
      gateType: gateFields.gateType,
      location: gateFields.location.default(''),
      status: gateFields.status.default(1),
      passState: gateFields.passState.default(0),
      openFrom: hhmm.default(null),
      openTo: hhmm.default(null),
      productIds: gateFields.productIds.default([]),
      cardIds: gateFields.cardIds.default([]),
      bookingSiteIds: gateFields.bookingSiteIds.default([]),
      deviceIds: gateFields.deviceIds.default([]),
    })
    .strict(),
);
export type GateCreate = z.infer<typeof GateCreateSchema>;

/** Only the fields sent change; hours are sent together. */
export const GateUpdateSchema = hoursRefine(
  z
    .object({
      id: IdSchema,
      code: gateFields.code.optional(),
      name: gateFields.name.optional(),
      gateType: gateFields.gateType.optional(),
      location: gateFields.location.optional(),
      status: gateFields.status.optional(),
      passState: gateFields.passState.optional(),
      openFrom: hhmm.optional(),
      openTo: hhmm.optional(),
      productIds: gateFields.productIds.optional(),
      cardIds: gateFields.cardIds.optional(),
      bookingSiteIds: gateFields.bookingSiteIds.optional(),
      deviceIds: gateFields.deviceIds.optional(),
    })
    .strict(),
);
export type GateUpdate = z.infer<typeof GateUpdateSchema>;

export const GatePassStateChangeSchema = z.object({ id: IdSchema, passState: GatePassStateSchema }).strict();

/** A gate in a select (staff-card form, log filter). */
export const GateOptionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  gateType: z.number().int(),
  status: z.number().int(),
});
export type GateOption = z.infer<typeof GateOptionSchema>;

export const GATE_ADMISSION_KIND_LIST = GATE_ADMISSION_KINDS;

const Choice = z.object({ id: z.number().int(), name: z.string() });

/** The gate form's pickers. */
export const GateChoicesSchema = z.object({
  products: z.array(Choice),
  cards: z.array(Choice),
  bookingSites: z.array(Choice),
  devices: z.array(Choice.extend({ serialNo: z.string(), gateId: z.number().int().nullable() })),
});
export type GateChoices = z.infer<typeof GateChoicesSchema>;
