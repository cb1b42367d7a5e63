import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  distributorLedgerApi,
  type DistributorLedgerRow,
  type DistributorLedgerTotals,
} from '../../../shared/api/distribution.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  DistributionField,
  DistributorAccount,
  DistributorLedgerKind,
} from '../../../shared/dict/distribution.ts';
import { formatMoney } from '../../../shared/money.ts';
import {
  defineListPage,
  ListPage,
  useListTotals,
  type SearchFieldDef,
} from '../../components/list-page/index.ts';
import { createTimeSearch } from './distribution-fields.ts';
import { useSettings } from '../../lib/settings.ts';

const search: SearchFieldDef[] = [
  { kind: 'text', name: 'company', label: DistributionField.distributor, maxLength: 100 },
  { kind: 'dict', name: 'account', label: DistributionField.account, dict: DistributorAccount },
  { kind: 'dict', name: 'kind', label: DistributionField.kind, dict: DistributorLedgerKind },
  { kind: 'text', name: 'reference', label: DistributionField.reference, maxLength: 40 },
  createTimeSearch(),
];

/** The totals of the filtered rows (the URL's filter), per account, above the table. */
function TotalsBar() {
  const { t } = useTranslation('distribution');
  const { lang } = useSettings();
  const { data, isFetching } = useListTotals<DistributorLedgerTotals>(
    distributorLedgerApi.page,
    distributorLedgerApi.totals,
    search,
  );
  return (
    <Space wrap aria-busy={isFetching} aria-live="polite" data-testid="ledger-totals">
      <Typography.Text>{t('totals', { count: data?.count ?? 0 })}</Typography.Text>
      {(data?.accounts ?? []).map((a) => (
        <Typography.Text key={a.account} type="secondary">
          {t('accountTotals', {
            account: dictLabel(DistributorAccount, a.account as keyof typeof DistributorAccount, lang),
            increase: formatMoney(a.increase),
            decrease: formatMoney(a.decrease),
          })}
        </Typography.Text>
      ))}
    </Space>
  );
}

const definition = defineListPage<DistributorLedgerRow>({
  id: 'disManage.BalanceRecord',
  url: distributorLedgerApi.page,
  exportUrl: distributorLedgerApi.export,
  rowKey: 'id',
  perms: { export: 'admin:disLedger:page' },
  search,
  columns: [
    { key: 'createTime', title: DistributionField.createTime, kind: 'dateTime', sortable: true },
    { key: 'company', title: DistributionField.distributor, width: 180 },
    { key: 'account', title: DistributionField.account, kind: 'dict', dict: DistributorAccount, width: 110 },
    { key: 'kind', title: DistributionField.kind, kind: 'dict', dict: DistributorLedgerKind, width: 110 },
    { key: 'change', title: DistributionField.change, kind: 'money', sortable: true, width: 110 },
    { key: 'amountAfter', title: DistributionField.amountAfter, kind: 'money', width: 110 },
    { key: 'reference', title: DistributionField.reference, width: 190 },
    { key: 'remark', title: DistributionField.remark },
    { key: 'operator', title: DistributionField.operator, width: 100 },
  ],
  toolbar: () => <TotalsBar />,
});

/** docs/product.md §2 /disManage/BalanceRecord: every balance and credit movement (a distributor: its own). */
export default function BalanceRecordPage() {
  return <ListPage definition={definition} />;
}
