import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  distributorApi,
  distributorCreditApi,
  distributorLedgerApi,
  distributorTopUpApi,
  type CreditRecordRow,
  type DistributorApiClientResult,
  type DistributorLedgerRow,
  type DistributorRow,
  type TopUpRow,
} from '../../../shared/api/distribution.ts';
import { orderApi } from '../../../shared/api/orders.ts';
import {
  DistributionField,
  DistributorAccount,
  DistributorLedgerKind,
  DistributorState,
  DistributorTopUpState,
} from '../../../shared/dict/distribution.ts';
import { DetailCard, dateTimeText as time } from '../../components/detail-parts.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { listQueryKey, useLabel } from '../../components/list-page/index.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { useOrderColumns } from '../../components/order-columns.tsx';
import { RecordState, useIdParam } from '../../components/record-state.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { RecordTabs, recordTab as tab, SubList } from '../../components/sub-list.tsx';
import { get, post } from '../../lib/request.ts';
import { useCreditRecordColumns } from './credit-list.page.tsx';
import { DistributorActions } from './distributor-list.page.tsx';

function useLedgerColumns(): TableColumnsType<DistributorLedgerRow> {
  const f = useLabel();
  return [
    { key: 'createTime', title: f(DistributionField.createTime), render: (_, r) => time(r.createTime) },
    {
      key: 'account',
      title: f(DistributionField.account),
      render: (_, r) => (
        <DictTag dict={DistributorAccount} value={r.account as keyof typeof DistributorAccount} />
      ),
    },
    {
      key: 'kind',
      title: f(DistributionField.kind),
      render: (_, r) => <DictTag dict={DistributorLedgerKind} value={r.kind} />,
    },
    {
      key: 'change',
      title: f(DistributionField.change),
      align: 'right',
      render: (_, r) => <MoneyText cents={r.change} />,
    },
    {
      key: 'amountAfter',
      title: f(DistributionField.amountAfter),
      align: 'right',
      render: (_, r) => <MoneyText cents={r.amountAfter} />,
    },
    { key: 'reference', dataIndex: 'reference', title: f(DistributionField.reference) },
    { key: 'remark', dataIndex: 'remark', title: f(DistributionField.remark) },
    { key: 'operator', dataIndex: 'operator', title: f(DistributionField.operator) },
  ];
}

function useTopUpColumns(): TableColumnsType<TopUpRow> {
  const f = useLabel();
  return [
    { key: 'topUpNo', dataIndex: 'topUpNo', title: f(DistributionField.topUpNo) },
    {
      key: 'amount',
      title: f(DistributionField.amount),
      align: 'right',
      render: (_, r) => <MoneyText cents={r.amount} />,
    },
    { key: 'bankRef', dataIndex: 'bankRef', title: f(DistributionField.bankRef) },
    { key: 'transferDate', dataIndex: 'transferDate', title: f(DistributionField.transferDate) },
    {
      key: 'state',
      title: f(DistributionField.topUpState),
      render: (_, r) => <DictTag dict={DistributorTopUpState} value={r.state} />,
    },
    { key: 'reviewer', dataIndex: 'reviewer', title: f(DistributionField.reviewer) },
    { key: 'createTime', title: f(DistributionField.createTime), render: (_, r) => time(r.createTime) },
  ];
}

/** Issues (or re-keys) the distributor's own selling-API client; the secret is shown this once. */
function ApiClientAction({ d, onDone }: { d: DistributorRow; onDone: () => void }) {
  const { t } = useTranslation('distribution');
  const { message } = App.useApp();
  const [issued, setIssued] = useState<DistributorApiClientResult | null>(null);
  const copy = async () => {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.clientSecret);
      void message.success(t('copied'));
    } catch {
      // no clipboard (plain HTTP): the field stays selectable
      (document.getElementById('distributor-api-secret') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <>
      <ConfirmAction
        perm="admin:distributor:apiClient"
        disabled={d.adminId == null}
        title={t(d.clientId ? 'apiClientRekey' : 'apiClientIssue', { company: d.company })}
        description={t('apiClientHint')}
        okDanger={!!d.clientId}
        button={{}}
        action={() => post<DistributorApiClientResult>(distributorApi.apiClient, { id: d.id })}
        success={false}
        onSuccess={(result) => {
          setIssued(result);
          onDone();
        }}
      >
        {t('apiClient')}
      </ConfirmAction>
      <Modal
        open={!!issued}
        title={t('apiClientTitle', { clientId: issued?.clientId ?? '' })}
        onCancel={() => setIssued(null)}
        maskClosable={false}
        keyboard={false}
        footer={
          <Button type="primary" onClick={() => setIssued(null)}>
            {t('ok')}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={t('apiClientWarning')} style={{ marginBottom: 16 }} />
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id="distributor-api-secret"
            aria-label={t('apiClientSecret')}
            readOnly
            value={issued?.clientSecret ?? ''}
            data-testid="distributor-api-secret"
          />
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('copy')}
          </Button>
        </Space.Compact>
      </Modal>
    </>
  );
}

function Profile({ d, reload }: { d: DistributorRow; reload: () => void }) {
  const { t } = useTranslation('distribution');
  const navigate = useNavigate();
  const f = useLabel();
  return (
    <DetailCard
      size="default"
      bordered
      title={d.company}
      extra={
        <Space wrap>
          <DistributorActions row={d} onDone={reload} />
          <ApiClientAction d={d} onDone={reload} />
          <Button onClick={() => void navigate('/disManage/accManage')}>{t('backToList')}</Button>
        </Space>
      }
      items={[
        { key: 'id', label: f(DistributionField.id), children: d.id },
        { key: 'contact', label: f(DistributionField.contact), children: d.contact },
        { key: 'phone', label: f(DistributionField.phone), children: d.phone },
        { key: 'username', label: f(DistributionField.username), children: d.username },
        { key: 'clientId', label: t('apiClientId'), children: d.clientId ?? t('apiClientNone') },
        {
          key: 'state',
          label: f(DistributionField.state),
          children: <DictTag dict={DistributorState} value={d.state} />,
        },
        ...(d.tierName ? [{ key: 'tier', label: f(DistributionField.tier), children: d.tierName }] : []),
        { key: 'balance', label: f(DistributionField.balance), children: <MoneyText cents={d.balance} /> },
        { key: 'held', label: f(DistributionField.held), children: <MoneyText cents={d.held} /> },
        {
          key: 'creditLimit',
          label: f(DistributionField.creditLimit),
          children: <MoneyText cents={d.creditLimit} />,
        },
        {
          key: 'creditUsed',
          label: f(DistributionField.creditUsed),
          children: <MoneyText cents={d.creditUsed} />,
        },
        {
          key: 'creditAvailable',
          label: f(DistributionField.creditAvailable),
          children: <MoneyText cents={d.creditAvailable} />,
        },
        { key: 'createTime', label: f(DistributionField.createTime), children: time(d.createTime) },
        { key: 'remark', label: f(DistributionField.remark), children: d.remark },
      ]}
    />
  );
}

function Records({ d }: { d: DistributorRow }) {
  const { t } = useTranslation('distribution');
  const params = { distributorId: d.id };
  const ledger = useLedgerColumns();
  const topUps = useTopUpColumns();
  const orders = useOrderColumns({ payWay: true });
  const credit = useCreditRecordColumns();
  return (
    <RecordTabs
      tabs={[
        tab(
          'ledger',
          t('tabLedger'),
          'admin:disLedger:page',
          <SubList url={distributorLedgerApi.page} params={params} columns={ledger} />,
        ),
        ...(d.adminId == null
          ? []
          : [
              tab(
                'orders',
                t('tabOrders'),
                'admin:order:page',
                <SubList url={orderApi.page} params={{ adminId: d.adminId }} columns={orders} />,
              ),
            ]),
        tab(
          'topUps',
          t('tabTopUps'),
          'admin:disRecharge:page',
          <SubList url={distributorTopUpApi.page} params={params} columns={topUps} />,
        ),
        tab(
          'credit',
          t('tabCredit'),
          'admin:disCredit:page',
          <SubList<CreditRecordRow> url={distributorCreditApi.records} params={params} columns={credit} />,
        ),
      ]}
    />
  );
}

/** docs/product.md §2 /disManage/details (hidden): the distributor of `?id=`, its money, ledger, orders, top-ups and credit. */
export default function DistributorDetailPage() {
  const { t } = useTranslation('distribution');
  const id = useIdParam();
  const query = useQuery({
    queryKey: [distributorApi.query, id] as const,
    queryFn: () => get<DistributorRow>(distributorApi.query, { id }),
    enabled: id !== null,
  });
  const queryClient = useQueryClient();
  const reload = () => {
    void query.refetch();
    void queryClient.invalidateQueries({ queryKey: listQueryKey(distributorApi.page) });
  };
  return (
    <RecordState id={id} query={query} notFound={t('notFound')}>
      {(data) => (
        <>
          <Profile d={data} reload={reload} />
          <Records d={data} />
        </>
      )}
    </RecordState>
  );
}
