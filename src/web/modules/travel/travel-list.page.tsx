import { Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storageApi } from '../../../shared/api/storage.ts';
import {
  travelDepartureApi,
  TravelPackageCreateSchema,
  TravelPackageUpdateSchema,
  travelPackageApi,
  type DepartureRow,
  type TravelPackageRow,
  type TravelProductOption,
} from '../../../shared/api/travel.ts';
import { ShelfStatus } from '../../../shared/dict/product.ts';
import { DEPARTURE_STATE, DepartureState, TravelField } from '../../../shared/dict/travel.ts';
import { Can } from '../../components/can.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { moneyColumn } from '../../components/money-text.tsx';
import { get, post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import { useSettings } from '../../lib/settings.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import type { ValueProps } from '../../components/field-props.ts';

function useLabel() {
  const { lang } = useSettings();
  return (entry: DictEntry) => entry[lang];
}

const UPDATE = 'admin:travel:update';

function ImageField({ value, onChange }: ValueProps<string>) {
  return <ImageUpload action={storageApi.uploadUnMove} value={value} onChange={(url) => onChange?.(url)} />;
}

interface Day {
  title: string;
  description: string;
  productIds: number[];
}

/** The itinerary: one title, plan and products per day. */
function ItineraryField({ value, onChange }: ValueProps<Day[]>) {
  const { t } = useTranslation('travel');
  const label = useLabel();
  const products = useQuery({
    queryKey: ['travel', 'productOptions'],
    queryFn: () => get<TravelProductOption[]>(travelPackageApi.productOptions),
  });
  const days = value ?? [];
  const set = (i: number, patch: Partial<Day>) =>
    onChange?.(days.map((d, k) => (k === i ? { ...d, ...patch } : d)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {days.map((d, i) => (
        <Space key={i} direction="vertical" style={{ width: '100%' }}>
          <Input
            aria-label={`${t('day', { n: i + 1 })} ${label(TravelField.dayTitle)}`}
            addonBefore={t('day', { n: i + 1 })}
            value={d.title}
            maxLength={60}
            onChange={(e) => set(i, { title: e.target.value })}
          />
          <Input.TextArea
            aria-label={`${t('day', { n: i + 1 })} ${label(TravelField.dayDescription)}`}
            value={d.description}
            maxLength={1000}
            rows={2}
            onChange={(e) => set(i, { description: e.target.value })}
          />
          <Select
            aria-label={`${t('day', { n: i + 1 })} ${t('productIds')}`}
            mode="multiple"
            placeholder={t('productIds')}
            value={d.productIds}
            options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={(ids: number[]) => set(i, { productIds: ids })}
          />
        </Space>
      ))}
      <Button onClick={() => onChange?.([...days, { title: '', description: '', productIds: [] }])}>
        {t('addDay')}
      </Button>
    </Space>
  );
}

/** The departures of a package: add a range, close or open one, delete one without orders. */
function Departures({ row, onDone }: { row: TravelPackageRow; onDone: () => void }) {
  const { t } = useTranslation('travel');
  const label = useLabel();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ range: [Dayjs, Dayjs]; capacity: number; price: number }>();
  const list = useQuery({
    queryKey: ['travel', 'departures', row.id],
    queryFn: () => get<DepartureRow[]>(travelDepartureApi.list, { packageId: row.id }),
    enabled: open,
  });
  const add = useAction(
    (v: { range: [Dayjs, Dayjs]; capacity: number; price: number }) =>
      post<{ created: number; skipped: number }>(travelDepartureApi.create, {
        packageId: row.id,
        dateFrom: v.range[0].format('YYYY-MM-DD'),
        dateTo: v.range[1].format('YYYY-MM-DD'),
        capacity: v.capacity,
        price: Math.round(v.price * 100),
      }),
    { onSuccess: () => void list.refetch().then(onDone) },
  );
  const toggle = useAction(
    (d: DepartureRow) =>
      post(travelDepartureApi.update, {
        id: d.id,
        state: d.state === DEPARTURE_STATE.open ? DEPARTURE_STATE.closed : DEPARTURE_STATE.open,
      }),
    { onSuccess: () => void list.refetch() },
  );
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        {t('departures')}
      </Button>
      <Modal
        open={open}
        title={`${row.name} · ${t('departures')}`}
        width={720}
        footer={null}
        onCancel={() => setOpen(false)}
      >
        <Can perm={UPDATE}>
          <Form form={form} layout="inline" onFinish={(v) => void add.run(v)} style={{ marginBottom: 16 }}>
            <Form.Item name="range" label={t('dateRange')} rules={[{ required: true }]}>
              <DatePicker.RangePicker />
            </Form.Item>
            <Form.Item name="capacity" label={label(TravelField.capacity)} rules={[{ required: true }]}>
              <InputNumber min={1} max={9999} />
            </Form.Item>
            <Form.Item name="price" label={label(TravelField.price)} rules={[{ required: true }]}>
              <InputNumber min={0} precision={2} />
            </Form.Item>
            <Button htmlType="submit" type="primary" loading={add.pending}>
              {t('addDepartures')}
            </Button>
          </Form>
        </Can>
        <Table<DepartureRow>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data ?? []}
          pagination={{ pageSize: 10 }}
          columns={[
            { key: 'date', dataIndex: 'date', title: label(TravelField.date) },
            { key: 'capacity', dataIndex: 'capacity', title: label(TravelField.capacity) },
            { key: 'sold', dataIndex: 'sold', title: label(TravelField.sold) },
            { key: 'left', dataIndex: 'left', title: label(TravelField.left) },
            moneyColumn('price', label(TravelField.price)),
            {
              key: 'state',
              dataIndex: 'state',
              title: label(TravelField.state),
              render: (v: number) => <DictTag dict={DepartureState} value={v} />,
            },
            {
              key: 'action',
              title: '',
              render: (_: unknown, d: DepartureRow) => (
                <Can perm={UPDATE}>
                  <Button type="link" size="small" onClick={() => void toggle.run(d)}>
                    {d.state === DEPARTURE_STATE.open ? t('close') : t('open')}
                  </Button>
                </Can>
              ),
            },
          ]}
        />
      </Modal>
    </>
  );
}

const definition = defineListPage<TravelPackageRow>({
  id: 'scenic.travelList',
  url: travelPackageApi.page,
  exportUrl: travelPackageApi.export,
  rowKey: 'id',
  perms: {
    create: 'admin:travel:create',
    update: UPDATE,
    delete: 'admin:travel:delete',
    status: UPDATE,
    export: 'admin:travel:page',
  },
  search: [
    {
      kind: 'text',
      name: 'name',
      label: TravelField.name,
      placeholder: 'travel:namePlaceholder',
      maxLength: 60,
    },
    { kind: 'dict', name: 'status', label: TravelField.status, dict: ShelfStatus },
  ],
  columns: [
    {
      key: 'cover',
      title: TravelField.cover,
      width: 90,
      render: (value) => (value ? <img src={String(value)} alt="" width={56} height={40} /> : null),
    },
    { key: 'name', title: TravelField.name, sortable: true },
    { key: 'days', title: TravelField.days, sortable: true },
    { key: 'openDepartures', title: TravelField.departures },
    { key: 'nextDeparture', title: TravelField.nextDeparture },
    { key: 'minPrice', title: TravelField.minPrice, kind: 'money' },
    { key: 'status', title: TravelField.status, kind: 'dict', dict: ShelfStatus },
    { key: 'included', title: TravelField.included, hidden: true },
    { key: 'excluded', title: TravelField.excluded, hidden: true },
    { key: 'createTime', title: TravelField.createTime, kind: 'dateTime', sortable: true },
  ],
  form: {
    createUrl: travelPackageApi.create,
    updateUrl: travelPackageApi.update,
    createSchema: TravelPackageCreateSchema,
    updateSchema: TravelPackageUpdateSchema,
    fields: [
      { name: 'name', label: TravelField.name, kind: 'text' },
      { name: 'cover', label: TravelField.cover, kind: 'custom', render: () => <ImageField /> },
      { name: 'days', label: TravelField.days, kind: 'number', min: 1, max: 15 },
      { name: 'itinerary', label: TravelField.itinerary, kind: 'custom', render: () => <ItineraryField /> },
      { name: 'included', label: TravelField.included, kind: 'textarea' },
      { name: 'excluded', label: TravelField.excluded, kind: 'textarea' },
      { name: 'status', label: TravelField.status, kind: 'dict', dict: ShelfStatus },
    ],
    initialValues: { days: 1, status: 2, itinerary: [{ title: '', description: '', productIds: [] }] },
    width: 640,
  },
  detail: {
    fields: ['name', 'days', 'openDepartures', 'nextDeparture', 'minPrice', 'status', 'included', 'excluded'],
  },
  delete: { url: travelPackageApi.delete },
  status: { url: travelPackageApi.status },
  rowActions: (row, { reload }) => <Departures row={row} onDone={reload} />,
});

export default function TravelListPage() {
  return <ListPage definition={definition} />;
}
