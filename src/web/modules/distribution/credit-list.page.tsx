import { Button, Drawer, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreditLimitSchema,
  CreditRepaySchema,
  distributorApi,
  distributorCreditApi,
  distributorLedgerApi,
  type CreditRecordRow,
  type DistributorRow,
} from '../../../shared/api/distribution.ts';
import {
  DistributionField,
  DistributorCreditKind,
  DistributorState,
} from '../../../shared/dict/distribution.ts';
import { formatMoney } from '../../../shared/money.ts';
import { dateTimeText } from '../../components/detail-parts.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { defineListPage, ListPage, useLabel } from '../../components/list-page/index.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { PromptAction } from '../../components/form-action.tsx';
import { post } from '../../lib/request.ts';
import { SubList } from '../../components/sub-list.tsx';

const REFRESH = [
  distributorCreditApi.page,
  distributorCreditApi.records,
  distributorApi.page,
  distributorLedgerApi.page,
];

export function useCreditRecordColumns(): TableColumnsType<CreditRecordRow> {
  const label = useLabel();
  return [
    {
      key: 'createTime',
      title: label(DistributionField.createTime),
      render: (_, r) => dateTimeText(r.createTime),
    },
    {
      key: 'kind',
      title: label(DistributionField.kind),
      render: (_, r) => <DictTag dict={DistributorCreditKind} value={r.kind} />,
    },
    {
      key: 'amount',
      title: label(DistributionField.amount),
      align: 'right',
      render: (_, r) => <MoneyText cents={r.amount} />,
    },
    {
      key: 'limitAfter',
      title: label(DistributionField.limitAfter),
      align: 'right',
      render: (_, r) => <MoneyText cents={r.limitAfter} />,
    },
    {
      key: 'usedAfter',
      title: label(DistributionField.usedAfter),
      align: 'right',
      render: (_, r) => <MoneyText cents={r.usedAfter} />,
    },
    { key: 'reference', dataIndex: 'reference', title: label(DistributionField.reference) },
    { key: 'remark', dataIndex: 'remark', title: label(DistributionField.remark) },
    { key: 'operator', dataIndex: 'operator', title: label(DistributionField.operator) },
  ];
}

function Records({ row }: { row: DistributorRow }) {
  const { t } = useTranslation('distribution');
  const [open, setOpen] = useState(false);
  const columns = useCreditRecordColumns();
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        {t('records')}
      </Button>
      <Drawer
        open={open}
        width="min(960px, 96vw)"
        title={t('recordsTitle', { company: row.company })}
        onClose={() => setOpen(false)}
        destroyOnHidden
      >
        <SubList<CreditRecordRow>
          url={distributorCreditApi.records}
          params={{ distributorId: row.id }}
          columns={columns}
        />
      </Drawer>
    </>
  );
}

function CreditActions({ row, onDone }: { row: DistributorRow; onDone: () => void }) {
  const { t } = useTranslation('distribution');
  const used = formatMoney(row.creditUsed);
  return (
    <>
      <Records row={row} />
      <PromptAction
        perm="admin:disCredit:edit"
        text={t('setLimit')}
        title={t('setLimitTitle', { company: row.company, used })}
        fields={[
          { name: 'creditLimit', label: DistributionField.creditLimit, kind: 'money' },
          { name: 'remark', label: DistributionField.remark, kind: 'textarea' },
        ]}
        initialValues={{ creditLimit: row.creditLimit }}
        schema={CreditLimitSchema.omit({ distributorId: true })}
        send={(v) => post(distributorCreditApi.limit, { ...v, distributorId: row.id })}
        refresh={REFRESH}
        onDone={onDone}
      />
      {row.creditUsed > 0 && (
        <PromptAction
          perm="admin:disCredit:edit"
          text={t('repay')}
          title={t('repayTitle', { company: row.company, used })}
          fields={[
            { name: 'amount', label: DistributionField.amount, kind: 'money' },
            { name: 'reference', label: DistributionField.reference },
            { name: 'remark', label: DistributionField.remark, kind: 'textarea' },
          ]}
          schema={CreditRepaySchema.omit({ distributorId: true })}
          send={(v) => post(distributorCreditApi.repay, { ...v, distributorId: row.id })}
          refresh={REFRESH}
          onDone={onDone}
        />
      )}
    </>
  );
}

const definition = defineListPage<DistributorRow>({
  id: 'disManage.disgrant',
  url: distributorCreditApi.page,
  exportUrl: distributorCreditApi.export,
  rowKey: 'id',
  perms: { export: 'admin:disCredit:page' },
  search: [
    { kind: 'text', name: 'company', label: DistributionField.distributor, maxLength: 100 },
    { kind: 'dict', name: 'state', label: DistributionField.state, dict: DistributorState },
  ],
  columns: [
    { key: 'company', title: DistributionField.company, width: 180 },
    { key: 'state', title: DistributionField.state, kind: 'dict', dict: DistributorState, width: 90 },
    { key: 'creditLimit', title: DistributionField.creditLimit, kind: 'money', sortable: true, width: 120 },
    { key: 'creditUsed', title: DistributionField.creditUsed, kind: 'money', sortable: true, width: 120 },
    { key: 'creditAvailable', title: DistributionField.creditAvailable, kind: 'money', width: 120 },
    { key: 'balance', title: DistributionField.balance, kind: 'money', width: 120 },
  ],
  rowActions: (row, { reload }) => <CreditActions row={row} onDone={reload} />,
  actionWidth: 260,
});

/** docs/product.md §2 /disManage/disgrant: credit limits (pay way 8), used, available and repayments. */
export default function CreditListPage() {
  return <ListPage definition={definition} />;
}
