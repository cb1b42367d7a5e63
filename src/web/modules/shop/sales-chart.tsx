import { theme } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { ShopSalesDay } from '../../../shared/api/shop-statistics.ts';
import { formatCents } from '../../../shared/money.ts';

// only the parts this chart draws (ECharts is tree-shaken; this file is its own lazy chunk)
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface SalesChartProps {
  days: ShopSalesDay[];
  /** the series' names, in the user's language */
  labels: { sales: string; refunds: string; net: string };
  /** what a screen reader hears for the whole chart */
  summary: string;
}

/**
 * The daily series of /shop/salesStatistics: sales and refunds as bars, net as a line (ECharts,
 * docs/architecture.md). Loaded with the page's chart chunk (React.lazy), never in the first load.
 */
export default function SalesChart({ days, labels, summary }: SalesChartProps) {
  const { token } = theme.useToken();
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const money = (v: number) => formatCents(v);
    chart.current?.setOption(
      {
        // drawn at once: a figure to read, and the page's tests and screenshots see the final state
        animation: false,
        color: [token.colorPrimary, token.colorError, token.colorSuccess],
        textStyle: { fontFamily: token.fontFamily },
        grid: { top: 36, right: 16, bottom: 28, left: 16, containLabel: true },
        legend: { top: 0, textStyle: { color: token.colorText } },
        tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => money(Number(v)) },
        xAxis: {
          type: 'category',
          data: days.map((d) => d.day),
          axisLabel: { color: token.colorTextSecondary, formatter: (day: string) => day.slice(5) },
        },
        yAxis: {
          type: 'value',
          // whole yuan steps (the values are cents)
          minInterval: 100,
          axisLabel: { color: token.colorTextSecondary, formatter: money },
          splitLine: { lineStyle: { color: token.colorBorderSecondary } },
        },
        series: [
          { name: labels.sales, type: 'bar', data: days.map((d) => d.salesAmount), barMaxWidth: 18 },
          { name: labels.refunds, type: 'bar', data: days.map((d) => d.refundAmount), barMaxWidth: 18 },
          {
            name: labels.net,
            type: 'line',
            data: days.map((d) => d.netAmount),
            showSymbol: days.length <= 62,
            symbolSize: 5,
          },
        ],
      },
      { notMerge: true },
    );
  }, [days, labels, token]);

  return (
    <div
      ref={host}
      role="img"
      aria-label={summary}
      data-testid="sales-chart"
      data-days={days.length}
      style={{ height: 300 }}
    />
  );
}
