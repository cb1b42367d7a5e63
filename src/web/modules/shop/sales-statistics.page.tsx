import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Empty,
  Form,
  Row,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  TreeSelect,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shopGoodApi, type ShopGoodRow } from '../../../shared/api/shop.ts';
import {
  SHOP_STATISTICS_MAX_DAYS,
  shopStatisticsApi,
  type ShopSalesCategory,
  type ShopSalesGoods,
  type ShopStatistics,
  type ShopStatisticsQuery,
  type ShopStatisticsSheet,
} from '../../../shared/api/shop-statistics.ts';
import { DAY_MS } from '../../../shared/dates.ts';
import { ShopStatisticsField as F } from '../../../shared/dict/shop-statistics.ts';
import { usePermission } from '../../components/can.tsx';
import { DateRangePicker } from '../../components/date-pickers.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { downloadExport, useLabel } from '../../components/list-page/index.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { formatMoney } from '../../../shared/money.ts';
import { post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import { useCategoryTree } from './shop-parts.tsx';
import { areaToday } from '../../lib/area-clock.ts';

// the chart's code is its own chunk, fetched when this screen first draws it
const SalesChart = lazy(() => import('./sales-chart.tsx'));

const DAY = 'YYYY-MM-DD';

interface Filters {
  range: [Dayjs, Dayjs];
  categoryId?: number;
  goodsId?: number;
}

const bodyOf = (f: Filters): ShopStatisticsQuery => ({
  from: f.range[0].format(DAY),
  to: f.range[1].format(DAY),
  categoryId: f.categoryId,
  goodsId: f.goodsId,
});

/** Goods of the area by name, for the filter (needs shop:good:page like the goods list). */
function GoodsSelect({ value, onChange }: { value?: number; onChange: (v?: number) => void }) {
  const { t } = useTranslation('shop');
  const [name, setName] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: [shopGoodApi.page, 'statistics-filter', name],
    queryFn: () =>
      post<{ rows: ShopGoodRow[] }>(
        shopGoodApi.page,
        { name: name || undefined, limit: 20 },
        { silent: true },
      ),
  });
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setName }}
      allowClear
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      loading={isFetching}
      placeholder={t('goodsPlaceholder')}
      aria-label={t('goodsPlaceholder')}
      style={{ width: 200 }}
      options={(data?.rows ?? []).map((g) => ({ value: g.id, label: g.name }))}
    />
  );
}

function ExportButton({ filters, sheet }: { filters: Filters; sheet: ShopStatisticsSheet }) {
  const { t } = useTranslation('shop');
  const exporting = useAction(
    () => downloadExport(shopStatisticsApi.export, { ...bodyOf(filters), sheet }, `${sheet}.xlsx`),
    { success: false },
  );
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={exporting.pending}
      onClick={() => void exporting.run()}
      data-testid={`stats-export-${sheet}`}
    >
      {t('statsExport')}
    </Button>
  );
}

function Totals({ data }: { data: ShopStatistics }) {
  const label = useLabel();
  const money = (cents: number) => formatMoney(cents);
  const cards: [string, number | string, string][] = [
    [label(F.orders), data.totals.orders, 'orders'],
    [label(F.pieces), data.totals.pieces, 'pieces'],
    [label(F.salesAmount), money(data.totals.salesAmount), 'sales'],
    [label(F.refundAmount), money(data.totals.refundAmount), 'refunds'],
    [label(F.netAmount), money(data.totals.netAmount), 'net'],
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map(([title, value, id]) => (
        <Col key={id} xs={12} md={8} xl={4}>
          <Card size="small" data-testid={`stats-total-${id}`}>
            <Statistic title={title} value={value} />
          </Card>
        </Col>
      ))}
      <Col xs={12} md={8} xl={4}>
        <Card size="small">
          <Statistic title={label(F.refunds)} value={data.totals.refunds} />
        </Card>
      </Col>
    </Row>
  );
}

/** A money figure's column, in yuan on the right. */
const moneyColumn = (dataIndex: string, title: string) => ({
  dataIndex,
  title,
  align: 'right' as const,
  width: 130,
  render: (v: number) => <MoneyText cents={v} />,
});

/** The columns of the goods ranking and the category table. */
function useSalesColumns() {
  const label = useLabel();
  const goodsColumns: ColumnsType<ShopSalesGoods> = [
    { key: 'rank', title: '#', width: 56, render: (_, __, i) => i + 1 },
    { dataIndex: 'goodsName', title: label(F.goodsName), ellipsis: true },
    { dataIndex: 'categoryName', title: label(F.categoryName), ellipsis: true },
    { dataIndex: 'orders', title: label(F.orders), align: 'right', width: 90 },
    { dataIndex: 'pieces', title: label(F.pieces), align: 'right', width: 100 },
    moneyColumn('amount', label(F.amount)),
    { dataIndex: 'refundedPieces', title: label(F.refundedPieces), align: 'right', width: 100 },
    moneyColumn('refundedAmount', label(F.refundedAmount)),
  ];
  const categoryColumns: ColumnsType<ShopSalesCategory> = [
    { dataIndex: 'categoryName', title: label(F.categoryName) },
    { dataIndex: 'orders', title: label(F.orders), align: 'right', width: 90 },
    { dataIndex: 'pieces', title: label(F.pieces), align: 'right', width: 100 },
    moneyColumn('amount', label(F.amount)),
    moneyColumn('refundedAmount', label(F.refundedAmount)),
  ];
  return { goodsColumns, categoryColumns };
}

/** docs/product.md §2 /shop/salesStatistics: the shop's sales by the area's day, goods and category. */
export default function SalesStatisticsPage() {
  const { t } = useTranslation(['shop', 'common']);
  const label = useLabel();
  const can = usePermission();
  const pickGoods = can('shop:good:page');
  const tree = useCategoryTree();
  const [filters, setFilters] = useState<Filters>(() => ({
    range: [areaToday().subtract(29, 'day'), areaToday()],
  }));
  const body = bodyOf(filters);
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: [shopStatisticsApi.query, body],
    queryFn: () => post<ShopStatistics>(shopStatisticsApi.query, body, { silent: true }),
    placeholderData: keepPreviousData,
  });

  const { goodsColumns, categoryColumns } = useSalesColumns();

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Form layout="inline" name="shopStatistics">
          <Form.Item label={t('statsRange')}>
            <DateRangePicker
              value={filters.range}
              allowClear={false}
              rangeLimitMs={(SHOP_STATISTICS_MAX_DAYS - 1) * DAY_MS}
              onChange={(dates) => {
                if (dates?.[0] && dates[1]) setFilters((f) => ({ ...f, range: [dates[0]!, dates[1]!] }));
              }}
            />
          </Form.Item>
          {pickGoods && (
            <Form.Item label={label(F.categoryName)}>
              <TreeSelect<number>
                aria-label={label(F.categoryName)}
                allowClear
                value={filters.categoryId}
                onChange={(v) => setFilters((f) => ({ ...f, categoryId: v ?? undefined }))}
                treeDefaultExpandAll
                placeholder={t('categoryPlaceholder')}
                style={{ width: 200 }}
                treeData={(tree.data ?? []).map((c) => ({
                  value: c.id,
                  title: c.name,
                  children: c.children.map((k) => ({ value: k.id, title: k.name })),
                }))}
              />
            </Form.Item>
          )}
          {pickGoods && (
            <Form.Item label={label(F.goodsName)}>
              <GoodsSelect
                value={filters.goodsId}
                onChange={(goodsId) => setFilters((f) => ({ ...f, goodsId }))}
              />
            </Form.Item>
          )}
          <Form.Item>
            <Button onClick={() => void refetch()} loading={isFetching}>
              {t('statsRefresh')}
            </Button>
          </Form.Item>
        </Form>
        <div style={{ marginTop: 8, color: 'var(--ant-color-text-secondary)', fontSize: 12 }}>
          {t('statsHint', { timeZone: data?.timeZone ?? '' })}
        </div>
      </Card>
      <LoadState error={error} hasData={!!data} retry={() => void refetch()} />
      {data && (
        <>
          <Totals data={data} />
          <Card size="small" title={t('statsDaily')} extra={<ExportButton filters={filters} sheet="day" />}>
            <Suspense fallback={<Skeleton active />}>
              <SalesChart
                days={data.days}
                labels={{
                  sales: label(F.salesAmount),
                  refunds: label(F.refundAmount),
                  net: label(F.netAmount),
                }}
                summary={t('statsChartSummary', {
                  from: data.from,
                  to: data.to,
                  sales: formatMoney(data.totals.salesAmount),
                  refunds: formatMoney(data.totals.refundAmount),
                })}
              />
            </Suspense>
          </Card>
          <Card
            size="small"
            title={t('statsByGoods')}
            extra={<ExportButton filters={filters} sheet="goods" />}
          >
            <Table<ShopSalesGoods>
              size="small"
              rowKey={(r) => String(r.goodsId)}
              columns={goodsColumns}
              dataSource={data.goods}
              loading={isFetching}
              pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
              data-testid="stats-goods"
            />
          </Card>
          <Card
            size="small"
            title={t('statsByCategory')}
            extra={<ExportButton filters={filters} sheet="category" />}
          >
            <Table<ShopSalesCategory>
              size="small"
              rowKey={(r) => String(r.categoryId)}
              columns={categoryColumns}
              dataSource={data.categories}
              loading={isFetching}
              pagination={false}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
            />
          </Card>
        </>
      )}
    </Space>
  );
}
