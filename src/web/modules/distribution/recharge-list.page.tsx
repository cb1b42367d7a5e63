import { useQuery } from '@tanstack/react-query';
import { DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  distributorApi,
  distributorTopUpApi,
  TopUpCreateSchema,
  TopUpReviewSchema,
  type DistributorOption,
  type TopUpRow,
} from '../../../shared/api/distribution.ts';
import {
  DISTRIBUTOR_TOP_UP_STATE,
  DistributionField,
  DistributorTopUpState,
} from '../../../shared/dict/distribution.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { defineListPage, ListPage, listQueryKey } from '../../components/list-page/index.ts';
import { createTimeSearch } from './distribution-fields.ts';
import { PromptAction } from '../../components/form-action.tsx';
import { get, post } from '../../lib/request.ts';
import { areaToday } from '../../lib/area-clock.ts';

/** The distributors to pick (a distributor account gets only itself, and the server uses its own anyway). */
function DistributorPicker(props: { value?: number; onChange?: (v: number) => void; id?: string }) {
  const { data } = useQuery({
    queryKey: [distributorApi.options],
    queryFn: () => get<DistributorOption[]>(distributorApi.options),
  });
  return (
    <Select
      id={props.id}
      value={props.value}
      onChange={props.onChange}
      showSearch
      optionFilterProp="label"
      options={(data ?? []).map((d) => ({ value: d.id, label: d.company }))}
    />
  );
}

function DateField(props: { value?: string; onChange?: (v: string | undefined) => void; id?: string }) {
  return (
    <DatePicker
      id={props.id}
      value={props.value ? dayjs(props.value) : null}
      onChange={(d) => props.onChange?.(d ? d.format('YYYY-MM-DD') : undefined)}
      disabledDate={(d) => d.isAfter(areaToday(), 'day')}
    />
  );
}

function Review({ row, onDone }: { row: TopUpRow; onDone: () => void }) {
  const { t } = useTranslation('distribution');
  if (row.state !== DISTRIBUTOR_TOP_UP_STATE.pending) return null;
  return (
    <>
      <ConfirmAction
        perm="admin:disRecharge:review"
        title={t('confirmTopUpQuestion', { company: row.company, amount: formatMoney(row.amount) })}
        action={() => post(distributorTopUpApi.confirm, { id: row.id })}
        refresh={[listQueryKey(distributorTopUpApi.page)]}
        onSuccess={onDone}
        button={{ type: 'link', size: 'small' }}
      >
        {t('confirmTopUp')}
      </ConfirmAction>
      <PromptAction
        perm="admin:disRecharge:review"
        text={t('rejectTopUp')}
        title={t('rejectTitle', { company: row.company })}
        fields={[{ name: 'reviewRemark', label: DistributionField.reviewRemark, kind: 'textarea' }]}
        schema={TopUpReviewSchema.omit({ id: true })}
        send={(v) => post(distributorTopUpApi.reject, { ...v, id: row.id })}
        refresh={[distributorTopUpApi.page]}
        onDone={onDone}
        danger
      />
    </>
  );
}

const definition = defineListPage<TopUpRow>({
  id: 'disManage.recharge',
  url: distributorTopUpApi.page,
  exportUrl: distributorTopUpApi.export,
  rowKey: 'id',
  perms: { create: 'admin:disRecharge:create', export: 'admin:disRecharge:page' },
  search: [
    { kind: 'text', name: 'company', label: DistributionField.distributor, maxLength: 100 },
    { kind: 'dict', name: 'state', label: DistributionField.topUpState, dict: DistributorTopUpState },
    { kind: 'text', name: 'topUpNo', label: DistributionField.topUpNo, maxLength: 32 },
    { kind: 'text', name: 'bankRef', label: DistributionField.bankRef, maxLength: 64 },
    createTimeSearch(),
  ],
  columns: [
    { key: 'topUpNo', title: DistributionField.topUpNo, width: 200 },
    { key: 'company', title: DistributionField.distributor, width: 180 },
    { key: 'amount', title: DistributionField.amount, kind: 'money', sortable: true, width: 110 },
    { key: 'bankRef', title: DistributionField.bankRef, width: 150 },
    { key: 'transferDate', title: DistributionField.transferDate, width: 110 },
    {
      key: 'state',
      title: DistributionField.topUpState,
      kind: 'dict',
      dict: DistributorTopUpState,
      width: 90,
    },
    { key: 'recorder', title: DistributionField.recorder, width: 100 },
    { key: 'reviewer', title: DistributionField.reviewer, width: 100 },
    { key: 'reviewTime', title: DistributionField.reviewTime, kind: 'dateTime' },
    { key: 'createTime', title: DistributionField.createTime, kind: 'dateTime', sortable: true },
    { key: 'reviewRemark', title: DistributionField.reviewRemark, hidden: true },
    { key: 'remark', title: DistributionField.remark, hidden: true },
  ],
  form: {
    createUrl: distributorTopUpApi.create,
    createSchema: TopUpCreateSchema,
    container: 'modal',
    fields: [
      {
        name: 'distributorId',
        label: DistributionField.distributor,
        kind: 'custom',
        render: () => <DistributorPicker />,
      },
      { name: 'amount', label: DistributionField.amount, kind: 'money', required: true },
      { name: 'bankRef', label: DistributionField.bankRef, kind: 'text', required: true, maxLength: 64 },
      {
        name: 'transferDate',
        label: DistributionField.transferDate,
        kind: 'custom',
        required: true,
        render: () => <DateField />,
      },
      { name: 'remark', label: DistributionField.remark, kind: 'textarea', maxLength: 200 },
    ],
  },
  rowActions: (row, { reload }) => <Review row={row} onDone={reload} />,
  actionWidth: 160,
});

/** docs/product.md §2 /disManage/recharge: top-ups by bank transfer, recorded pending and confirmed once by finance. */
export default function RechargeListPage() {
  return <ListPage definition={definition} />;
}
