import { z } from 'zod';
import type { DictEntry } from '../dict/dict.ts';
import { DateOnlySchema } from './common.ts';
import { endpoints } from './endpoints.ts';
import { key } from './fields.ts';
import { daysInclusive } from './inventory.ts';

/**
 * A report (docs/statistics.md): a read over a period of the area's days that answers headline
 * figures and a few tables. One definition in src/shared/reports/ names its endpoints, figures and
 * tables with their columns; the server computes it (src/server/http/report.ts `registerReport`)
 * and exports any table as .xlsx; the console draws it (src/web/components/report-page).
 */

/** The longest period one report covers (area days, both ends included). */
export const REPORT_MAX_DAYS = 366;

/** `POST query` (the figures and tables) and `POST export` (one table as .xlsx) under `base`. */
export const reportEndpoints = (base: `/${string}`) => endpoints(base, ['query', 'export']);

/** The period of every report: the area's days `from`..`to`, both included. */
export const reportPeriodFields = { from: DateOnlySchema, to: DateOnlySchema };

type Period = { from: string; to: string };
const ordered = (v: unknown) => (v as Period).from <= (v as Period).to;
const withinMax = (v: unknown) =>
  !ordered(v) || daysInclusive((v as Period).from, (v as Period).to) <= REPORT_MAX_DAYS;

/** A report's query: the period and the report's own filters; strict, `to` not before `from`, ≤ 366 days. */
export function reportQuerySchema<S extends z.ZodRawShape>(filters: S) {
  return z
    .object({ ...reportPeriodFields, ...filters })
    .strict()
    .refine(ordered, { error: key('dateRange'), path: ['to'] })
    .refine(withinMax, { error: key('rangeMax366'), path: ['to'] });
}

/** The export's body: the same query plus the table to write. */
export function reportExportSchema<S extends z.ZodRawShape>(
  filters: S,
  tables: readonly [string, ...string[]],
) {
  return z
    .object({ ...reportPeriodFields, ...filters, table: z.enum(tables) })
    .strict()
    .refine(ordered, { error: key('dateRange'), path: ['to'] })
    .refine(withinMax, { error: key('rangeMax366'), path: ['to'] });
}

export const ReportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof ReportCellSchema>;
export const ReportRowSchema = z.record(z.string(), ReportCellSchema);
export type ReportRow = z.infer<typeof ReportRowSchema>;

/**
 * What a report answers: headline figures by key (money in cents, counts, per mille for rates) and
 * its tables by key, rows in display order. A table's total row, when it has one, is its last row
 * with `total: 1`.
 */
export const ReportResultSchema = z.object({
  figures: z.record(z.string(), z.number().nullable()),
  tables: z.record(z.string(), z.array(ReportRowSchema)),
});
export type ReportResult = z.infer<typeof ReportResultSchema>;

/** How a cell reads: money is cents shown in yuan, `permille` a rate ×1000 shown as a percentage. */
export type ReportValueKind = 'text' | 'number' | 'money' | 'permille' | 'dict';

export interface ReportColumn {
  key: string;
  header: DictEntry;
  kind?: ReportValueKind;
  /** For kind `dict`: the dictionary of the codes (src/shared/dict). */
  dict?: Record<number | string, DictEntry>;
  width?: number;
}

export interface ReportTable {
  key: string;
  title: DictEntry;
  columns: readonly ReportColumn[];
}

export interface ReportFigure {
  key: string;
  label: DictEntry;
  kind: Exclude<ReportValueKind, 'text' | 'dict'>;
  /** The figure of the period before, to compare (a key of `figures`). */
  previous?: string;
}

/** A report's definition shared by the server (query, export) and the console (figures, tables). */
export interface ReportDefinition {
  api: { query: string; export: string };
  /** The export's file name (the date is appended). */
  fileName: DictEntry;
  figures: readonly ReportFigure[];
  tables: readonly ReportTable[];
}

/** The row that closes a table with its totals (`total: 1`); a table reads it from its last row. */
export const isTotalRow = (row: ReportRow) => row.total === 1;
