import { z } from 'zod';
import { TerminalOnline } from '../dict/terminal.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { MobileSchema } from './member-api.ts';
import { text } from './fields.ts';

/** /terminal/passengerCamera: cameras, their hourly history and crowd warnings (docs/decisions.md "People-counting cameras"). */
export const cameraApi = endpoints('/web/api/terminal/camera', [
  'page',
  'export',
  'query',
  'update',
  'history',
]);
export const crowdWarningApi = endpoints('/web/api/terminal/crowdWarning', ['page', 'export']);

export const CAMERA_SORT_FIELDS = [
  'name',
  'serialNo',
  'lastSeenTime',
  'zone',
  'liveCount',
  'lastReadingTime',
] as const;
export const CameraPageSchema = listQuerySchema(CAMERA_SORT_FIELDS, {
  /** Name, serial or zone contains */
  keyword: text(64).optional(),
  online: dictCodeSchema(TerminalOnline).optional(),
});
export type CameraPage = z.infer<typeof CameraPageSchema>;

export const CameraSettingsUpdateSchema = z
  .object({
    id: IdSchema,
    zone: z.string().trim().min(1).max(50),
    capacity: z.number().int().min(1).max(1_000_000),
    /** People at which the warning is raised; at most the capacity */
    threshold: z.number().int().min(1).max(1_000_000),
    /** Mobile numbers warned (SMS template 10), at most 10 */
    recipients: z
      .array(MobileSchema)
      .max(10)
      .refine((p) => new Set(p).size === p.length),
    intervalSeconds: z.number().int().min(60).max(3600),
  })
  .strict()
  .refine((s) => s.threshold <= s.capacity, { path: ['threshold'], message: 'threshold > capacity' });
export type CameraSettingsUpdate = z.infer<typeof CameraSettingsUpdateSchema>;

export const CameraRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serialNo: z.string(),
  location: z.string(),
  status: z.number().int(),
  online: z.number().int().describe('docs/product.md §4: 0 offline, 2 online'),
  lastSeenTime: z.string().nullable(),
  zone: z.string(),
  capacity: z.number().int().nullable().describe('null: not set up yet'),
  threshold: z.number().int().nullable().describe('null: no warning'),
  recipients: z.array(z.string()),
  intervalSeconds: z.number().int(),
  liveCount: z.number().int().describe('People in the zone after the last reading'),
  warned: z
    .boolean()
    .describe('A warning was raised and the count has not fallen back below 90% of the threshold'),
  lastReadingTime: z.string().nullable(),
  warnings: z.number().int().describe('Crowd warnings raised so far'),
});
export type CameraRow = z.infer<typeof CameraRowSchema>;

const InstantSchema = z.iso.datetime({ offset: true });

export const CameraHistoryQuerySchema = z
  .object({ id: IdSchema, from: InstantSchema, to: InstantSchema })
  .strict()
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { path: ['to'], message: 'to ≤ from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 31 * 86_400_000, {
    path: ['to'],
    message: 'at most 31 days',
  });

export const CameraHourSchema = z.object({
  hour: z.string().describe('Start of the hour (ISO)'),
  in: z.number().int(),
  out: z.number().int(),
  /** The live count after the hour's last reading */
  count: z.number().int(),
});
export type CameraHour = z.infer<typeof CameraHourSchema>;

export const CROWD_WARNING_SORT_FIELDS = ['time', 'count'] as const;
export const CrowdWarningPageSchema = listQuerySchema(CROWD_WARNING_SORT_FIELDS, {
  cameraId: IdSchema.optional(),
  from: InstantSchema.optional(),
  to: InstantSchema.optional(),
});
export type CrowdWarningPage = z.infer<typeof CrowdWarningPageSchema>;

export const CrowdWarningRowSchema = z.object({
  id: z.number().int(),
  cameraId: z.number().int(),
  cameraName: z.string(),
  zone: z.string(),
  count: z.number().int(),
  threshold: z.number().int(),
  recipients: z.array(z.string()),
  smsTemplate: z.number().int().describe('docs/product.md §5 SMS template 10 "crowd warning"'),
  status: z
    .string()
    .describe('CrowdWarningStatus: queued when SMS template 10 was queued for a recipient, else recorded'),
  time: z.string(),
});
export type CrowdWarningRow = z.infer<typeof CrowdWarningRowSchema>;

// ---- the device's side ----

export const CountReadingSchema = z
  .object({
    /** Unique per camera; a retried reading is stored once */
    nonce: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[\w.:-]+$/),
    /** Start of the counting interval */
    at: InstantSchema,
    in: z.number().int().min(0).max(100_000),
    out: z.number().int().min(0).max(100_000),
  })
  .strict();
export type CountReading = z.infer<typeof CountReadingSchema>;

export const CountsUploadSchema = z.object({ counts: z.array(CountReadingSchema).min(1).max(200) }).strict();

export const CountsResultSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  liveCount: z.number().int(),
  warned: z.boolean().describe('This upload raised a crowd warning'),
});
