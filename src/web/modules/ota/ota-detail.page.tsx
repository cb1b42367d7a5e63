import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Select, Space, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  otaChannelApi,
  otaLogApi,
  otaMappingApi,
  OtaMappingCreateSchema,
  OtaMappingUpdateSchema,
  type OtaChannelRow,
  type OtaLogRow,
  type OtaMappingRow,
  type OtaProductOption,
} from '../../../shared/api/ota.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import {
  OtaDirection,
  OtaField,
  OtaMessageType,
  OtaPlatformLabel,
  OtaResult,
} from '../../../shared/dict/ota.ts';
import { usePermission } from '../../components/can.tsx';
import { DetailCard } from '../../components/detail-parts.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { defineListPage, ListPage, listQueryKey, useLabel } from '../../components/list-page/index.ts';
import { RecordState, useIdParam } from '../../components/record-state.tsx';
import { get } from '../../lib/request.ts';
import { LastMessage, RefundPolicy, SecretState } from './ota-channel-list.page.tsx';
import { ChannelActions, usePlatformName } from './ota-parts.tsx';
import type { ValueProps } from '../../components/field-props.ts';
import { JsonPayload } from '../../components/json-payload.tsx';

/** The mapping's product: one of the area's products (GET /web/api/ota/mapping/products). */
function ProductField({ id, value, onChange }: ValueProps<number | undefined>) {
  const { t } = useTranslation('ota');
  const products = useQuery({
    queryKey: [otaMappingApi.products],
    queryFn: () => get<OtaProductOption[]>(otaMappingApi.products),
  });
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={(v) => onChange?.(v)}
      loading={products.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('productPlaceholder')}
      notFoundContent={t('noProducts')}
      options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
    />
  );
}

function mappingList(channelId: number, onSaved: () => void) {
  return defineListPage<OtaMappingRow>({
    id: 'ota.mappings',
    url: otaMappingApi.page,
    params: { channelId },
    rowKey: 'id',
    perms: { create: 'admin:ota:edit', update: 'admin:ota:edit', delete: 'admin:ota:edit' },
    search: [{ kind: 'text', name: 'externalCode', label: OtaField.externalCode, maxLength: 64 }],
    columns: [
      { key: 'externalCode', title: OtaField.externalCode, sortable: true },
      { key: 'productName', title: OtaField.product },
      { key: 'price', title: OtaField.price, kind: 'money', sortable: true },
      { key: 'status', title: OtaField.status, kind: 'dict', dict: EnableStatus },
      { key: 'createTime', title: OtaField.createTime, kind: 'dateTime', sortable: true },
    ],
    form: {
      createUrl: otaMappingApi.create,
      updateUrl: otaMappingApi.update,
      createSchema: OtaMappingCreateSchema,
      updateSchema: OtaMappingUpdateSchema,
      fields: [
        { name: 'externalCode', label: OtaField.externalCode, kind: 'text', required: true, maxLength: 64 },
        {
          name: 'productId',
          label: OtaField.product,
          kind: 'custom',
          required: true,
          render: () => <ProductField />,
        },
        {
          name: 'price',
          label: OtaField.price,
          kind: 'money',
          required: true,
          min: 0,
          extra: 'ota:pricePlaceholder',
        },
        { name: 'status', label: OtaField.status, kind: 'dict', dict: EnableStatus },
      ],
      initialValues: { status: 1 },
      toBody: (values, row) => (row ? { id: row.id, ...values } : { channelId, ...values }),
      // the channel list counts the mappings
      onSaved,
      container: 'modal',
    },
    delete: { url: otaMappingApi.delete, confirm: 'ota:deleteMappingConfirm' },
  });
}

function MessagePayloads({ row }: { row: OtaLogRow }) {
  const { t } = useTranslation('ota');
  const f = useLabel();
  return (
    <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
      <Typography.Text type="secondary">{t('redactedHint')}</Typography.Text>
      <Typography.Title level={5}>{f(OtaField.request)}</Typography.Title>
      <JsonPayload text={row.request} />
      <Typography.Title level={5}>{f(OtaField.response)}</Typography.Title>
      <JsonPayload text={row.response} />
    </Space>
  );
}

function logList(platform: string) {
  return defineListPage<OtaLogRow>({
    id: 'ota.logs',
    url: otaLogApi.page,
    exportUrl: otaLogApi.export,
    params: { platform },
    rowKey: 'id',
    perms: { export: 'admin:ota:log' },
    search: [
      { kind: 'dict', name: 'direction', label: OtaField.direction, dict: OtaDirection },
      { kind: 'dict', name: 'type', label: OtaField.type, dict: OtaMessageType },
      { kind: 'dict', name: 'result', label: OtaField.result, dict: OtaResult },
      { kind: 'text', name: 'externalOrderId', label: OtaField.externalOrderId, maxLength: 64 },
      { kind: 'text', name: 'orderNo', label: OtaField.orderNo, maxLength: 32 },
      {
        kind: 'dateRange',
        name: 'createTime',
        label: OtaField.createTime,
        from: 'createTimeFrom',
        to: 'createTimeTo',
        time: true,
      },
    ],
    columns: [
      { key: 'createTime', title: OtaField.createTime, kind: 'dateTime', sortable: true },
      { key: 'direction', title: OtaField.direction, kind: 'dict', dict: OtaDirection },
      { key: 'type', title: OtaField.type, kind: 'dict', dict: OtaMessageType },
      { key: 'externalOrderId', title: OtaField.externalOrderId },
      { key: 'orderNo', title: OtaField.orderNo },
      { key: 'result', title: OtaField.result, kind: 'dict', dict: OtaResult },
      { key: 'platform', title: OtaField.platform, kind: 'dict', dict: OtaPlatformLabel, hidden: true },
    ],
    defaultSort: { sort: 'createTime', order: 'desc' },
    detail: {
      fields: ['createTime', 'direction', 'type', 'externalOrderId', 'orderNo', 'result'],
      extra: (row) => <MessagePayloads row={row} />,
      width: 640,
    },
  });
}

function Header({ c }: { c: OtaChannelRow }) {
  const { t } = useTranslation('ota');
  const f = useLabel();
  const navigate = useNavigate();
  const name = usePlatformName()(c);
  return (
    <DetailCard
      size="default"
      bordered
      title={name}
      extra={
        <Space wrap>
          <ChannelActions row={c} />
          <Button onClick={() => void navigate('/ota/otaManage')}>{t('backToList')}</Button>
        </Space>
      }
      items={[
        { key: 'clientId', label: t('clientId'), children: c.clientId },
        { key: 'appKey', label: f(OtaField.appKey), children: c.appKey },
        { key: 'secret', label: f(OtaField.secretSet), children: <SecretState set={c.secretSet} /> },
        { key: 'callbackUrl', label: f(OtaField.callbackUrl), children: c.callbackUrl },
        {
          key: 'status',
          label: f(OtaField.status),
          children: <DictTag dict={EnableStatus} value={c.status} />,
        },
        { key: 'refundPolicy', label: t('refundPolicy'), children: <RefundPolicy /> },
        { key: 'lastMessage', label: t('lastMessage'), children: <LastMessage row={c} /> },
      ]}
    />
  );
}

function Tables({ c }: { c: OtaChannelRow }) {
  const { t } = useTranslation('ota');
  const can = usePermission();
  const queryClient = useQueryClient();
  const mappings = useMemo(
    () =>
      mappingList(
        c.id!,
        () => void queryClient.invalidateQueries({ queryKey: listQueryKey(otaChannelApi.page) }),
      ),
    [c.id, queryClient],
  );
  const logs = useMemo(() => logList(c.platform), [c.platform]);
  return (
    <Card>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'mappings', label: t('tabMappings'), children: <ListPage definition={mappings} /> },
          {
            key: 'logs',
            label: t('tabLogs'),
            disabled: !can('admin:ota:log'),
            children: can('admin:ota:log') ? <ListPage definition={logs} /> : null,
          },
        ]}
      />
    </Card>
  );
}

/** docs/product.md §2 /ota/otaDetails?id= (hidden): the channel, its product mapping and message log. */
export default function OtaDetailPage() {
  const { t } = useTranslation('ota');
  const id = useIdParam();
  const query = useQuery({
    queryKey: [otaChannelApi.query, id] as const,
    queryFn: () => get<OtaChannelRow>(otaChannelApi.query, { id }),
    enabled: id !== null,
  });
  return (
    <RecordState id={id} query={query} notFound={t('notFound')}>
      {(data) => (
        <>
          <Header c={data} />
          <Tables c={data} />
        </>
      )}
    </RecordState>
  );
}
