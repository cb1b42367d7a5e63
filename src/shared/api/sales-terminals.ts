import { z } from 'zod';
import { EnableStatus } from '../dict/account.ts';
import {
  MACHINE_PAY_WAYS,
  PRINTER_PAPERS,
  ProfileConfigured,
  WINDOW_PAY_WAYS,
} from '../dict/sales-terminals.ts';
import { TERMINAL_PRINTER_STATES, TerminalOnline } from '../dict/terminal.ts';
import { ImageUrlSchema } from './general.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { key, text } from './fields.ts';

/**
 * /terminal/windManage, /terminal/autoSellTerMange and /terminal/autoSellTicketMange: the profile
 * of a ticket window or self-service machine terminal, and a machine's screen carousel
 * (docs/decisions.md "Ticket windows and self-service machines").
 */
export const windowApi = endpoints('/web/api/terminal/window', [
  'page',
  'export',
  'query',
  'update',
  'options',
]);
export const machineApi = endpoints('/web/api/terminal/autoSell', [
  'page',
  'export',
  'query',
  'update',
  'options',
]);
export const machineCarouselApi = endpoints('/web/api/terminal/autoSell/carousel', [
  'page',
  'export',
  'create',
  'update',
  'delete',
  'reorder',
]);

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;
const idList = (max: number) =>
  z
    .array(IdSchema)
    .max(max)
    .refine(unique, { error: key('noRepeat') });
const payWayList = (codes: readonly [number, ...number[]]) =>
  z
    .array(z.union(codes.map((c) => z.literal(c)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>]))
    .max(codes.length)
    .refine(unique, { error: key('noRepeat') });

export const PrinterPaperSchema = z.enum(PRINTER_PAPERS);
const EnableSchema = dictCodeSchema(EnableStatus);

const terminalFilters = {
  /** Name or serial number contains */
  name: text(64).optional(),
  online: dictCodeSchema(TerminalOnline).optional(),
  status: EnableSchema.optional(),
  /** Sells this product */
  productId: IdSchema.optional(),
  configured: dictCodeSchema(ProfileConfigured).optional(),
};

export const SALES_TERMINAL_SORT_FIELDS = ['name', 'serialNo', 'lastSeenTime', 'paperLevel'] as const;
export const WindowPageSchema = listQuerySchema(SALES_TERMINAL_SORT_FIELDS, terminalFilters);
export type WindowPage = z.infer<typeof WindowPageSchema>;
export const MachinePageSchema = listQuerySchema(SALES_TERMINAL_SORT_FIELDS, {
  ...terminalFilters,
  /** The printer as reported (ok, paperLow — also a level at or below PAPER_LOW_PERCENT —, paperOut, error) */
  printerState: z.enum(TERMINAL_PRINTER_STATES).optional(),
});
export type MachinePage = z.infer<typeof MachinePageSchema>;

const printerModel = text(50);

/** Only the fields sent change; a terminal without a profile starts from an empty one. */
export const WindowUpdateSchema = z
  .object({
    id: IdSchema,
    windowNo: text(20).optional(),
    /** Staff accounts (admType 2) of the area who may sell at this window */
    operatorIds: idList(200).optional(),
    productIds: idList(200).optional(),
    payWays: payWayList(WINDOW_PAY_WAYS).optional(),
    printerModel: printerModel.optional(),
    paper: PrinterPaperSchema.nullable().optional(),
  })
  .strict();
export type WindowUpdate = z.infer<typeof WindowUpdateSchema>;

export const MachineUpdateSchema = z
  .object({
    id: IdSchema,
    productIds: idList(200).optional(),
    payWays: payWayList(MACHINE_PAY_WAYS).optional(),
    printerModel: printerModel.optional(),
    paper: PrinterPaperSchema.nullable().optional(),
  })
  .strict();
export type MachineUpdate = z.infer<typeof MachineUpdateSchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

const terminalRowShape = {
  /** The terminal's id */
  id: z.number().int(),
  name: z.string(),
  serialNo: z.string(),
  location: z.string(),
  status: z.number().int().describe('EnableStatus of the terminal'),
  online: z.number().int().describe('0 offline, 2 online'),
  lastSeenTime: z.string().nullable(),
  printerState: z.string().nullable().describe('TerminalPrinterState as last reported'),
  paperLevel: z.number().int().nullable(),
  configured: z.number().int().describe('ProfileConfigured: 1 once a profile was saved'),
  products: z.array(named),
  payWays: z.array(z.number().int()),
  printerModel: z.string(),
  paper: z.string().nullable().describe('PrinterPaper'),
  updateTime: z.string().nullable(),
};

export const WindowRowSchema = z.object({
  ...terminalRowShape,
  windowNo: z.string(),
  operators: z.array(named.extend({ username: z.string() })),
});
export type WindowRow = z.infer<typeof WindowRowSchema>;

export const MachineRowSchema = z.object({
  ...terminalRowShape,
  /** paperLow when the level is at or below PAPER_LOW_PERCENT though the printer says ok; null when fine or unknown */
  printerAlert: z.string().nullable().describe('TerminalPrinterState needing attention, or null'),
  carouselCount: z.number().int().describe('Its own carousel items and the area-wide ones'),
});
export type MachineRow = z.infer<typeof MachineRowSchema>;

/** The choices of the profile forms: the area's ticket products and (windows) its staff accounts. */
export const SalesTerminalOptionsSchema = z.object({
  products: z.array(named.extend({ price: z.number().int(), onShelf: z.boolean() })),
  operators: z.array(named.extend({ username: z.string() })),
});
export type SalesTerminalOptions = z.infer<typeof SalesTerminalOptionsSchema>;

// ---- the machine's screen carousel ----

const InstantSchema = z.iso.datetime({ offset: true });
type Window = { startTime?: string | null | undefined; endTime?: string | null | undefined };
/** The window ends after it starts (either end may be open). */
export const carouselWindowIssue = (v: Window) =>
  !!v.startTime && !!v.endTime && Date.parse(v.endTime) <= Date.parse(v.startTime);

export const CAROUSEL_SORT_FIELDS = ['sort', 'startTime', 'createTime'] as const;
/** The items a machine shows: its own and, unless `own`, the area-wide ones (machineId null). */
export const CarouselPageSchema = listQuerySchema(CAROUSEL_SORT_FIELDS, {
  machineId: IdSchema,
  status: EnableSchema.optional(),
  /** 1: only the machine's own items */
  own: z.coerce.number().int().min(0).max(1).optional(),
});
export type CarouselPage = z.infer<typeof CarouselPageSchema>;

const windowRefine = <T extends Window>(schema: z.ZodType<T>) =>
  schema.refine((v) => !carouselWindowIssue(v), { path: ['endTime'], error: key('endAfterStart') });

export const CarouselCreateSchema = windowRefine(
  z
    .object({
      /** The machine, or null for every machine of the area */
      machineId: IdSchema.nullable(),
      title: text(30).default(''),
      image: ImageUrlSchema.refine((s) => s.length > 0, { error: key('required') }),
      sort: z.coerce.number().int().min(0).max(9999).default(0),
      startTime: InstantSchema.nullable().default(null),
      endTime: InstantSchema.nullable().default(null),
      status: EnableSchema.default(1),
    })
    .strict(),
);
export type CarouselCreate = z.infer<typeof CarouselCreateSchema>;

export const CarouselUpdateSchema = windowRefine(
  z
    .object({
      id: IdSchema,
      machineId: IdSchema.nullable().optional(),
      title: text(30).optional(),
      image: ImageUrlSchema.refine((s) => s.length > 0, { error: key('required') }).optional(),
      sort: z.coerce.number().int().min(0).max(9999).optional(),
      startTime: InstantSchema.nullable().optional(),
      endTime: InstantSchema.nullable().optional(),
      status: EnableSchema.optional(),
    })
    .strict(),
);
export type CarouselUpdate = z.infer<typeof CarouselUpdateSchema>;

/** Every item the machine shows (its own and the area-wide ones), in the new order. */
export const CarouselReorderSchema = z
  .object({ machineId: IdSchema, ids: idList(200).refine((l) => l.length > 0, { error: key('required') }) })
  .strict();

export const CarouselRowSchema = z.object({
  id: z.number().int(),
  machineId: z.number().int().nullable().describe('null: every machine of the area'),
  machineName: z.string().nullable(),
  title: z.string(),
  image: z.string(),
  sort: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  status: z.number().int(),
  /** Enabled and within its time window now */
  showing: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type CarouselRow = z.infer<typeof CarouselRowSchema>;
