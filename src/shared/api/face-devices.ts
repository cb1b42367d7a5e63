import { z } from 'zod';
import { HealthCode } from '../dict/checkin.ts';
import { FaceDirection, HEALTH_CODES } from '../dict/face-devices.ts';
import { TerminalOnline } from '../dict/terminal.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { GateOptionSchema } from './gates.ts';
import { text } from './fields.ts';

/** /terminal/faceMange and faceConfig: face devices and their settings (docs/decisions.md "Face devices"). */
export const faceDeviceApi = endpoints('/web/api/terminal/face', [
  'page',
  'export',
  'query',
  'update',
  'gates',
]);
/** The observations face devices uploaded (faceConfig's event list). */
export const faceEventApi = endpoints('/web/api/terminal/faceEvent', ['page', 'export']);

export const HealthCodeSchema = dictCodeSchema(HealthCode);
export const FaceDirectionSchema = dictCodeSchema(FaceDirection);
export { GateOptionSchema };

export const FACE_DEVICE_SORT_FIELDS = ['name', 'serialNo', 'lastSeenTime'] as const;
export const FaceDevicePageSchema = listQuerySchema(FACE_DEVICE_SORT_FIELDS, {
  /** Name or serial number contains */
  keyword: text(64).optional(),
  online: dictCodeSchema(TerminalOnline).optional(),
  gateId: IdSchema.optional(),
  direction: FaceDirectionSchema.optional(),
});
export type FaceDevicePage = z.infer<typeof FaceDevicePageSchema>;

/** °C with at most one decimal. */
const celsius = (min: number, max: number) =>
  z
    .number()
    .min(min)
    .max(max)
    .refine((v) => Math.abs(Math.round(v * 10) - v * 10) < 1e-6);

/** The settings staff edit on faceConfig; every field is sent (the form shows them all). */
export const FaceSettingsUpdateSchema = z
  .object({
    id: IdSchema,
    /** The gate the device is mounted on (a gate of the acting area); null: none */
    gateId: IdSchema.nullable(),
    direction: FaceDirectionSchema,
    /** The lowest match score (50-100) the device takes as the person */
    matchThreshold: z.number().int().min(50).max(100),
    livenessCheck: z.boolean(),
    temperatureAlarm: z.boolean(),
    /** °C, one decimal: a reading above it is a fever alarm when the alarm is on */
    temperatureThreshold: celsius(35, 42),
    /** The health codes let through without an alarm */
    admittedHealthCodes: z
      .array(HealthCodeSchema)
      .min(1)
      .max(HEALTH_CODES.length)
      .refine((codes) => new Set(codes).size === codes.length),
  })
  .strict();
export type FaceSettingsUpdate = z.infer<typeof FaceSettingsUpdateSchema>;

export const FaceSettingsSchema = z.object({
  gateId: z.number().int().nullable(),
  gateName: z.string().nullable(),
  direction: z.number().int().describe('docs/product.md §4: 0 in, 1 out'),
  matchThreshold: z.number().int(),
  livenessCheck: z.boolean(),
  temperatureAlarm: z.boolean(),
  temperatureThreshold: z.number().describe('°C'),
  admittedHealthCodes: z.array(z.number().int()).describe('docs/product.md §9 health codes'),
});
export type FaceSettings = z.infer<typeof FaceSettingsSchema>;

export const FaceDeviceRowSchema = FaceSettingsSchema.extend({
  id: z.number().int(),
  name: z.string(),
  serialNo: z.string(),
  location: z.string(),
  status: z.number().int().describe('EnableStatus of the terminal'),
  online: z.number().int().describe('docs/product.md §4: 0 offline, 2 online'),
  lastSeenTime: z.string().nullable(),
  todayPassages: z.number().int().describe('Observations uploaded today (area clock)'),
  todayAlarms: z.number().int(),
});
export type FaceDeviceRow = z.infer<typeof FaceDeviceRowSchema>;

const InstantSchema = z.iso.datetime({ offset: true });

export const FACE_EVENT_SORT_FIELDS = ['time', 'score', 'temperature'] as const;
export const FaceEventPageSchema = listQuerySchema(FACE_EVENT_SORT_FIELDS, {
  terminalId: IdSchema.optional(),
  from: InstantSchema.optional(),
  to: InstantSchema.optional(),
  /** true: alarms only */
  alarm: z.boolean().optional(),
  healthCode: HealthCodeSchema.optional(),
});
export type FaceEventPage = z.infer<typeof FaceEventPageSchema>;

export const FaceEventRowSchema = z.object({
  id: z.number().int(),
  terminalId: z.number().int(),
  terminalName: z.string(),
  time: z.string(),
  direction: z.number().int(),
  matched: z.boolean(),
  score: z.number().int(),
  livenessOk: z.boolean(),
  temperature: z.number().nullable().describe('°C'),
  healthCode: z.number().int().nullable(),
  personRef: z.string().describe('As the device sent it: masked'),
  alarm: z.boolean(),
  alarmReasons: z.array(z.string()).describe('FaceAlarmReason codes'),
});
export type FaceEventRow = z.infer<typeof FaceEventRowSchema>;

// ---- the device's side ----

export const FaceObservationSchema = z
  .object({
    /** Unique per device: a retried upload of the same observation is stored once */
    nonce: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[\w.:-]+$/),
    at: InstantSchema,
    matched: z.boolean(),
    score: z.number().int().min(0).max(100),
    livenessOk: z.boolean(),
    /** °C as measured */
    temperature: z.number().min(25).max(45).optional(),
    healthCode: HealthCodeSchema.optional(),
    /** Masked by the device (e.g. 张* 3301****1234); never a full ID number */
    personRef: text(64).optional(),
  })
  .strict();
export type FaceObservation = z.infer<typeof FaceObservationSchema>;

export const FaceEventsUploadSchema = z
  .object({ events: z.array(FaceObservationSchema).min(1).max(200) })
  .strict();

export const FaceEventsResultSchema = z.object({
  accepted: z.number().int().describe('New observations stored'),
  duplicates: z.number().int().describe('Already stored (same nonce), ignored'),
  alarms: z.number().int().describe('Of the new ones, flagged as alarms'),
});
