import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { rechargeApi, type RechargeRow, type RechargeTotals } from '../../../shared/api/members.ts';
import { MemberField, RechargeStatus } from '../../../shared/dict/members.ts';
import { PayWay } from '../../../shared/dict/order.ts';
import { formatMoney } from '../../../shared/money.ts';
import {
  defineListPage,
  ListPage,
  useListTotals,
  type SearchFieldDef,
} from '../../components/list-page/index.ts';
import { yuan } from './level-parts.tsx';
import { MemberCell } from './member-cell.tsx';

const search: SearchFieldDef[] = [
  {
    kind: 'text',
    name: 'phone',
    label: MemberField.memberPhone,
    placeholder: 'members:fullPhonePlaceholder',
    maxLength: 20,
  },
  { kind: 'text', name: 'rechargeNo', label: MemberField.rechargeNo, maxLength: 32 },
  { kind: 'dict', name: 'status', label: MemberField.status, dict: RechargeStatus },
  { kind: 'dict', name: 'payWay', label: MemberField.payWay, dict: PayWay, codes: [1, 2, 3, 4, 99] },
  {
    kind: 'dateRange',
    name: 'createTime',
    label: MemberField.createTime,
    from: 'createTimeFrom',
    to: 'createTimeTo',
    time: true,
  },
];

/**
 * How many top-ups the list's filter (the URL's) holds, and the paid and gift sums of the paid ones,
 * above the table. Its query key starts with the list's URL, so the list's reload refreshes it too.
 */
function TotalsBar() {
  const { t } = useTranslation('members');
  const { data, isFetching } = useListTotals<RechargeTotals>(rechargeApi.page, rechargeApi.totals, search);
  return (
    <Typography.Text aria-busy={isFetching} aria-live="polite" data-testid="recharge-totals">
      {t('rechargeTotals', {
        count: data?.count ?? 0,
        paidCount: data?.paidCount ?? 0,
        amount: formatMoney(data?.amount ?? 0),
        gift: formatMoney(data?.giftAmount ?? 0),
      })}
    </Typography.Text>
  );
}

function Rule({ row }: { row: RechargeRow }) {
  const { t } = useTranslation('members');
  if (row.ruleId == null) return <Typography.Text type="secondary">{t('noRule')}</Typography.Text>;
  return t('ruleText', { pay: yuan(row.amount), gift: yuan(row.giftAmount) });
}

const definition = defineListPage<RechargeRow>({
  id: 'user.rechargeRecord',
  url: rechargeApi.page,
  exportUrl: rechargeApi.export,
  rowKey: 'id',
  perms: { export: 'admin:recharge:page' },
  search,
  columns: [
    { key: 'rechargeNo', title: MemberField.rechargeNo, width: 180 },
    { key: 'member', title: MemberField.member, width: 150, render: (_, row) => <MemberCell row={row} /> },
    { key: 'amount', title: MemberField.payAmount, kind: 'money', sortable: true, width: 110 },
    { key: 'giftAmount', title: MemberField.giftAmount, kind: 'money', width: 110 },
    { key: 'ruleId', title: MemberField.rule, width: 160, render: (_, row) => <Rule row={row} /> },
    { key: 'payWay', title: MemberField.payWay, kind: 'dict', dict: PayWay, width: 110 },
    { key: 'status', title: MemberField.status, kind: 'dict', dict: RechargeStatus, width: 100 },
    { key: 'createTime', title: MemberField.createTime, kind: 'dateTime', sortable: true },
    { key: 'paidAt', title: MemberField.paidAt, kind: 'dateTime' },
  ],
  toolbar: () => <TotalsBar />,
});

/** docs/product.md §2 /user/rechargeRecord: the members' top-ups, with the sums of the filtered set. */
export default function RechargeListPage() {
  return <ListPage definition={definition} />;
}
