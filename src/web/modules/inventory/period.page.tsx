import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Calendar, Card, Form, InputNumber, Space, Tabs, Tag, Typography } from 'antd';

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PeriodCreateSchema,
  PeriodUpdateSchema,
  PublicStockBatchSetSchema,
  STOCK_MAX,
  periodApi,
  publicStockApi,
  type PeriodRow,
  type PublicStockCell,
  type PublicStockListResult,
} from '../../../shared/api/inventory.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { SALE_STATUS } from '../../../shared/dict/product.ts';
import { Can } from '../../components/can.tsx';
import { CheckboxGroupField } from '../../components/checkbox-group-field.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { BulkDrawer, type BulkDays } from './bulk-drawer.tsx';
import { TimeOfDayInput, visibleRange } from './inventory-widgets.tsx';
import { areaToday } from '../../lib/area-clock.ts';

const UPDATE = 'admin:period:update';
const STOCK_KEY = ['inventory', 'publicStock'] as const;

const periodList = defineListPage<PeriodRow>({
  id: 'scenic.period',
  url: periodApi.page,
  rowKey: 'id',
  perms: {
    create: 'admin:period:create',
    update: UPDATE,
    delete: 'admin:period:delete',
    status: UPDATE,
  },
  search: [
    { kind: 'text', name: 'name', label: 'inventory:name', maxLength: 30 },
    { kind: 'dict', name: 'status', label: 'inventory:status', dict: EnableStatus },
  ],
  columns: [
    { key: 'name', title: 'inventory:name', sortable: true, width: 160 },
    { key: 'startTime', title: 'inventory:startTime', sortable: true, width: 110 },
    { key: 'endTime', title: 'inventory:endTime', width: 110 },
    { key: 'capacity', title: 'inventory:capacity', sortable: true, width: 120 },
    { key: 'status', title: 'inventory:status', kind: 'dict', dict: EnableStatus, width: 100 },
    { key: 'sort', title: 'inventory:sort', sortable: true, width: 80 },
    { key: 'createTime', title: 'inventory:createTime', kind: 'dateTime', sortable: true, width: 180 },
  ],
  form: {
    createUrl: periodApi.create,
    updateUrl: periodApi.update,
    createSchema: PeriodCreateSchema,
    updateSchema: PeriodUpdateSchema,
    fields: [
      { name: 'name', label: 'inventory:name', kind: 'text', maxLength: 30, required: true },
      {
        name: 'startTime',
        label: 'inventory:startTime',
        kind: 'custom',
        required: true,
        render: () => <TimeOfDayInput />,
      },
      {
        name: 'endTime',
        label: 'inventory:endTime',
        kind: 'custom',
        required: true,
        render: () => <TimeOfDayInput />,
      },
      {
        name: 'capacity',
        label: 'inventory:capacity',
        kind: 'number',
        min: 0,
        max: STOCK_MAX,
        required: true,
        extra: 'inventory:capacityExtra',
      },
      { name: 'status', label: 'inventory:status', kind: 'dict', dict: EnableStatus },
      { name: 'sort', label: 'inventory:sort', kind: 'number', min: 0, max: 9999 },
    ],
    initialValues: { status: 1, sort: 0 },
  },
  delete: { url: periodApi.delete },
  status: { url: periodApi.status },
});

interface BulkValues extends BulkDays {
  periodIds?: number[];
  capacity?: number | null;
  status?: number;
}

function StockBulkDrawer({
  open,
  periods,
  onClose,
  onSaved,
}: {
  open: boolean;
  periods: PeriodRow[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('inventory');
  return (
    <BulkDrawer<BulkValues>
      open={open}
      title={`${t('bulkEdit')} · ${t('publicStock')}`}
      perm={UPDATE}
      url={publicStockApi.batchSet}
      schema={PublicStockBatchSetSchema}
      toBody={(v) => ({
        periodIds: v.periodIds ?? [],
        ...(v.capacity == null ? {} : { capacity: v.capacity }),
      })}
      fields={['periodIds', 'weekdays', 'capacity', 'status']}
      initialValues={{ periodIds: periods.map((p) => p.id) }}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="periodIds" label={t('periods')} required>
        <CheckboxGroupField
          options={periods.map((p) => ({ value: p.id, label: `${p.name} ${p.startTime}-${p.endTime}` }))}
        />
      </Form.Item>
      <Form.Item name="capacity" label={t('dayCapacity')} extra={t('capacityHint')}>
        <InputNumber min={0} max={STOCK_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </BulkDrawer>
  );
}

function StockDay({ cells, periods }: { cells: PublicStockCell[]; periods: Map<number, PeriodRow> }) {
  const { t } = useTranslation('inventory');
  return (
    <div style={{ fontSize: 11, lineHeight: '16px' }}>
      {cells.map((c) => {
        const period = periods.get(c.periodId);
        const off = period?.status !== 1;
        const closed = c.status !== SALE_STATUS.onSale;
        return (
          <div
            key={c.periodId}
            title={off ? t('periodDisabled') : undefined}
            style={{ opacity: off ? 0.45 : 1, whiteSpace: 'nowrap' }}
          >
            {period?.startTime} {c.sold}/{c.capacity}
            {closed ? (
              <Tag
                color="red"
                style={{ marginInlineStart: 4, fontSize: 10, lineHeight: '14px', padding: '0 3px' }}
              >
                {t('closed')}
              </Tag>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

function PublicStockView() {
  const { t } = useTranslation('inventory');
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(() => areaToday());
  const [bulkOpen, setBulkOpen] = useState(false);
  const range = visibleRange(month);
  const stock = useQuery({
    queryKey: [...STOCK_KEY, range.from, range.to],
    queryFn: () => post<PublicStockListResult>(publicStockApi.list, range),
  });
  const periods = useMemo(() => new Map((stock.data?.periods ?? []).map((p) => [p.id, p])), [stock.data]);
  const byDate = useMemo(() => {
    const map = new Map<string, PublicStockCell[]>();
    for (const c of stock.data?.cells ?? []) {
      const list = map.get(c.date) ?? [];
      list.push(c);
      map.set(c.date, list);
    }
    return map;
  }, [stock.data]);
  const enabled = (stock.data?.periods ?? []).filter((p) => p.status === 1);

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Can perm={UPDATE}>
          <Button type="primary" disabled={!stock.data?.periods.length} onClick={() => setBulkOpen(true)}>
            {t('bulkEdit')}
          </Button>
        </Can>
        {stock.data && !enabled.length ? (
          <Typography.Text type="secondary">{t('noPeriods')}</Typography.Text>
        ) : null}
      </Space>
      <Calendar
        value={month}
        onPanelChange={(date) => setMonth(date)}
        onSelect={(date, info) => {
          if (info.source === 'date' && !date.isSame(month, 'month')) setMonth(date);
        }}
        cellRender={(date, info) =>
          info.type === 'date' ? (
            <StockDay cells={byDate.get(date.format('YYYY-MM-DD')) ?? []} periods={periods} />
          ) : (
            info.originNode
          )
        }
      />
      <StockBulkDrawer
        open={bulkOpen}
        periods={stock.data?.periods ?? []}
        onClose={() => setBulkOpen(false)}
        onSaved={() => {
          setBulkOpen(false);
          void queryClient.invalidateQueries({ queryKey: STOCK_KEY });
        }}
      />
    </>
  );
}

/** docs/product.md §2 /scenic/period: the area's time slots and their public stock per day. */
export default function PeriodPage() {
  const { t } = useTranslation('inventory');
  const queryClient = useQueryClient();
  return (
    <Tabs
      destroyOnHidden
      onChange={() => void queryClient.invalidateQueries({ queryKey: STOCK_KEY })}
      items={[
        { key: 'periods', label: t('periodList'), children: <ListPage definition={periodList} /> },
        {
          key: 'stock',
          label: t('publicStock'),
          children: (
            <Card>
              <PublicStockView />
            </Card>
          ),
        },
      ]}
    />
  );
}
