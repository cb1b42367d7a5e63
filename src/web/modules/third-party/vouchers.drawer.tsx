import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, Modal, Space, Table, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  thirdPartyVoucherApi,
  type ThirdPartyRow,
  type TpVoucherImported,
  type TpVoucherRow,
} from '../../../shared/api/third-party.ts';
import {
  ThirdPartyField,
  ThirdPartyText,
  TpImportIssue,
  TpVoucherStatus,
} from '../../../shared/dict/third-party.ts';
import { Can } from '../../components/can.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { DateRangePicker } from '../../components/date-pickers.tsx';
import { DictSelect } from '../../components/dict-select.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { downloadExport, useLabel, type PageResult } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';

const when = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

interface Filters {
  code?: string;
  status?: string;
  validFrom?: string;
  validTo?: string;
}

/** Pasting a platform's batch of codes: each line checked by the server, the lines it skipped listed. */
function ImportModal({ channel, onDone }: { channel: ThirdPartyRow; onDone: () => void }) {
  const { t } = useTranslation('thirdParty');
  const label = useLabel();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ codes: string; valid: [Dayjs, Dayjs] }>();
  const [result, setResult] = useState<TpVoucherImported | null>(null);
  const send = useAction(
    (v: { codes: string; valid: [Dayjs, Dayjs] }) =>
      post<TpVoucherImported>(thirdPartyVoucherApi.import, {
        channelId: channel.id,
        codes: v.codes,
        validFrom: v.valid[0].startOf('day').format(),
        validTo: v.valid[1].endOf('day').startOf('second').format(),
      }),
    {
      success: (r) => t('importDone', { count: r.imported }),
      onSuccess: (r) => {
        setResult(r);
        onDone();
      },
    },
  );
  return (
    <>
      <Can perm="admin:thirdParty:update">
        {(allowed) => (
          <Button type="primary" disabled={!allowed} onClick={() => (setResult(null), setOpen(true))}>
            {t('import')}
          </Button>
        )}
      </Can>
      <Modal
        open={open}
        title={t('import')}
        onCancel={() => setOpen(false)}
        okText={t('import')}
        confirmLoading={send.pending}
        onOk={() => void form.validateFields().then((v) => send.run(v))}
        width={560}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ valid: [dayjs().startOf('day'), dayjs().add(1, 'year')] }}
        >
          <Form.Item name="codes" label={t('importCodes')} rules={[{ required: true }]}>
            <Input.TextArea rows={8} data-testid="tp-import-codes" />
          </Form.Item>
          <Form.Item name="valid" label={label(ThirdPartyField.valid)} rules={[{ required: true }]}>
            <DateRangePicker allowFuture style={{ width: '100%' }} />
          </Form.Item>
        </Form>
        {result && result.skipped.length > 0 && (
          <>
            <Alert type="warning" showIcon title={t('importSkipped', { count: result.skipped.length })} />
            <Table
              size="small"
              rowKey="line"
              pagination={{ pageSize: 10 }}
              dataSource={result.skipped}
              columns={[
                { key: 'line', dataIndex: 'line', title: t('line'), width: 80 },
                { key: 'code', dataIndex: 'code', title: label(ThirdPartyField.code) },
                {
                  key: 'issue',
                  dataIndex: 'issue',
                  title: t('issue'),
                  render: (v: string) => label(TpImportIssue[v as keyof typeof TpImportIssue]),
                },
              ]}
            />
          </>
        )}
      </Modal>
    </>
  );
}

/** The voucher table's columns; a row's void button reloads the list. */
function voucherColumns(
  label: ReturnType<typeof useLabel>,
  t: ReturnType<typeof useTranslation<'thirdParty'>>['t'],
  channelId: number,
  reload: () => void,
): TableProps<TpVoucherRow>['columns'] {
  return [
    { key: 'code', dataIndex: 'code', title: label(ThirdPartyField.code), sorter: true },
    { key: 'productName', dataIndex: 'productName', title: label(ThirdPartyField.product) },
    {
      key: 'validTo',
      dataIndex: 'validTo',
      title: label(ThirdPartyField.valid),
      sorter: true,
      render: (_: string, row) => `${when(row.validFrom).slice(0, 10)} ~ ${when(row.validTo).slice(0, 10)}`,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: label(ThirdPartyField.voucherStatus),
      render: (v: string) => <DictTag dict={TpVoucherStatus} value={v} />,
    },
    {
      key: 'usedTime',
      dataIndex: 'usedTime',
      title: label(ThirdPartyField.usedTime),
      sorter: true,
      render: when,
    },
    { key: 'gateName', dataIndex: 'gateName', title: label(ThirdPartyField.gate) },
    {
      key: 'actions',
      title: '',
      render: (_: unknown, row) =>
        row.status === 'unused' ? (
          <ConfirmAction
            perm="admin:thirdParty:update"
            title={t('void')}
            description={t('voidConfirm', { count: 1 })}
            okDanger
            action={() => post(thirdPartyVoucherApi.void, { channelId, ids: [row.id] })}
            onSuccess={reload}
          >
            {t('void')}
          </ConfirmAction>
        ) : null,
    },
  ];
}

/** The codes of one code-list channel: filters, paging, sort, export, import and void. */
export function VouchersDrawer({ channel, onClose }: { channel: ThirdPartyRow | null; onClose: () => void }) {
  const { t } = useTranslation('thirdParty');
  const label = useLabel();
  const [form] = Form.useForm<{ code?: string; status?: string; valid?: [Dayjs, Dayjs] }>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [sort, setSort] = useState<{ sort?: string; order?: 'asc' | 'desc' }>({});
  const [selected, setSelected] = useState<number[]>([]);
  const body = { channelId: channel?.id, ...filters, ...sort };
  const { data, isFetching, refetch } = useQuery({
    queryKey: ['thirdParty', 'vouchers', body, paging],
    queryFn: () => post<PageResult<TpVoucherRow>>(thirdPartyVoucherApi.page, { ...body, ...paging }),
    enabled: channel != null,
  });
  const reload = () => {
    setSelected([]);
    void refetch();
  };
  const search = () => {
    const v = form.getFieldsValue();
    setFilters({
      ...(v.code ? { code: v.code } : {}),
      ...(v.status ? { status: v.status } : {}),
      ...(v.valid
        ? {
            validFrom: v.valid[0].startOf('day').format(),
            validTo: v.valid[1].endOf('day').startOf('second').format(),
          }
        : {}),
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const onChange: TableProps<TpVoucherRow>['onChange'] = (pagination, _f, sorter) => {
    setPaging({ page: pagination.current ?? 1, limit: pagination.pageSize ?? 20 });
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    setSort(s?.order ? { sort: String(s.columnKey), order: s.order === 'ascend' ? 'asc' : 'desc' } : {});
  };
  return (
    <Drawer
      open={channel != null}
      onClose={() => (onClose(), form.resetFields(), setFilters({}), setSelected([]))}
      title={channel ? t('vouchersTitle', { name: channel.name }) : ''}
      size={900}
      destroyOnHidden
    >
      {channel && (
        <>
          <Form form={form} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={search}>
            <Form.Item name="code" label={label(ThirdPartyField.code)}>
              <Input allowClear maxLength={64} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="status" label={label(ThirdPartyField.voucherStatus)}>
              <DictSelect dict={TpVoucherStatus} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="valid" label={label(ThirdPartyField.valid)}>
              <DateRangePicker allowFuture />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('search')}
              </Button>
              <Button onClick={() => (form.resetFields(), search())}>{t('reset')}</Button>
            </Space>
          </Form>
          <Space style={{ marginBottom: 12 }}>
            <ImportModal channel={channel} onDone={reload} />
            <ConfirmAction
              perm="admin:thirdParty:update"
              title={t('voidSelected')}
              description={t('voidConfirm', { count: selected.length })}
              okDanger
              disabled={!selected.length}
              button={{}}
              action={() => post(thirdPartyVoucherApi.void, { channelId: channel.id, ids: selected })}
              onSuccess={reload}
            >
              {t('voidSelected')}
            </ConfirmAction>
            <Can perm="admin:thirdParty:page">
              {(allowed) => (
                <Button
                  disabled={!allowed}
                  onClick={() =>
                    void downloadExport(
                      thirdPartyVoucherApi.export,
                      body,
                      `${label(ThirdPartyText.voucherFileName)}.xlsx`,
                    )
                  }
                >
                  {t('export')}
                </Button>
              )}
            </Can>
          </Space>
          <Table<TpVoucherRow>
            size="small"
            rowKey="id"
            loading={isFetching}
            dataSource={data?.rows ?? []}
            onChange={onChange}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(Number)),
              getCheckboxProps: (row) => ({ disabled: row.status !== 'unused' }),
            }}
            pagination={{
              current: paging.page,
              pageSize: paging.limit,
              total: data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 30, 50, 100, 400],
              showTotal: (total) => t('total', { total }),
            }}
            columns={voucherColumns(label, t, channel.id, reload)}
          />
        </>
      )}
    </Drawer>
  );
}
