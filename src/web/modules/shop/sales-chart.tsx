import { useMemo } from 'react';
import type { ShopSalesDay } from '../../../shared/api/shop-statistics.ts';
import { formatMoney } from '../../../shared/money.ts';
import { BarLineChart } from '../../components/charts/bar-line-chart.tsx';

export interface SalesChartProps {
  days: ShopSalesDay[];
  /** the series' names, in the user's language */
  labels: { sales: string; refunds: string; net: string };
  /** what a screen reader hears for the whole chart */
  summary: string;
}

/**
 * The daily series of /shop/salesStatistics: sales and refunds as bars, net as a line. Loaded with
 * the page's chart chunk (React.lazy), never in the first load.
 */
export default function SalesChart({ days, labels, summary }: SalesChartProps) {
  const categories = useMemo(() => days.map((d) => d.day.slice(5)), [days]);
  const series = useMemo(
    () => [
      {
        name: labels.sales,
        kind: 'bar' as const,
        data: days.map((d) => d.salesAmount),
        color: 'colorPrimary' as const,
      },
      {
        name: labels.refunds,
        kind: 'bar' as const,
        data: days.map((d) => d.refundAmount),
        color: 'colorError' as const,
      },
      {
        name: labels.net,
        kind: 'line' as const,
        data: days.map((d) => d.netAmount),
        color: 'colorSuccess' as const,
      },
    ],
    [days, labels],
  );
  return (
    <BarLineChart
      categories={categories}
      series={series}
      format={formatMoney}
      // whole yuan steps (the values are cents)
      minInterval={100}
      summary={summary}
      testId="sales-chart"
    />
  );
}
