import { useTranslation } from 'react-i18next';
import {
  withdrawalApi,
  WithdrawalPaySchema,
  WithdrawalRejectSchema,
  type WithdrawalRow,
} from '../../../shared/api/withdrawals.ts';
import {
  WITHDRAWAL_STATE,
  WithdrawalBankState,
  WithdrawalField,
  WithdrawalReview,
  WithdrawalState,
} from '../../../shared/dict/withdrawals.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import type { Dict } from '../../components/dict-tag.tsx';
import {
  defineListPage,
  listQueryKey,
  type ColumnDef,
  type SearchFieldDef,
} from '../../components/list-page/index.ts';
import { PromptAction } from '../../components/form-action.tsx';
import { post } from '../../lib/request.ts';
import { ApplyButton, TotalsBar } from './withdrawal-parts.tsx';
import { DistributorScopedList } from '../../components/distributor-scoped-list.tsx';

const dateRange: SearchFieldDef = {
  kind: 'dateRange',
  name: 'createTime',
  label: WithdrawalField.createTime,
  from: 'createTimeFrom',
  to: 'createTimeTo',
};
const ownSearch: SearchFieldDef[] = [
  { kind: 'text', name: 'withdrawalNo', label: WithdrawalField.withdrawalNo, maxLength: 32 },
  { kind: 'dict', name: 'state', label: WithdrawalField.state, dict: WithdrawalState },
  dateRange,
];
/** Staff also filter by distributor: a select once the distributors are loaded, else its id. */
const staffSearch = (distributors: Dict | null): SearchFieldDef[] => [
  ownSearch[0]!,
  distributors
    ? {
        kind: 'dict',
        name: 'distributorId',
        label: WithdrawalField.distributor,
        dict: distributors,
        width: 200,
      }
    : { kind: 'number', name: 'distributorId', label: WithdrawalField.distributor, min: 1 },
  ...ownSearch.slice(1),
];

const columns = (staff: boolean): ColumnDef<WithdrawalRow>[] => [
  { key: 'withdrawalNo', title: WithdrawalField.withdrawalNo, width: 200 },
  ...(staff ? [{ key: 'distributorName', title: WithdrawalField.distributor, width: 160 }] : []),
  { key: 'amount', title: WithdrawalField.amount, kind: 'money', sortable: true, width: 110 },
  { key: 'state', title: WithdrawalField.state, kind: 'dict', dict: WithdrawalState, width: 90 },
  { key: 'review', title: WithdrawalField.review, kind: 'dict', dict: WithdrawalReview, width: 90 },
  { key: 'bankState', title: WithdrawalField.bankState, kind: 'dict', dict: WithdrawalBankState, width: 100 },
  { key: 'bankName', title: WithdrawalField.bankName, width: 180 },
  { key: 'bankAccount', title: WithdrawalField.bankAccount, width: 120 },
  { key: 'accountName', title: WithdrawalField.accountName, width: 120 },
  { key: 'requestedBy', title: WithdrawalField.requestedBy, width: 100 },
  { key: 'createTime', title: WithdrawalField.createTime, kind: 'dateTime', sortable: true },
  { key: 'reviewedBy', title: WithdrawalField.reviewedBy, width: 100 },
  { key: 'reviewRemark', title: WithdrawalField.reviewRemark, width: 160, ellipsis: true },
  { key: 'bankReference', title: WithdrawalField.bankReference, width: 160 },
  { key: 'reviewedAt', title: WithdrawalField.reviewedAt, kind: 'dateTime', hidden: true },
  { key: 'paidAt', title: WithdrawalField.paidAt, kind: 'dateTime', hidden: true },
  { key: 'remark', title: WithdrawalField.remark, hidden: true },
];

const refresh = [listQueryKey(withdrawalApi.page)];

/** What may be done to a withdrawal in its state: review and pay (staff), cancel a request not yet reviewed. */
function RowActions({ row, staff, onDone }: { row: WithdrawalRow; staff: boolean; onDone: () => void }) {
  const { t } = useTranslation('withdrawals');
  const vars = { company: row.distributorName, amount: formatMoney(row.amount), no: row.withdrawalNo };
  const requested = row.state === WITHDRAWAL_STATE.requested;
  const approved = row.state === WITHDRAWAL_STATE.approved;
  return (
    <>
      {staff && requested && (
        <ConfirmAction
          perm="admin:haul:review"
          title={t('approveConfirm', vars)}
          description={t('approveHint')}
          action={() => post(withdrawalApi.approve, { id: row.id })}
          refresh={refresh}
          onSuccess={onDone}
          button={{ type: 'link', size: 'small', 'data-testid': 'withdrawal-approve' }}
        >
          {t('approve')}
        </ConfirmAction>
      )}
      {staff && approved && (
        <PromptAction
          perm="admin:haul:pay"
          text={t('pay')}
          title={t('payTitle', vars)}
          hint={t('payHint')}
          fields={[
            { name: 'bankReference', label: WithdrawalField.bankReference, maxLength: 64, required: true },
          ]}
          name="withdrawalPrompt"
          refresh={[withdrawalApi.page]}
          schema={WithdrawalPaySchema.omit({ id: true })}
          send={(v) => post(withdrawalApi.pay, { ...v, id: row.id })}
          onDone={onDone}
          testId="withdrawal-pay"
        />
      )}
      {staff && (requested || approved) && (
        <PromptAction
          perm="admin:haul:review"
          text={t('reject')}
          title={t('rejectTitle', vars)}
          hint={t('rejectHint')}
          fields={[
            {
              name: 'remark',
              label: WithdrawalField.reviewRemark,
              kind: 'textarea',
              maxLength: 200,
              required: true,
              showCount: true,
            },
          ]}
          name="withdrawalPrompt"
          refresh={[withdrawalApi.page]}
          schema={WithdrawalRejectSchema.omit({ id: true })}
          send={(v) => post(withdrawalApi.reject, { ...v, id: row.id })}
          onDone={onDone}
          danger
          testId="withdrawal-reject"
        />
      )}
      {requested && (
        <ConfirmAction
          perm="admin:haul:apply"
          title={t('cancelConfirm', vars)}
          okDanger
          action={() => post(withdrawalApi.cancel, { id: row.id })}
          refresh={refresh}
          onSuccess={onDone}
          button={{ type: 'link', size: 'small', danger: true, 'data-testid': 'withdrawal-cancel' }}
        >
          {t('cancel')}
        </ConfirmAction>
      )}
    </>
  );
}

const definitionFor = (staff: boolean, distributors: Dict | null) => {
  const search = staff ? staffSearch(distributors) : ownSearch;
  return defineListPage<WithdrawalRow>({
    id: staff ? 'disManage.haul' : 'disManage.haul.own',
    url: withdrawalApi.page,
    exportUrl: withdrawalApi.export,
    rowKey: 'id',
    perms: { export: 'admin:haul:page' },
    search,
    columns: columns(staff),
    detail: {
      fields: [
        'withdrawalNo',
        ...(staff ? ['distributorName'] : []),
        'amount',
        'state',
        'review',
        'bankState',
        'bankName',
        'bankAccount',
        'accountName',
        'requestedBy',
        'createTime',
        'reviewedBy',
        'reviewedAt',
        'reviewRemark',
        'bankReference',
        'paidAt',
        'remark',
      ],
    },
    toolbar: () => (
      <>
        <ApplyButton chooseDistributor={staff} />
        <TotalsBar search={search} />
      </>
    ),
    rowActions: (row, { reload }) => <RowActions row={row} staff={staff} onDone={reload} />,
    actionWidth: staff ? 220 : 140,
  });
};

/**
 * docs/product.md §2 /disManage/haul: distributors' withdrawals (spec §4 review and bank states).
 * A distributor's account sees its own (the server filters) without the distributor filter and
 * column, and requests for itself; staff choose the distributor, review and pay.
 */
export default function WithdrawalListPage() {
  return <DistributorScopedList definitionFor={definitionFor} />;
}
