import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Modal,
  Space,
  Spin,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  settlementBatchApi,
  SettlementBatchCreateSchema,
  type SettlementBatchRow,
  type SettlementItem,
  type SettlementItems,
} from '../../../shared/api/settlement.ts';
import { TicketStatus } from '../../../shared/dict/order.ts';
import {
  SETTLEMENT_BATCH_STATE,
  SettlementBatchState,
  SettlementField,
} from '../../../shared/dict/settlement.ts';
import { Can } from '../../components/can.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { KeyboardScroll } from '../../components/keyboard-scroll.tsx';
import {
  downloadExport,
  listQueryKey,
  showFieldErrors,
  useLabel,
  validateWithSchema,
  type PageResult,
} from '../../components/list-page/index.ts';
import { MoneyText, moneyColumn } from '../../components/money-text.tsx';
import { get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { areaToday } from '../../lib/area-clock.ts';

/** Basis points as a percentage: 500 → "5%". */
export const percent = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;

/**
 * Downloads a batch's statement (.xlsx): one distributor's, or every distributor's; a
 * distributor's account gets its own whatever it asks (the server decides).
 */
export function StatementButton({
  batchId,
  distributorId,
  children,
  primary,
}: {
  batchId: number;
  distributorId?: number;
  children: string;
  primary?: boolean;
}) {
  const download = useAction(
    () =>
      downloadExport(
        settlementBatchApi.statement,
        { id: batchId, ...(distributorId != null && { distributorId }) },
        `statement-${batchId}.xlsx`,
      ),
    { success: false },
  );
  return (
    <Can perm="admin:settle:statement">
      <Button
        type={primary ? 'default' : 'link'}
        size="small"
        icon={<DownloadOutlined />}
        loading={download.pending}
        onClick={() => void download.run()}
        data-testid="statement-download"
      >
        {children}
      </Button>
    </Can>
  );
}

/** A batch's sums by distributor (with their statements) and its tickets; a draft's are a preview. */
export function BatchItemsDrawer({
  batch,
  onClose,
}: {
  batch: SettlementBatchRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['settlement', 'common']);
  const query = useQuery({
    queryKey: [...listQueryKey(settlementBatchApi.page), 'items', batch?.id],
    queryFn: () => get<SettlementItems>(settlementBatchApi.items, { id: batch!.id }, { silent: true }),
    enabled: !!batch,
  });
  const { data, error, isPending, refetch } = query;
  return (
    <Drawer
      open={!!batch}
      title={batch ? t('itemsTitle', { batchNo: batch.batchNo }) : ''}
      onClose={onClose}
      size={920}
      destroyOnHidden
    >
      {batch && isPending && <Spin />}
      {batch && error && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={error.message || t('common:loadFailed')}>
          <Button onClick={() => void refetch()}>{t('retry')}</Button>
        </Empty>
      )}
      {data && <BatchItemsBody data={data} />}
    </Drawer>
  );
}

/** A loaded batch: its sums, its sums by distributor (with statements once closed), its tickets. */
function BatchItemsBody({ data }: { data: SettlementItems }) {
  const { t } = useTranslation(['settlement', 'common']);
  const label = useLabel();
  const itemColumns = useItemColumns();
  const closed = data.batch.state === SETTLEMENT_BATCH_STATE.closed;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="batch-items">
      {data.batch.state === SETTLEMENT_BATCH_STATE.draft && <Alert type="info" title={t('preview')} />}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'batchNo', label: label(SettlementField.batchNo), children: data.batch.batchNo },
          {
            key: 'period',
            label: t('period'),
            children: `${data.batch.periodFrom} ~ ${data.batch.periodTo}`,
          },
          {
            key: 'state',
            label: label(SettlementField.state),
            children: <DictTag dict={SettlementBatchState} value={data.batch.state} />,
          },
          { key: 'tickets', label: label(SettlementField.ticketCount), children: data.batch.ticketCount },
          {
            key: 'amount',
            label: label(SettlementField.amount),
            children: <MoneyText cents={data.batch.amount} />,
          },
          {
            key: 'commission',
            label: `${label(SettlementField.commission)} (${percent(data.batch.commissionRate)})`,
            children: <MoneyText cents={data.batch.commission} />,
          },
        ]}
      />
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('byDistributor')}
        </Typography.Title>
        {closed && (
          <StatementButton batchId={data.batch.id} primary>
            {t('statementAll')}
          </StatementButton>
        )}
      </Space>
      <KeyboardScroll>
        <Table
          rowKey="distributorId"
          size="small"
          pagination={false}
          dataSource={data.distributors}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'name', dataIndex: 'distributorName', title: label(SettlementField.distributor) },
            { key: 'count', dataIndex: 'ticketCount', title: label(SettlementField.ticketCount) },
            moneyColumn('amount', label(SettlementField.amount)),
            moneyColumn('commission', label(SettlementField.commission)),
            ...(closed
              ? [
                  {
                    key: 'statement',
                    title: t('statement'),
                    render: (_: unknown, d: { distributorId: number }) => (
                      <StatementButton batchId={data.batch.id} distributorId={d.distributorId}>
                        {t('statement')}
                      </StatementButton>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </KeyboardScroll>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('tickets')}
      </Typography.Title>
      {data.truncated && <Alert type="warning" title={t('truncated', { count: data.items.length })} />}
      <KeyboardScroll>
        <Table<SettlementItem>
          rowKey="ticketId"
          size="small"
          dataSource={data.items}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={itemColumns}
        />
      </KeyboardScroll>
    </Space>
  );
}

/** The batch's tickets table's columns. */
function useItemColumns(): TableColumnsType<SettlementItem> {
  const label = useLabel();
  return [
    {
      key: 'distributor',
      dataIndex: 'distributorName',
      title: label(SettlementField.distributor),
    },
    { key: 'orderNo', dataIndex: 'orderNo', title: label(SettlementField.orderNo) },
    { key: 'ticketId', dataIndex: 'ticketId', title: label(SettlementField.ticketId) },
    { key: 'product', dataIndex: 'productName', title: label(SettlementField.product) },
    { key: 'visitDate', dataIndex: 'visitDate', title: label(SettlementField.visitDate) },
    {
      key: 'status',
      dataIndex: 'ticketStatus',
      title: label(SettlementField.ticketStatus),
      render: (v: number) => <DictTag dict={TicketStatus} value={v} />,
    },
    moneyColumn('amount', label(SettlementField.amount)),
    moneyColumn('commission', label(SettlementField.commission)),
  ];
}

/** A draft batch of a period of visit dates; the server computes its tickets, the drawer shows them. */
export function NewBatchButton({ onCreated }: { onCreated: (batch: SettlementBatchRow) => void }) {
  const { t } = useTranslation(['settlement', 'common']);
  const { lang } = useSettings();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ period?: [Dayjs, Dayjs] }>();
  const create = useAction((body: unknown) => post<SettlementBatchRow>(settlementBatchApi.create, body), {
    refresh: [listQueryKey(settlementBatchApi.page)],
    onSuccess: (batch) => {
      setOpen(false);
      onCreated(batch);
    },
    onError: () => undefined,
  });
  const submit = () => {
    const period = form.getFieldValue('period') as [Dayjs, Dayjs] | undefined;
    const body = period
      ? { periodFrom: period[0].format('YYYY-MM-DD'), periodTo: period[1].format('YYYY-MM-DD') }
      : {};
    const checked = validateWithSchema(SettlementBatchCreateSchema, body, lang);
    if (checked.errors)
      return showFieldErrors(
        form,
        checked.errors.map((e) => ({ ...e, name: 'period' })),
        ['period'],
      );
    void create.run(checked.data);
  };
  // the period after the latest batch that is not discarded, up to yesterday (or that day)
  const latest = useQuery({
    queryKey: [...listQueryKey(settlementBatchApi.page), 'latest'],
    queryFn: () =>
      post<PageResult<SettlementBatchRow>>(
        settlementBatchApi.page,
        { page: 1, limit: 20, sort: 'periodFrom', order: 'desc' },
        { silent: true },
      ),
  });
  const suggested = (): [Dayjs, Dayjs] => {
    const last = latest.data?.rows.find((b) => b.state !== SETTLEMENT_BATCH_STATE.discarded);
    const yesterday = areaToday().subtract(1, 'day');
    const from = last ? dayjs(last.periodTo).add(1, 'day') : yesterday.startOf('month');
    return [from, from.isAfter(yesterday) ? from : yesterday];
  };
  return (
    <>
      <Can perm="admin:settle:close">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="batch-new"
          onClick={() => {
            form.resetFields();
            form.setFieldsValue({ period: suggested() });
            setOpen(true);
          }}
        >
          {t('newBatch')}
        </Button>
      </Can>
      <Modal
        open={open}
        title={t('newBatchTitle')}
        onCancel={() => setOpen(false)}
        onOk={submit}
        okText={t('ok')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: create.pending }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('newBatchHint')}</Typography.Paragraph>
        <Form form={form} layout="vertical" name="settlementBatch" onFinish={submit}>
          <Form.Item name="period" label={t('period')} required>
            <DatePicker.RangePicker
              style={{ width: '100%' }}
              disabledDate={(d) => d.isAfter(areaToday(), 'day')}
              allowClear={false}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
