import { AuditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../components/can.tsx';
import { fetchPendingRefundCount } from './refund-count.ts';

/** How often the top bar asks for the pending count. */
export const PENDING_REFUND_POLL_MS = 60_000;

/**
 * The top bar's pending refund applications (docs/product.md §7 GET /order/countRefundApply, 0 on failure):
 * shown only to accounts that may see the list; a click opens it filtered to pending.
 */
export default function PendingRefundBadge() {
  const { t } = useTranslation('refunds');
  const navigate = useNavigate();
  const allowed = usePermission()('admin:refundApply:page');
  const { data: count = 0 } = useQuery({
    queryKey: ['refunds', 'pendingCount'],
    queryFn: fetchPendingRefundCount,
    enabled: allowed,
    refetchInterval: PENDING_REFUND_POLL_MS,
    refetchOnWindowFocus: true,
  });
  if (!allowed) return null;
  return (
    <Tooltip title={t('pendingBadge')}>
      <Button
        type="text"
        // the number shown is part of the name (axe: label-content-name-mismatch)
        aria-label={count > 0 ? `${t('pendingBadge')} ${count > 99 ? '99+' : count}` : t('pendingBadge')}
        data-testid="pending-refund-badge"
        onClick={() => void navigate('/ticket/refundTicCheck?status=1')}
        icon={
          <Badge count={count} size="small" overflowCount={99}>
            <AuditOutlined />
          </Badge>
        }
      />
    </Tooltip>
  );
}
