import { useMemo } from 'react';
import { isTotalRow, type ReportRow, type ReportTable } from '../../../shared/api/report.ts';
import { formatMoney } from '../../../shared/money.ts';
import { useSettings } from '../../lib/settings.ts';
import { BarLineChart } from '../charts/bar-line-chart.tsx';
import { useLabel } from '../list-page/labels.ts';
import { cellText } from './report-format.ts';
import type { ReportChartDef } from './types.ts';

const COUNT = new Intl.NumberFormat('en-US');

/**
 * A chart over a report table's rows (the total row left out): its own chunk, loaded with the first
 * report screen that draws one (React.lazy), never in the console's first load.
 */
export default function ReportChart({
  chart,
  table,
  rows,
  summary,
}: {
  chart: ReportChartDef;
  table: ReportTable;
  rows: ReportRow[];
  summary: string;
}) {
  const label = useLabel();
  const { lang } = useSettings();
  const data = useMemo(() => rows.filter((r) => !isTotalRow(r)), [rows]);
  const xColumn = table.columns.find((c) => c.key === chart.x);
  const categories = data.map((r) =>
    xColumn ? cellText(xColumn, r[chart.x], lang) : String(r[chart.x] ?? ''),
  );
  const series = chart.series.map((s) => {
    const column = table.columns.find((c) => c.key === s.column);
    return {
      name: column ? label(column.header) : s.column,
      kind: s.kind,
      color: s.color ?? ('colorPrimary' as const),
      data: data.map((r) => Number(r[s.column] ?? 0)),
    };
  });
  return (
    <BarLineChart
      categories={categories}
      series={series}
      format={chart.format === 'money' ? formatMoney : (v) => COUNT.format(v)}
      minInterval={chart.format === 'money' ? 100 : 1}
      summary={summary}
      testId={`report-chart-${table.key}`}
    />
  );
}
