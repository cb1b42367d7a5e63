import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { invoiceSettingApi, type InvoiceSettings } from '../../../shared/api/invoice-settings.ts';
import { Can } from '../../components/can.tsx';
import { SettingsScreen } from '../../components/settings-screen.tsx';
import { get } from '../../lib/request.ts';
import { IssuerCard } from './invoice-issuer-card.tsx';

const QUERY_KEY = ['invoices', 'settings'] as const;

/**
 * docs/product.md §2 /invoice/invoiceSetting (issue 33): the area's two issuers (the area's company;
 * the shop, whose seller is /shop/storeInvoiceSet), each with its platform, credentials, mode, tax
 * rules and number series, and a connection test.
 */
export default function InvoiceSettingPage() {
  const { t } = useTranslation('invoiceSetting');
  const query = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => get<InvoiceSettings>(invoiceSettingApi.query, undefined, { silent: true }),
  });
  return (
    <SettingsScreen query={query} intro={t('intro')}>
      {(data) => (
        <Can perm="admin:invoice:setting:update">
          {(allowed) => (
            <>
              {!allowed && <Alert type="info" title={t('readOnly')} />}
              {data.issuers.map((issuer) => (
                <IssuerCard
                  key={issuer.kind}
                  issuer={issuer}
                  shopSeller={data.shopSeller}
                  allowed={allowed}
                  refresh={QUERY_KEY}
                />
              ))}
            </>
          )}
        </Can>
      )}
    </SettingsScreen>
  );
}
