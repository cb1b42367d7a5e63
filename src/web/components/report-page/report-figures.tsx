import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportFigure } from '../../../shared/api/report.ts';
import { useLabel } from '../list-page/labels.ts';
import { formatReportValue } from './report-format.ts';

/** The change from the previous period, as a rate; null when there is nothing to compare with. */
function changeOf(value: number | null | undefined, previous: number | null | undefined) {
  if (value == null || previous == null || previous === 0) return null;
  return (value - previous) / Math.abs(previous);
}

function Compare({
  value,
  previous,
  kind,
}: {
  value: number | null;
  previous: number | null;
  kind: ReportFigure['kind'];
}) {
  const { t } = useTranslation('reportPage');
  const change = changeOf(value, previous);
  if (previous == null) return <span>{t('noPrevious')}</span>;
  const rate = change === null ? '' : `${(Math.abs(change) * 100).toFixed(1)}%`;
  return (
    <span>
      {t('previous', { value: formatReportValue(previous, kind) })}
      {change !== null && change !== 0 && (
        <span
          style={{
            marginInlineStart: 8,
            color: change > 0 ? 'var(--ant-color-success)' : 'var(--ant-color-error)',
          }}
          aria-label={t(change > 0 ? 'up' : 'down', { rate })}
        >
          {change > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {rate}
        </span>
      )}
    </span>
  );
}

/** The report's headline figures, each with the period before when the report answers it. */
export function ReportFigures({
  figures,
  values,
}: {
  figures: readonly ReportFigure[];
  values: Record<string, number | null>;
}) {
  const label = useLabel();
  return (
    <Row gutter={[16, 16]}>
      {figures.map((f) => (
        <Col key={f.key} xs={12} md={8} xl={4}>
          <Card size="small" data-testid={`report-figure-${f.key}`}>
            <Statistic
              title={label(f.label)}
              value={formatReportValue(values[f.key] ?? null, f.kind) || '-'}
              styles={{ content: { fontVariantNumeric: 'tabular-nums' } }}
            />
            {f.previous && (
              <div style={{ fontSize: 12, color: 'var(--ant-color-text-secondary)' }}>
                <Compare value={values[f.key] ?? null} previous={values[f.previous] ?? null} kind={f.kind} />
              </div>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
