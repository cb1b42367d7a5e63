import { PrinterOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { ReportResult } from '../../../shared/api/report.ts';
import { DATE_SHORTCUTS } from '../../../shared/dates.ts';
import { areaToday } from '../../lib/area-clock.ts';
import { post } from '../../lib/request.ts';
import { DateRangePicker } from '../date-pickers.tsx';
import { LoadState } from '../load-state.tsx';
import { SearchBar, type SearchField } from '../search-bar.tsx';
import { useLabel } from '../list-page/labels.ts';
import { searchBarFields } from '../list-page/search-fields.tsx';
import type { SearchFieldDef } from '../list-page/types.ts';
import { filtersBody, parseListState, serializeListState } from '../list-page/url-state.ts';
import { ReportFigures } from './report-figures.tsx';
import { ReportTableCard } from './report-table.tsx';
import type { ReportPageDefinition } from './types.ts';
import styles from './report-page.module.css';

/** The period as a search field: kept in the URL as `from`/`to` days, sent as days. */
const PERIOD: SearchFieldDef = {
  kind: 'dateRange',
  name: 'period',
  from: 'from',
  to: 'to',
  dateOnly: true,
  label: 'reportPage:period',
};

/** The period a screen opens with: the shortcut's days, ending today on the area's clock. */
function defaultPeriod(def: ReportPageDefinition): [Dayjs, Dayjs] {
  const shortcut = DATE_SHORTCUTS.find((s) => s.key === (def.defaultPeriod ?? 'month'))!;
  const today = areaToday();
  return [today.subtract(shortcut.daysBack, 'day'), today];
}

/** The screen's filters and the request body, read from (and written to) its URL. */
function useReportState(def: ReportPageDefinition) {
  const location = useLocation();
  const navigate = useNavigate();
  const fields = useMemo(() => [PERIOD, ...(def.filters ?? [])], [def.filters]);
  const values = useMemo(() => {
    const parsed = parseListState(location.search, fields, []).values;
    const period = parsed.period as [Dayjs | null, Dayjs | null] | undefined;
    return { ...parsed, period: period?.[0] && period[1] ? period : defaultPeriod(def) };
  }, [location.search, fields, def]);
  const body = filtersBody(values, fields);
  const search = (next: Record<string, unknown>) =>
    void navigate({ search: serializeListState({ values: next, page: 1, limit: 20 }, fields) });
  return { fields, values, body: body as { from: string; to: string } & Record<string, unknown>, search };
}

/**
 * A report screen from its definition (docs/statistics.md): the period (with the docs/product.md §9
 * shortcuts, any length up to 366 days) and the report's filters in the URL, the headline figures
 * against the period before, a chart and a table per table with its export, and printing on A4
 * landscape.
 */
export function ReportPage({ def }: { def: ReportPageDefinition }) {
  const { t } = useTranslation(['reportPage', 'common']);
  const label = useLabel();
  const { values, body, search } = useReportState(def);
  const url = def.report.api.query;
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: [url, body],
    queryFn: () => post<ReportResult>(url, body, { silent: true }),
    placeholderData: keepPreviousData,
  });
  const fields: SearchField[] = [
    {
      name: 'period',
      label: t('period'),
      node: <DateRangePicker allowClear={false} rangeLimitMs={null} />,
    },
    ...searchBarFields(def.filters ?? [], label),
  ];
  const [form] = Form.useForm<Record<string, unknown>>();

  return (
    <Space orientation="vertical" size="middle" className={styles.report} style={{ width: '100%' }}>
      {/* one item of the column: the print heading hidden on screen adds no gap */}
      <div>
        <div className={styles.noPrint}>
          <SearchBar<Record<string, unknown>>
            key={JSON.stringify(body)}
            form={form}
            fields={fields}
            initialValues={values}
            loading={isFetching}
            onSearch={(v) => (v.period ? search(v) : search({ ...v, period: values.period }))}
            extra={
              def.printable ? (
                <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="report-print">
                  {t('print')}
                </Button>
              ) : null
            }
          />
        </div>
        <div className={styles.printOnly}>
          <h2>{label(def.report.fileName)}</h2>
          <div>{t('printedAt', { from: body.from, to: body.to })}</div>
        </div>
      </div>
      {/* rendered only without data: an item of the column that draws nothing would still add a gap */}
      {!data && <LoadState error={error} hasData={false} retry={() => void refetch()} />}
      {data && (
        <>
          {def.report.figures.length > 0 && (
            <ReportFigures figures={def.report.figures} values={data.figures} />
          )}
          {def.report.tables.map((table) => (
            <ReportTableCard
              key={table.key}
              table={table}
              rows={data.tables[table.key] ?? []}
              charts={(def.charts ?? []).filter((c) => c.table === table.key)}
              paged={def.pagedTables?.includes(table.key) ?? false}
              exportUrl={def.report.api.export}
              exportPerm={def.exportPerm}
              fileName={def.report.fileName}
              body={body}
            />
          ))}
        </>
      )}
    </Space>
  );
}
