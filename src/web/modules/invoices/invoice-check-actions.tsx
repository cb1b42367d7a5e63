import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  invoiceCheckApi,
  invoiceMismatchApi,
  invoiceStuckApi,
  invoiceUnbilledApi,
  type MismatchRow,
  type StuckRow,
  type UnbilledRow,
} from '../../../shared/api/invoice-checks.ts';
import { invoiceApi } from '../../../shared/api/invoices.ts';
import { INVOICE_STATE } from '../../../shared/dict/invoices.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { listQueryKey } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';

const ISSUE = 'admin:invoice:issue';
/** Every check's list and the counts: a fix moves a row out of one and maybe into another. */
const REFRESH = [
  listQueryKey(invoiceUnbilledApi.page),
  listQueryKey(invoiceStuckApi.page),
  listQueryKey(invoiceMismatchApi.page),
  [invoiceCheckApi.counts],
  listQueryKey(invoiceApi.page),
];
const LINK = { type: 'link', size: 'small' } as const;

/** Unbilled: request the invoice (buyer from the order), or issue the one requested. */
export function UnbilledFix({ row }: { row: UnbilledRow }) {
  const { t } = useTranslation('invoiceChecks');
  const vars = { sourceNo: row.sourceNo, amount: formatMoney(row.left) };
  if (row.invoiceId == null)
    return (
      <ConfirmAction
        perm={ISSUE}
        title={t('requestTitle', vars)}
        description={t('requestHint', vars)}
        action={() => post(invoiceCheckApi.request, { source: row.source, sourceNo: row.sourceNo })}
        refresh={REFRESH}
        button={{ ...LINK, 'data-testid': 'check-request' }}
      >
        {t('request')}
      </ConfirmAction>
    );
  return (
    <ConfirmAction
      perm={ISSUE}
      title={t('issueTitle', vars)}
      action={() => post(invoiceApi.issue, { id: row.invoiceId })}
      refresh={REFRESH}
      button={{ ...LINK, 'data-testid': 'check-issue' }}
    >
      {t('issue')}
    </ConfirmAction>
  );
}

/** Stuck: ask the platform now (issuing or voiding); a reissue is handled on the invoice list. */
export function StuckFix({ row }: { row: StuckRow }) {
  const { t } = useTranslation('invoiceChecks');
  if (row.state === INVOICE_STATE.reissuing)
    return <Typography.Text type="secondary">{t('reissuingNote')}</Typography.Text>;
  return (
    <ConfirmAction
      perm={ISSUE}
      title={t('settleTitle')}
      description={t('settleHint')}
      action={() => post(invoiceCheckApi.settle, { id: row.id })}
      refresh={REFRESH}
      button={{ ...LINK, 'data-testid': 'check-settle' }}
    >
      {t('settle')}
    </ConfirmAction>
  );
}

/** Mismatch: a red letter for the excess; an invoice below what was kept has nothing to reverse. */
export function MismatchFix({ row }: { row: MismatchRow }) {
  const { t } = useTranslation('invoiceChecks');
  if (row.diff <= 0) return <Typography.Text type="secondary">{t('shortfall')}</Typography.Text>;
  return (
    <ConfirmAction
      perm={ISSUE}
      title={t('redTitle', { sourceNo: row.sourceNo, amount: formatMoney(row.diff) })}
      description={t('redHint')}
      okDanger
      action={() => post(invoiceCheckApi.red, { id: row.id })}
      refresh={REFRESH}
      button={{ ...LINK, danger: true, 'data-testid': 'check-red' }}
    >
      {t('red')}
    </ConfirmAction>
  );
}
