import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  dashboardApi,
  type Dashboard,
  type DashboardFigure,
  type DashboardFigureKey,
} from '../../../shared/api/dashboard.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { DashboardFigureLabel, DashboardTrendLabel } from '../../../shared/dict/dashboard.ts';
import { formatMoney } from '../../../shared/money.ts';
import { get } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import styles from './dashboard.module.css';
import { TrendChart } from './trend-chart.tsx';

const COUNT = new Intl.NumberFormat('en-US');
const trendLabels: Partial<Record<DashboardFigureKey, DictEntry>> = DashboardTrendLabel;
const formatOf = (kind: DashboardFigure['kind']) =>
  kind === 'money' ? formatMoney : (v: number) => COUNT.format(v);

function Compare({
  label,
  value,
  before,
  kind,
}: {
  label: string;
  value: number;
  before: number | null;
  kind: DashboardFigure['kind'];
}) {
  if (before === null) return null;
  const up = value > before;
  const down = value < before;
  return (
    <span className={styles.compare}>
      {label} {formatOf(kind)(before)}
      {up && <ArrowUpOutlined className={styles.up} />}
      {down && <ArrowDownOutlined className={styles.down} />}
    </span>
  );
}

function Figure({ figure }: { figure: DashboardFigure }) {
  const { t } = useTranslation('dashboard');
  const { lang } = useSettings();
  const body = (
    <>
      <span className={styles.figureLabel}>{DashboardFigureLabel[figure.key][lang]}</span>
      <span className={styles.figureValue}>{formatOf(figure.kind)(figure.value)}</span>
      <Compare label={t('yesterday')} value={figure.value} before={figure.yesterday} kind={figure.kind} />
      <Compare label={t('lastYear')} value={figure.value} before={figure.lastYear} kind={figure.kind} />
    </>
  );
  return figure.link ? (
    <Link to={figure.link} className={styles.figure} data-testid={`dashboard-figure-${figure.key}`}>
      {body}
    </Link>
  ) : (
    <div className={styles.figure} data-testid={`dashboard-figure-${figure.key}`}>
      {body}
    </div>
  );
}

/**
 * Today's figures of the acting area with yesterday's and last year's, and the 30-day trend: read
 * after the shell has drawn (docs/statistics.md "Dashboard"); a figure the roles may not see is not
 * sent, and a failed read leaves the rest of the dashboard as it is.
 */
export function DashboardFigures() {
  const { t } = useTranslation('dashboard');
  const { lang } = useSettings();
  const { data } = useQuery({
    queryKey: [dashboardApi.figures],
    queryFn: () => get<Dashboard>(dashboardApi.figures, undefined, { silent: true }),
    refetchInterval: 60_000,
  });
  if (!data?.figures.length) return null;
  const series = data.trends.map((trend) => {
    const figure = data.figures.find((f) => f.key === trend.key)!;
    return {
      key: trend.key,
      name: (trendLabels[trend.key] ?? DashboardFigureLabel[trend.key])[lang],
      values: trend.values,
      format: formatOf(figure.kind),
    };
  });
  return (
    <section className={styles.panel} aria-labelledby="dashboard-figures">
      <h2 id="dashboard-figures" className={styles.panelTitle}>
        {t('today', { day: data.today })}
      </h2>
      <div className={styles.figures}>
        {data.figures.map((f) => (
          <Figure key={f.key} figure={f} />
        ))}
      </div>
      {series.length > 0 && <TrendChart days={data.days} series={series} />}
    </section>
  );
}
