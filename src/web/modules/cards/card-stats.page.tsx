import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Row,
  Skeleton,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CARD_STATS_MAX_DAYS,
  cardStatsApi,
  type CardStats,
  type CardStatsChannel,
  type CardStatsGate,
  type CardStatsKind,
  type CardStatsQuery,
  type CardStatsSheet,
} from '../../../shared/api/card-stats.ts';
import { DAY_MS } from '../../../shared/dates.ts';
import { CardStatsField as F } from '../../../shared/dict/card-stats.ts';
import { CardSaleSource } from '../../../shared/dict/cards.ts';
import { formatMoney } from '../../../shared/money.ts';
import { DateRangePicker } from '../../components/date-pickers.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { downloadExport, useLabel } from '../../components/list-page/index.ts';
import { areaToday } from '../../lib/area-clock.ts';
import { post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';

// the chart's code is its own chunk, fetched when this screen first draws it
const CardStatsChart = lazy(() => import('./card-stats-chart.tsx'));

const DAY = 'YYYY-MM-DD';

/** Cents as yuan with two decimals and thousands separators: 1234567 → "12,345.67". */
function yuan(cents: number): string {
  const [whole = '', fraction] = formatMoney(cents).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction === undefined ? '' : `.${fraction}`}`;
}

const bodyOf = (range: [Dayjs, Dayjs]): CardStatsQuery => ({
  from: range[0].format(DAY),
  to: range[1].format(DAY),
});

/** The .xlsx of one table (`sheet`) over the range shown. */
function ExportButton({ range, sheet }: { range: [Dayjs, Dayjs]; sheet: CardStatsSheet }) {
  const { t } = useTranslation('cards');
  const body = { ...bodyOf(range), sheet };
  const { pending, run } = useAction(() => downloadExport(cardStatsApi.export, body, `${sheet}.xlsx`), {
    success: false,
  });
  return (
    <Button
      data-testid={`card-stats-export-${sheet}`}
      icon={<DownloadOutlined />}
      loading={pending}
      onClick={() => void run()}
    >
      {t('statsExport')}
    </Button>
  );
}

/** Before the first answer: a skeleton, or the failure with a retry. */
function FirstLoad({ error, retry }: { error: Error | null; retry: () => void }) {
  const { t } = useTranslation(['cards', 'common']);
  if (!error) return <Skeleton active />;
  const again = <Button onClick={retry}>{t('common:retry')}</Button>;
  return <Alert type="error" title={error.message || t('common:loadFailed')} action={again} />;
}

/** The period's figures: cards sold, activated, in use, expired; entries; the money. */
function Totals({ data }: { data: CardStats }) {
  const label = useLabel();
  const x = data.totals;
  const figures: [string, string | number, string][] = [
    [label(F.sold), x.sold, 'sold'],
    [label(F.activated), x.activated, 'activated'],
    [label(F.inUse), x.inUse, 'inUse'],
    [label(F.expired), x.expired, 'expired'],
    [label(F.entries), x.entries, 'entries'],
    [label(F.amount), yuan(x.amount), 'amount'],
    [label(F.refunded), yuan(x.refunded), 'refunded'],
    [label(F.net), yuan(x.net), 'net'],
  ];
  return (
    <Row gutter={[16, 16]}>
      {figures.map(([title, value, id]) => (
        <Col key={id} xs={12} md={6} xl={3}>
          <Card size="small" data-testid={`card-stats-total-${id}`}>
            <Statistic title={title} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** A money figure's column: yuan, thousands separated, on the right, digits lined up. */
const moneyColumn = (dataIndex: string, title: string) => ({
  dataIndex,
  title,
  align: 'right' as const,
  width: 140,
  render: (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{yuan(v)}</span>,
});

function useColumns() {
  const label = useLabel();
  const money = [
    { dataIndex: 'sold', title: label(F.sold), align: 'right' as const, width: 110 },
    moneyColumn('amount', label(F.amount)),
    moneyColumn('refunded', label(F.refunded)),
    moneyColumn('net', label(F.net)),
  ];
  const kinds: ColumnsType<CardStatsKind> = [{ dataIndex: 'kindName', title: label(F.kindName) }, ...money];
  const channels: ColumnsType<CardStatsChannel> = [
    {
      dataIndex: 'source',
      title: label(F.source),
      render: (v: string) => <DictTag dict={CardSaleSource} value={v} />,
    },
    ...money,
  ];
  const gates: ColumnsType<CardStatsGate> = [
    { dataIndex: 'gateName', title: label(F.gateName) },
    { dataIndex: 'entries', title: label(F.entries), align: 'right', width: 140 },
  ];
  return { kinds, channels, gates };
}

const EMPTY = { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> };

/** The three tables: revenue by kind and by channel, entries by gate. */
function Tables({ data, range, loading }: { data: CardStats; range: [Dayjs, Dayjs]; loading: boolean }) {
  const { t } = useTranslation('cards');
  const columns = useColumns();
  return (
    <>
      <Card size="small" title={t('statsByKind')} extra={<ExportButton range={range} sheet="kind" />}>
        <Table<CardStatsKind>
          size="small"
          rowKey={(r) => String(r.kindId)}
          columns={columns.kinds}
          dataSource={data.kinds}
          loading={loading}
          pagination={false}
          locale={EMPTY}
          data-testid="card-stats-kinds"
        />
      </Card>
      <Card size="small" title={t('statsByChannel')} extra={<ExportButton range={range} sheet="channel" />}>
        <Table<CardStatsChannel>
          size="small"
          rowKey="source"
          columns={columns.channels}
          dataSource={data.channels}
          loading={loading}
          pagination={false}
          locale={EMPTY}
        />
      </Card>
      <Card size="small" title={t('statsByGate')} extra={<ExportButton range={range} sheet="gate" />}>
        <Table<CardStatsGate>
          size="small"
          rowKey={(r) => String(r.gateId)}
          columns={columns.gates}
          dataSource={data.gates}
          loading={loading}
          pagination={false}
          locale={EMPTY}
        />
      </Card>
    </>
  );
}

/** docs/product.md §2 /VipCard/enjSelfCardStatis: the travel cards of the area by its days. */
export default function CardStatsPage() {
  const { t } = useTranslation('cards');
  const label = useLabel();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [areaToday().subtract(29, 'day'), areaToday()]);
  const body = bodyOf(range);
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: [cardStatsApi.query, body],
    queryFn: () => post<CardStats>(cardStatsApi.query, body, { silent: true }),
    placeholderData: keepPreviousData,
  });
  const labels = useMemo(
    () => ({ sold: label(F.sold), activated: label(F.activated), entries: label(F.entries) }),
    [label],
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Form layout="inline" name="cardStats">
          <Form.Item label={t('statsRange')}>
            <DateRangePicker
              value={range}
              allowClear={false}
              rangeLimitMs={(CARD_STATS_MAX_DAYS - 1) * DAY_MS}
              onChange={(dates) => {
                if (dates?.[0] && dates[1]) setRange([dates[0], dates[1]]);
              }}
            />
            <Button onClick={() => void refetch()} loading={isFetching} style={{ marginInlineStart: 8 }}>
              {t('statsRefresh')}
            </Button>
          </Form.Item>
        </Form>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
          {t('statsHint', { area: data?.areaName ?? '', timeZone: data?.timeZone ?? '' })}
        </Typography.Paragraph>
      </Card>
      {!data && <FirstLoad error={error} retry={() => void refetch()} />}
      {data && (
        <>
          <Totals data={data} />
          <Card size="small" title={t('statsDaily')} extra={<ExportButton range={range} sheet="day" />}>
            <Suspense fallback={<Skeleton active />}>
              <CardStatsChart
                days={data.days}
                labels={labels}
                summary={t('statsChartSummary', {
                  from: data.from,
                  to: data.to,
                  sold: data.totals.sold,
                  entries: data.totals.entries,
                })}
              />
            </Suspense>
          </Card>
          <Tables data={data} range={range} loading={isFetching} />
        </>
      )}
    </Space>
  );
}
