import { useTranslation } from 'react-i18next';
import type { DashboardFigureKey } from '../../../shared/api/dashboard.ts';
import styles from './dashboard.module.css';

export interface TrendSeries {
  key: DashboardFigureKey;
  name: string;
  values: number[];
  format: (value: number) => string;
}

const W = 1200;
const H = 200;
const PAD = { top: 12, right: 12, bottom: 28, left: 12 };

/**
 * The dashboard's 30-day trend as a light SVG (bars for the first series, a line for the second):
 * ECharts stays out of the first screen after login (docs/performance.md budgets, issue 37); each
 * series is scaled to its own maximum, and each day's values are in its tooltip and in the table a
 * screen reader reads.
 */
export function TrendChart({ days, series }: { days: string[]; series: TrendSeries[] }) {
  const { t } = useTranslation('dashboard');
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / Math.max(days.length, 1);
  const y = (v: number, max: number) => PAD.top + innerH - (max > 0 ? (v / max) * innerH : 0);
  const [bars, line] = series;
  const barMax = Math.max(0, ...(bars?.values ?? []));
  const lineMax = Math.max(0, ...(line?.values ?? []));
  const points = line?.values.map((v, i) => `${PAD.left + step * (i + 0.5)},${y(v, lineMax)}`).join(' ');
  return (
    <figure className={styles.trend} data-testid="dashboard-trend" data-points={days.length}>
      <div className={styles.legend} aria-hidden>
        {bars && <span className={styles.legendBar}>{bars.name}</span>}
        {line && <span className={styles.legendLine}>{line.name}</span>}
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('trendSummary', { days: days.length })}>
        {bars?.values.map((v, i) => (
          <rect
            key={days[i]}
            className={styles.bar}
            x={PAD.left + step * i + step * 0.2}
            width={step * 0.6}
            y={y(v, barMax)}
            height={PAD.top + innerH - y(v, barMax)}
          >
            <title>{`${days[i]} ${bars.name} ${bars.format(v)}${line ? ` · ${line.name} ${line.format(line.values[i] ?? 0)}` : ''}`}</title>
          </rect>
        ))}
        {points && <polyline className={styles.line} points={points} fill="none" />}
        {days.map((d, i) =>
          i % 5 === 4 || i === 0 ? (
            <text
              key={d}
              className={styles.axis}
              x={PAD.left + step * (i + 0.5)}
              y={H - 6}
              textAnchor="middle"
            >
              {d.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
    </figure>
  );
}
