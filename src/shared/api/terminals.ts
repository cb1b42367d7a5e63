import { z } from 'zod';
import { TERMINAL_KINDS, TERMINAL_PRINTER_STATES, TerminalOnline } from '../dict/terminal.ts';
import { EnableStatusSchema } from './general.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { text } from './fields.ts';

/** /terminal/terminal: the staff's registry (docs/decisions.md "Terminals"). */
export const terminalApi = endpoints('/web/api/terminal/terminal', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'delete',
  'status',
  'rotateSecret',
  'events',
]);

/** What a device calls: activation (public, with its one-time code), then with its own client token. */
export const terminalDeviceApi = endpoints('/web/api/terminal/device', [
  'activate',
  'heartbeat',
  'config',
  /** A gate or face device's read (its gate is the one it is mounted on): check-in of docs/domain.md T9-T14 */
  'scan',
  /** A face device's observations (matches, liveness, temperature, health code), in batches */
  'faceEvents',
  /** A people-counting camera's counts (in/out per interval), in batches */
  'counts',
]);

export const TerminalKindSchema = z.enum(TERMINAL_KINDS);
export const TerminalOnlineSchema = dictCodeSchema(TerminalOnline);

export const TERMINAL_SORT_FIELDS = ['name', 'serialNo', 'kind', 'lastSeenTime', 'createTime'] as const;

export const TerminalPageSchema = listQuerySchema(TERMINAL_SORT_FIELDS, {
  kind: TerminalKindSchema.optional(),
  /** Name or serial number contains */
  keyword: text(64).optional(),
  online: TerminalOnlineSchema.optional(),
  status: EnableStatusSchema.optional(),
});
export type TerminalPage = z.infer<typeof TerminalPageSchema>;

/** Free-form settings handed to the device with its configuration (later slices give them shape). */
export const TerminalSettingsSchema = z
  .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((s) => Object.keys(s).length <= 50);

const fields = {
  name: z.string().trim().min(1).max(50),
  serialNo: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w.:-]+$/),
  location: text(100).default(''),
  settings: TerminalSettingsSchema.default({}),
};

export const TerminalCreateSchema = z.object({ kind: TerminalKindSchema, ...fields }).strict();
export type TerminalCreate = z.infer<typeof TerminalCreateSchema>;

export const TerminalUpdateSchema = z
  .object({
    id: IdSchema,
    name: fields.name.optional(),
    serialNo: fields.serialNo.optional(),
    location: text(100).optional(),
    settings: TerminalSettingsSchema.optional(),
  })
  .strict();
export type TerminalUpdate = z.infer<typeof TerminalUpdateSchema>;

export const TerminalStatusSchema = z.object({ id: IdSchema, status: EnableStatusSchema }).strict();
export const TerminalIdSchema = z.object({ id: IdSchema }).strict();

export const TerminalRowSchema = z.object({
  id: z.number().int(),
  kind: z
    .string()
    .describe('TerminalKind: a terminal client id of docs/product.md §9, or gateDevice/faceDevice/camera'),
  name: z.string(),
  serialNo: z.string(),
  location: z.string(),
  appVersion: z.string(),
  status: z.number().int().describe('EnableStatus: 1 enabled, 2 disabled'),
  online: z.number().int().describe('docs/product.md §4: 0 offline, 2 online'),
  lastSeenTime: z.string().nullable(),
  lastIp: z.string(),
  gateId: z.number().int().nullable().describe('The gate a gate or face device is mounted on'),
  printerState: z
    .string()
    .nullable()
    .describe('TerminalPrinterState as last reported; null without a printer'),
  paperLevel: z.number().int().nullable().describe('Paper left in percent, as last reported'),
  clientId: z.string().nullable().describe('The OAuth client id once activated (term<id>)'),
  activated: z.boolean(),
  activationExpireTime: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TerminalRow = z.infer<typeof TerminalRowSchema>;

/** The one-time activation code of a new terminal: shown once. */
export const TerminalCreatedSchema = z.object({
  id: z.number().int(),
  activationCode: z.string(),
  activationExpireTime: z.string(),
});
export type TerminalCreated = z.infer<typeof TerminalCreatedSchema>;

/**
 * The answer of enabling a terminal: a new one-time activation code (disabling cleared the device's
 * secret and any pending code), shown once; null when disabling or when nothing changed.
 */
export const TerminalStatusResultSchema = TerminalCreatedSchema.omit({ id: true }).nullable();
export type TerminalStatusResult = z.infer<typeof TerminalStatusResultSchema>;

export const TerminalSecretSchema = z.object({ clientId: z.string(), clientSecret: z.string() });
export type TerminalSecret = z.infer<typeof TerminalSecretSchema>;

export const TerminalEventRowSchema = z.object({
  id: z.number().int(),
  event: z.string().describe('TerminalEvent'),
  detail: z.string(),
  createTime: z.string(),
});
export type TerminalEventRow = z.infer<typeof TerminalEventRowSchema>;

// ---- the device's side ----

export const TerminalActivateSchema = z.object({ code: z.string().trim().min(6).max(32) }).strict();

export const TerminalActivatedSchema = z.object({
  terminalId: z.number().int(),
  scenicId: z.number().int().describe('Send as X-Scenic-Id with every device call'),
  clientId: z.string(),
  clientSecret: z.string(),
  heartbeatSeconds: z.number().int(),
});

/** A printing terminal's printer, reported with each heartbeat (windows, machines, handhelds). */
export const TerminalPrinterSchema = z
  .object({
    state: z.enum(TERMINAL_PRINTER_STATES),
    paperLevel: z.number().int().min(0).max(100).optional(),
  })
  .strict();
export type TerminalPrinter = z.infer<typeof TerminalPrinterSchema>;

export const TerminalHeartbeatSchema = z
  .object({
    appVersion: z.string().trim().min(1).max(32),
    ip: z.union([z.ipv4(), z.ipv6()]).optional(),
    printer: TerminalPrinterSchema.optional(),
  })
  .strict();

export const TerminalHeartbeatResultSchema = z.object({
  online: z.number().int(),
  heartbeatSeconds: z.number().int(),
  configEtag: z.string(),
});

export const TerminalConfigSchema = z.object({
  terminalId: z.number().int(),
  kind: z.string(),
  name: z.string(),
  scenicId: z.number().int(),
  scenicName: z.string(),
  location: z.string(),
  heartbeatSeconds: z.number().int(),
  settings: z.record(z.string(), z.unknown()),
  profile: z
    .record(z.string(), z.unknown())
    .describe(
      'What its kind configures: a gate device its gate and admissions, a window or machine what it sells and its paper, a camera its zone',
    ),
});
export type TerminalConfig = z.infer<typeof TerminalConfigSchema>;
