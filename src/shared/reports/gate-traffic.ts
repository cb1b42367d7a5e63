import { z } from 'zod';
import {
  reportEndpoints,
  reportExportSchema,
  reportQuerySchema,
  type ReportDefinition,
} from '../api/report.ts';
import { ParkEntryType } from '../dict/gates.ts';

/**
 * /statAnalyse/stat (docs/statistics.md "Gates, origins and distributors"): entries and exits of
 * the gate log per day, hour of day and gate, and the peak number of people inside the area.
 */
export const gateTrafficApi = reportEndpoints('/web/api/admin/stat/stat');

const entryTypeCodes = Object.keys(ParkEntryType).map(Number) as [number, ...number[]];
export const gateTrafficFilters = {
  /** docs/product.md §9 park entry type (1 ticket, 2 pass card, 3 staff card); none: all */
  entryType: z
    .number()
    .int()
    .refine((v) => entryTypeCodes.includes(v))
    .optional(),
};
export const GateTrafficQuerySchema = reportQuerySchema(gateTrafficFilters);
export type GateTrafficQuery = z.infer<typeof GateTrafficQuerySchema>;
export const GateTrafficExportSchema = reportExportSchema(gateTrafficFilters, ['days', 'hours', 'gates']);

const col = {
  entries: { key: 'entries', header: { zh: '入园人次', en: 'Entries' }, kind: 'number' },
  exits: { key: 'exits', header: { zh: '出园人次', en: 'Exits' }, kind: 'number' },
  denied: { key: 'denied', header: { zh: '拒绝次数', en: 'Refused scans' }, kind: 'number' },
} as const;

export const gateTrafficReport: ReportDefinition = {
  api: gateTrafficApi,
  fileName: { zh: '入园统计', en: 'Entries and exits' },
  figures: [
    { key: 'entries', label: col.entries.header, kind: 'number', previous: 'entriesPrevious' },
    { key: 'exits', label: col.exits.header, kind: 'number', previous: 'exitsPrevious' },
    { key: 'peak', label: { zh: '最高在园人数', en: 'Peak inside' }, kind: 'number' },
    { key: 'denied', label: col.denied.header, kind: 'number' },
  ],
  tables: [
    {
      key: 'days',
      title: { zh: '按日', en: 'By day' },
      columns: [
        { key: 'day', header: { zh: '日期', en: 'Day' } },
        col.entries,
        col.exits,
        col.denied,
        { key: 'peak', header: { zh: '最高在园', en: 'Peak inside' }, kind: 'number' },
        { key: 'peakHour', header: { zh: '高峰时段', en: 'Peak hour' } },
      ],
    },
    {
      key: 'hours',
      title: { zh: '按时段', en: 'By hour of day' },
      columns: [{ key: 'hour', header: { zh: '时段', en: 'Hour' } }, col.entries, col.exits, col.denied],
    },
    {
      key: 'gates',
      title: { zh: '按闸机', en: 'By gate' },
      columns: [{ key: 'gate', header: { zh: '闸机', en: 'Gate' } }, col.entries, col.exits, col.denied],
    },
  ],
};

/** The name of the system's own events in the gate table (the closing exits of T13, no gate). */
export const SYSTEM_GATE = { zh: '系统（闭园离园）', en: 'System (closing exits)' };

/** The screen's filter labels. */
export const GateTrafficFilterLabel = { entryType: { zh: '入园类型', en: 'Entry type' } };
