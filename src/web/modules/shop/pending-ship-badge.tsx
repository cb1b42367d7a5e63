import { ShoppingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../components/can.tsx';
import { fetchPendingShipCount } from './ship-count.ts';

/** How often the top bar asks for the count of orders to ship. */
export const PENDING_SHIP_POLL_MS = 60_000;

/**
 * The top bar's shop orders waiting for shipment (GET /order/countShipOrder, 0 on failure): shown
 * only to accounts that may see the orders; a click opens the list filtered to 201.
 */
export default function PendingShipBadge() {
  const { t } = useTranslation('shopShipBadge');
  const navigate = useNavigate();
  const allowed = usePermission()('shop:order:page');
  const { data: count = 0 } = useQuery({
    queryKey: ['shop', 'pendingShipCount'],
    queryFn: fetchPendingShipCount,
    enabled: allowed,
    refetchInterval: PENDING_SHIP_POLL_MS,
    refetchOnWindowFocus: true,
  });
  if (!allowed) return null;
  return (
    <Tooltip title={t('pendingShipBadge')}>
      <Button
        type="text"
        // the number shown is part of the name (axe: label-content-name-mismatch)
        aria-label={
          count > 0 ? `${t('pendingShipBadge')} ${count > 99 ? '99+' : count}` : t('pendingShipBadge')
        }
        data-testid="pending-ship-badge"
        onClick={() => void navigate('/shop/shopOrder?status=201')}
        icon={
          <Badge count={count} size="small" overflowCount={99}>
            <ShoppingOutlined />
          </Badge>
        }
      />
    </Tooltip>
  );
}
