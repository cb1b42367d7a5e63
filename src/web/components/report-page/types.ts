import type { ReportDefinition } from '../../../shared/api/report.ts';
import type { DateShortcut } from '../../../shared/dates.ts';
import type { Permission } from '../../../shared/perms.ts';
import type { SearchFieldDef } from '../list-page/types.ts';

/** One series of a chart: a numeric column of the table drawn as bars or a line. */
export interface ReportSeriesDef {
  /** the column key in the table's rows */
  column: string;
  kind: 'bar' | 'line';
  color?: 'colorPrimary' | 'colorSuccess' | 'colorWarning' | 'colorError';
}

/** A chart over one of the report's tables (its total row left out). */
export interface ReportChartDef {
  /** the key of the table it draws */
  table: string;
  /** the column whose values are the categories (days, hours, channel names: a dict column reads as its label) */
  x: string;
  series: readonly ReportSeriesDef[];
  /** how values read on the axis: money (cents in yuan) or counts */
  format: 'money' | 'count';
}

/**
 * A report screen (docs/statistics.md): the shared definition (endpoints, figures, tables), its own
 * filters besides the period, and the charts drawn over its tables. `<ReportPage def={...} />` gives
 * the period picker with the docs/product.md §9 shortcuts, search and reset (kept in the URL), the
 * headline figures with the previous period's, a lazily loaded chart per `charts` entry, a table per
 * table with its total row, an export of each table (.xlsx from the server) and printing (A4
 * landscape).
 */
export interface ReportPageDefinition {
  report: ReportDefinition;
  /** filters besides the period (text, number, dict kinds of the list pages' search fields) */
  filters?: readonly SearchFieldDef[];
  /** the period the screen opens with (default `month`: the last 29 days and today) */
  defaultPeriod?: DateShortcut;
  charts?: readonly ReportChartDef[];
  /** a table whose rows are many (one per day over a year): paged in the screen, 20 a page */
  pagedTables?: readonly string[];
  /** who may export (default: anyone who sees the screen, as its permission covers exporting) */
  exportPerm?: Permission;
  /** offer the print button (A4 landscape) */
  printable?: boolean;
}
