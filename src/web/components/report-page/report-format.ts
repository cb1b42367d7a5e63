import type { ReportCell, ReportColumn, ReportValueKind } from '../../../shared/api/report.ts';
import { dictLabel, type Lang } from '../../../shared/dict/dict.ts';
import { formatMoney } from '../../../shared/money.ts';

const COUNT = new Intl.NumberFormat('en-US');

/** A report value as read on the screen: money in yuan with separators, counts grouped, rates in %. */
export function formatReportValue(value: ReportCell | undefined, kind: ReportValueKind = 'text'): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'number') return String(value);
  if (kind === 'money') return formatMoney(value);
  if (kind === 'permille') return `${(value / 10).toFixed(1)}%`;
  if (kind === 'number') return COUNT.format(value);
  return String(value);
}

/** A cell's text in the user's language (a dictionary code reads as its label). */
export function cellText(column: ReportColumn, value: ReportCell | undefined, lang: Lang): string {
  if (column.kind === 'dict' && column.dict && value !== null && value !== undefined)
    return dictLabel(column.dict, value, lang);
  return formatReportValue(value, column.kind);
}
