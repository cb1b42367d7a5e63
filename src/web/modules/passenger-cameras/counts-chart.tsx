import { useMemo } from 'react';
import type { CameraHour } from '../../../shared/api/passenger-cameras.ts';
import { BarLineChart } from '../../components/charts/bar-line-chart.tsx';

export interface CountsChartProps {
  hours: CameraHour[];
  /** "MM-DD HH:00" of each hour, on the area's clock */
  labelOf: (hour: string) => string;
  labels: { in: string; out: string; count: string };
  summary: string;
}

/**
 * A camera's hourly history: in and out as bars, the count in the zone as a line. Loaded with
 * React.lazy, so it never enters the first load.
 */
export default function CountsChart({ hours, labelOf, labels, summary }: CountsChartProps) {
  const categories = useMemo(() => hours.map((h) => labelOf(h.hour)), [hours, labelOf]);
  const series = useMemo(
    () => [
      { name: labels.in, kind: 'bar' as const, data: hours.map((h) => h.in), color: 'colorSuccess' as const },
      {
        name: labels.out,
        kind: 'bar' as const,
        data: hours.map((h) => h.out),
        color: 'colorWarning' as const,
      },
      {
        name: labels.count,
        kind: 'line' as const,
        data: hours.map((h) => h.count),
        color: 'colorPrimary' as const,
      },
    ],
    [hours, labels],
  );
  return (
    <BarLineChart
      categories={categories}
      series={series}
      symbolsUpTo={48}
      barMaxWidth={12}
      summary={summary}
      testId="counts-chart"
    />
  );
}
