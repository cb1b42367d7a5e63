import { useMemo } from 'react';
import type { CardStatsDay } from '../../../shared/api/card-stats.ts';
import { BarLineChart } from '../../components/charts/bar-line-chart.tsx';

export interface CardStatsChartProps {
  days: CardStatsDay[];
  /** the series' names, in the user's language */
  labels: { sold: string; activated: string; entries: string };
  /** what a screen reader hears for the whole chart */
  summary: string;
}

/**
 * The daily series of /VipCard/enjSelfCardStatis: cards sold and activated as bars, card entries at
 * the gates as a line. Loaded with the page's chart chunk (React.lazy), never in the first load.
 */
export default function CardStatsChart({ days, labels, summary }: CardStatsChartProps) {
  const categories = useMemo(() => days.map((d) => d.day.slice(5)), [days]);
  const series = useMemo(
    () => [
      {
        name: labels.sold,
        kind: 'bar' as const,
        data: days.map((d) => d.sold),
        color: 'colorPrimary' as const,
      },
      {
        name: labels.activated,
        kind: 'bar' as const,
        data: days.map((d) => d.activated),
        color: 'colorWarning' as const,
      },
      {
        name: labels.entries,
        kind: 'line' as const,
        data: days.map((d) => d.entries),
        color: 'colorSuccess' as const,
      },
    ],
    [days, labels],
  );
  return <BarLineChart categories={categories} series={series} summary={summary} testId="card-stats-chart" />;
}
