import { theme } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// only the parts these charts draw (ECharts is tree-shaken; only lazily loaded files import this)
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** One series: bars, or a line (its points shown while there are at most `symbolsUpTo`). */
export interface ChartSeries {
  name: string;
  kind: 'bar' | 'line';
  data: number[];
  /** an antd token colour name: colorPrimary, colorSuccess … */
  color: 'colorPrimary' | 'colorSuccess' | 'colorWarning' | 'colorError';
}

export interface BarLineChartProps {
  /** the x axis: a label per point */
  categories: string[];
  series: ChartSeries[];
  /** how a value reads on the axis and in the tooltip (money, people) */
  format?: (value: number) => string;
  /** the smallest step of the y axis (100 for cents in whole yuan, 1 for people) */
  minInterval?: number;
  /** line points are drawn up to this many categories */
  symbolsUpTo?: number;
  barMaxWidth?: number;
  /** what a screen reader hears for the whole chart */
  summary: string;
  /** data-testid of the chart; data-points says how many categories it shows */
  testId: string;
}

/**
 * Bars and lines over categories (days, hours), ECharts core with only these parts, SVG, theme
 * colours from antd's tokens and no animation (a figure to read; tests and screenshots see the
 * final state). Screens load it with React.lazy so ECharts never enters the first load
 * (docs/architecture.md).
 */
export function BarLineChart({
  categories,
  series,
  format,
  minInterval = 1,
  symbolsUpTo = 62,
  barMaxWidth = 18,
  summary,
  testId,
}: BarLineChartProps) {
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
    const show = format ?? ((v: number) => String(v));
    chart.current?.setOption(
      {
        animation: false,
        color: series.map((s) => token[s.color]),
        textStyle: { fontFamily: token.fontFamily },
        grid: { top: 36, right: 16, bottom: 28, left: 16, containLabel: true },
        legend: { top: 0, textStyle: { color: token.colorText } },
        tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => show(Number(v)) },
        xAxis: {
          type: 'category',
          data: categories,
          axisLabel: { color: token.colorTextSecondary },
        },
        yAxis: {
          type: 'value',
          minInterval,
          axisLabel: { color: token.colorTextSecondary, formatter: show },
          splitLine: { lineStyle: { color: token.colorBorderSecondary } },
        },
        series: series.map((s) =>
          s.kind === 'bar'
            ? { name: s.name, type: 'bar', data: s.data, barMaxWidth }
            : {
                name: s.name,
                type: 'line',
                data: s.data,
                showSymbol: categories.length <= symbolsUpTo,
                symbolSize: 5,
              },
        ),
      },
      { notMerge: true },
    );
  }, [categories, series, format, minInterval, symbolsUpTo, barMaxWidth, token]);

  return (
    <div
      ref={host}
      role="img"
      aria-label={summary}
      data-testid={testId}
      data-points={categories.length}
      style={{ height: 300 }}
    />
  );
}
