import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isTotalRow, type ReportRow, type ReportTable } from '../../../shared/api/report.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { ReportText } from '../../../shared/dict/report.ts';
import type { Permission } from '../../../shared/perms.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { usePermission } from '../can.tsx';
import { KeyboardScroll } from '../keyboard-scroll.tsx';
import { downloadExport } from '../list-page/export.ts';
import { useLabel } from '../list-page/labels.ts';
import { cellText } from './report-format.ts';
import type { ReportChartDef } from './types.ts';
import styles from './report-page.module.css';

// ECharts and the chart's code are their own chunk, fetched when a report first draws a chart
const ReportChart = lazy(() => import('./report-chart.tsx'));

const NUMERIC = new Set(['number', 'money', 'permille']);

function useColumns(table: ReportTable): ColumnsType<ReportRow> {
  const label = useLabel();
  const { lang } = useSettings();
  return table.columns.map((column, i) => ({
    key: column.key,
    dataIndex: column.key,
    title: label(column.header),
    width: column.width,
    align: NUMERIC.has(column.kind ?? 'text') ? ('right' as const) : undefined,
    render: (value: ReportRow[string], row: ReportRow) =>
      i === 0 && isTotalRow(row) && (value === null || value === undefined)
        ? ReportText.total[lang]
        : cellText(column, value, lang),
  }));
}

function ExportButton({
  url,
  body,
  table,
  fileName,
}: {
  url: string;
  body: Record<string, unknown>;
  table: ReportTable;
  fileName: DictEntry;
}) {
  const { t } = useTranslation('reportPage');
  const { lang } = useSettings();
  const exporting = useAction(
    () => downloadExport(url, { ...body, table: table.key }, `${fileName[lang]}-${table.title[lang]}.xlsx`),
    { success: false },
  );
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={exporting.pending}
      onClick={() => void exporting.run()}
      data-testid={`report-export-${table.key}`}
      className={styles.noPrint}
    >
      {t('export')}
    </Button>
  );
}

/** One table of a report: its charts above it, its total row in bold, its export. */
export function ReportTableCard({
  table,
  rows,
  charts,
  paged,
  exportUrl,
  exportPerm,
  fileName,
  body,
}: {
  table: ReportTable;
  rows: ReportRow[];
  charts: readonly ReportChartDef[];
  paged: boolean;
  exportUrl: string;
  exportPerm?: Permission;
  fileName: DictEntry;
  body: { from: string; to: string } & Record<string, unknown>;
}) {
  const { t } = useTranslation('reportPage');
  const label = useLabel();
  const can = usePermission();
  const columns = useColumns(table);
  const title = label(table.title);
  const mayExport = !exportPerm || can(exportPerm);
  // report rows have no id: their place is their key
  const keyed = useMemo(() => rows.map((row, i) => ({ ...row, __key: i })), [rows]);
  return (
    <Card
      size="small"
      title={title}
      className={styles.section}
      data-testid={`report-table-${table.key}`}
      extra={
        mayExport ? <ExportButton url={exportUrl} body={body} table={table} fileName={fileName} /> : null
      }
    >
      {charts.map((chart, i) => (
        <Suspense key={i} fallback={<Skeleton active />}>
          <ReportChart
            chart={chart}
            table={table}
            rows={rows}
            summary={t('chartSummary', {
              title,
              count: rows.filter((r) => !isTotalRow(r)).length,
              from: body.from,
              to: body.to,
            })}
          />
        </Suspense>
      ))}
      <KeyboardScroll>
        <Table<ReportRow>
          size="small"
          rowKey="__key"
          columns={columns}
          dataSource={keyed}
          pagination={paged ? { defaultPageSize: 20, showSizeChanger: false, hideOnSinglePage: true } : false}
          rowClassName={(row) => (isTotalRow(row) ? styles.totalRow! : '')}
          scroll={{ x: 'max-content' }}
        />
      </KeyboardScroll>
    </Card>
  );
}
