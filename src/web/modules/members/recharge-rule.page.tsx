import { useTranslation } from 'react-i18next';
import {
  rechargeRuleApi,
  RechargeRuleCreateSchema,
  RechargeRuleUpdateSchema,
  type RechargeRuleRow,
} from '../../../shared/api/members.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { MemberField } from '../../../shared/dict/members.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';

/** Enable or disable every rule at once (docs/product.md §7 `fixed/updateAll`), asked first. */
function AllRulesButtons({ reload }: { reload: () => void }) {
  const { t } = useTranslation('members');
  return (
    <>
      {([1, 2] as const).map((status) => (
        <ConfirmAction
          key={status}
          perm="admin:fixed:edit"
          okDanger={status === 2}
          title={t(status === 1 ? 'enableAllConfirm' : 'disableAllConfirm')}
          action={() => post(rechargeRuleApi.updateAll, { status })}
          onSuccess={reload}
          button={{ danger: status === 2 }}
        >
          {t(status === 1 ? 'enableAll' : 'disableAll')}
        </ConfirmAction>
      ))}
    </>
  );
}

function GiftText({ row }: { row: RechargeRuleRow }) {
  const { t } = useTranslation('members');
  if (!row.giftAmount) return null;
  return t('percent', { percent: Math.round((row.giftAmount * 1000) / row.payAmount) / 10 });
}

const definition = defineListPage<RechargeRuleRow>({
  id: 'user.BalanceSet',
  url: rechargeRuleApi.page,
  rowKey: 'id',
  perms: { create: 'admin:fixed:edit', update: 'admin:fixed:edit', delete: 'admin:fixed:edit' },
  search: [{ kind: 'dict', name: 'status', label: MemberField.status, dict: EnableStatus }],
  columns: [
    { key: 'payAmount', title: MemberField.payAmount, kind: 'money', sortable: true, width: 120 },
    { key: 'giftAmount', title: MemberField.giftAmount, kind: 'money', width: 120 },
    { key: 'giftRate', title: 'members:giftRate', width: 110, render: (_, row) => <GiftText row={row} /> },
    { key: 'remark', title: MemberField.remark, ellipsis: true, width: 220 },
    { key: 'sort', title: MemberField.sort, sortable: true, width: 80 },
    { key: 'status', title: MemberField.status, kind: 'dict', dict: EnableStatus, width: 90 },
    { key: 'updateTime', title: MemberField.updatedAt, kind: 'dateTime' },
  ],
  form: {
    createUrl: rechargeRuleApi.create,
    updateUrl: rechargeRuleApi.update,
    createSchema: RechargeRuleCreateSchema,
    updateSchema: RechargeRuleUpdateSchema,
    fields: [
      {
        name: 'payAmount',
        label: MemberField.payAmount,
        kind: 'money',
        min: 1,
        required: true,
        extra: 'members:payAmountHint',
      },
      { name: 'giftAmount', label: MemberField.giftAmount, kind: 'money', min: 0 },
      { name: 'remark', label: MemberField.remark, kind: 'text', maxLength: 100 },
      { name: 'sort', label: MemberField.sort, kind: 'number', min: 0, max: 9999 },
      { name: 'status', label: MemberField.status, kind: 'dict', dict: EnableStatus },
    ],
    initialValues: { giftAmount: 0, sort: 0, status: 1 },
    container: 'modal',
    width: 520,
  },
  delete: {
    url: rechargeRuleApi.delete,
    body: (row) => ({ fixId: row.id }),
    confirm: 'members:deleteRuleConfirm',
  },
  toolbar: ({ reload }) => <AllRulesButtons reload={reload} />,
});

/** docs/product.md §2 /user/BalanceSet: the top-up rules, "pay X, get Y more". */
export default function RechargeRulePage() {
  return <ListPage definition={definition} />;
}
