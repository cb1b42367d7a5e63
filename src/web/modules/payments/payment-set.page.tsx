import { AuditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paymentSettingApi, type PaymentSettings } from '../../../shared/api/payments.ts';
import { PayWay } from '../../../shared/dict/order.ts';
import { Can, usePermission } from '../../components/can.tsx';
import { SettingsScreen } from '../../components/settings-screen.tsx';
import { get } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { PayWayCard } from './pay-way-card.tsx';

const QUERY_KEY = ['payments', 'settings'] as const;

/** To /sys/payReconcile, for those who may see it (docs/payments.md "Reconciliation in the console"). */
function ReconcileLink() {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  if (!usePermission()('admin:payment:reconcile')) return null;
  return (
    <Button icon={<AuditOutlined />} onClick={() => void navigate('/sys/payReconcile')}>
      {t('reconcileLink')}
    </Button>
  );
}

/** docs/product.md §2 /sys/payMentSet: the area's online payment settings (issue 30). */
export default function PaymentSetPage() {
  const { t } = useTranslation('payments');
  const { lang } = useSettings();
  const query = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => get<PaymentSettings>(paymentSettingApi.query, undefined, { silent: true }),
  });
  return (
    <SettingsScreen query={query} intro={t('intro')} extra={<ReconcileLink />}>
      {(data) => (
        <>
          <Can perm="admin:payment:update">
            {(allowed) =>
              data.ways.map((way) => (
                <PayWayCard key={way.payWay} way={way} allowed={allowed} refresh={QUERY_KEY} />
              ))
            }
          </Can>
          <Card title={t('unavailable')} size="small">
            <Space wrap>
              {data.unavailable.map((code) => (
                <Tag key={code}>
                  {PayWay[code as keyof typeof PayWay]?.[lang] ?? code} · {t('unavailableTag')}
                </Tag>
              ))}
            </Space>
          </Card>
        </>
      )}
    </SettingsScreen>
  );
}
