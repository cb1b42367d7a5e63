import { theme } from 'antd';
import type { ShopSalesDay } from '../../../shared/api/shop-statistics.ts';
import { formatCents } from '../../../shared/money.ts';

export interface SalesChartProps {
  days: ShopSalesDay[];
  /** the series' names, in the user's language */
  labels: { sales: string; refunds: string; net: string };
  /** what a screen reader hears for the whole chart */
  summary: string;
}

const W = 960;
const H = 280;
const PAD = { top: 16, right: 16, bottom: 36, left: 72 };

/** Round steps for the money axis (cents): 1, 2, 5 × 10^n yuan. */
function niceStep(span: number, ticks: number): number {
  const raw = Math.max(span / ticks, 100);
  const pow = 10 ** Math.floor(Math.log10(raw));
  const unit = [1, 2, 5, 10].find((m) => m * pow >= raw) ?? 10;
  return unit * pow;
}

/**
 * The daily series of /shop/salesStatistics: sales and refunds as bars, net as a line. Plain SVG
 * loaded with the page's chart chunk (React.lazy), never in the console's first load.
 */
export default function SalesChart({ days, labels, summary }: SalesChartProps) {
  const { token } = theme.useToken();
  const max = Math.max(0, ...days.map((d) => Math.max(d.salesAmount, d.refundAmount, d.netAmount)));
  const min = Math.min(0, ...days.map((d) => d.netAmount));
  const step = niceStep(max - min || 100, 4);
  const top = Math.ceil(max / step) * step || step;
  const bottom = Math.floor(min / step) * step;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((top - v) / (top - bottom)) * plotH;
  const slot = plotW / Math.max(days.length, 1);
  const bar = Math.max(1, Math.min(18, slot * 0.35));
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const ticks: number[] = [];
  for (let v = bottom; v <= top; v += step) ticks.push(v);
  // at most about 12 day labels under the axis
  const every = Math.max(1, Math.ceil(days.length / 12));
  const colors = { sales: token.colorPrimary, refunds: token.colorError, net: token.colorSuccess };
  const net = days.map((d, i) => `${x(i)},${y(d.netAmount)}`).join(' ');
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-label={summary}
        style={{ display: 'block', fontSize: 11, fontFamily: 'inherit' }}
        data-testid="sales-chart"
      >
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke={token.colorBorderSecondary} />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fill={token.colorTextSecondary}>
              {formatCents(v)}
            </text>
          </g>
        ))}
        {days.map((d, i) => (
          <g key={d.day}>
            <title>
              {`${d.day}\n${labels.sales}: ${formatCents(d.salesAmount)}\n${labels.refunds}: ${formatCents(d.refundAmount)}\n${labels.net}: ${formatCents(d.netAmount)}`}
            </title>
            {/* a transparent band so the whole day shows its tooltip */}
            <rect x={PAD.left + slot * i} y={PAD.top} width={slot} height={plotH} fill="transparent" />
            <rect
              x={x(i) - bar}
              y={y(d.salesAmount)}
              width={bar}
              height={Math.max(0, y(0) - y(d.salesAmount))}
              fill={colors.sales}
            />
            <rect
              x={x(i)}
              y={y(d.refundAmount)}
              width={bar}
              height={Math.max(0, y(0) - y(d.refundAmount))}
              fill={colors.refunds}
            />
            {i % every === 0 && (
              <text x={x(i)} y={H - PAD.bottom + 16} textAnchor="middle" fill={token.colorTextSecondary}>
                {d.day.slice(5)}
              </text>
            )}
          </g>
        ))}
        <polyline points={net} fill="none" stroke={colors.net} strokeWidth={2} />
        {days.length <= 62 &&
          days.map((d, i) => <circle key={d.day} cx={x(i)} cy={y(d.netAmount)} r={2.5} fill={colors.net} />)}
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke={token.colorTextTertiary} />
      </svg>
      <figcaption style={{ display: 'flex', gap: 16, justifyContent: 'center', fontSize: 12 }}>
        {(['sales', 'refunds', 'net'] as const).map((k) => (
          <span key={k}>
            <span
              aria-hidden
              style={{
                display: 'inline-block',
                width: 10,
                height: k === 'net' ? 3 : 10,
                marginRight: 4,
                verticalAlign: 'middle',
                background: colors[k],
              }}
            />
            {labels[k]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
