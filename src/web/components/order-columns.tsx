import { Button, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import type { OrderRow } from '../../shared/api/orders.ts';
import { PayStatus, PayWay, TicketStatus } from '../../shared/dict/order.ts';
import { OrderField } from '../../shared/dict/order-fields.ts';
import { dateTimeText as time } from './detail-parts.tsx';
import { DictTag } from './dict-tag.tsx';
import { useLabel } from './list-page/index.ts';
import { MoneyText } from './money-text.tsx';

/** docs/product.md §2: one order's detail screen. */
const ORDER_DETAIL_PATH = '/ticket/detailPage';

/**
 * The columns of "the orders of X" on a detail screen (a member's, a distributor's): the order
 * number opening the order, product, visit date, amount, payment and status.
 */
export function useOrderColumns({
  ticketCount = false,
  payWay = false,
}: {
  /** How many tickets (after the visit date). */
  ticketCount?: boolean;
  /** How it was paid (after the amount). */
  payWay?: boolean;
} = {}): TableColumnsType<OrderRow> {
  const navigate = useNavigate();
  const f = useLabel();
  return [
    {
      key: 'orderNo',
      title: f(OrderField.orderNo),
      render: (_, o) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => void navigate(`${ORDER_DETAIL_PATH}?id=${o.id}`)}
        >
          {o.orderNo}
        </Button>
      ),
    },
    { key: 'product', dataIndex: 'productName', title: f(OrderField.product) },
    { key: 'visitDate', dataIndex: 'visitDate', title: f(OrderField.visitDate) },
    ...(ticketCount
      ? [{ key: 'ticketCount', dataIndex: 'ticketCount', title: f(OrderField.ticketCount) }]
      : []),
    {
      key: 'totalAmount',
      title: f(OrderField.totalAmount),
      render: (_, o) => <MoneyText cents={o.totalAmount} />,
    },
    ...(payWay
      ? [
          {
            key: 'payWay',
            title: f(OrderField.payWay),
            render: (_: unknown, o: OrderRow) => <DictTag dict={PayWay} value={o.payWay} />,
          },
        ]
      : []),
    {
      key: 'payStatus',
      title: f(OrderField.payStatus),
      render: (_, o) => <DictTag dict={PayStatus} value={o.payStatus} />,
    },
    {
      key: 'status',
      title: f(OrderField.status),
      render: (_, o) => <DictTag dict={TicketStatus} value={o.status} />,
    },
    { key: 'createTime', title: f(OrderField.createTime), render: (_, o) => time(o.createTime) },
  ];
}
