// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardOrderRow } from '../../../shared/api/cards.ts';
import '../../lib/i18n.ts';
import { renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import { CardRefundFailedActions } from './card-order-actions.tsx';

const order = (over: Partial<CardOrderRow> = {}): CardOrderRow => ({
  id: 9,
  orderNo: 'C202601010000000009',
  kindId: 7,
  kindName: '湖山年卡',
  cardNo: 'A1B2C3D4E5F6G7H8',
  buyerName: '张三',
  buyerPhone: '138****1234',
  source: 'weixinManagement',
  payWay: 2,
  amount: 9_900,
  status: 203,
  paidAt: '2026-01-01T00:05:00.000Z',
  refundedAmount: 9_900,
  reason: '不想要了',
  clientId: 'weixinManagement',
  memberId: 3,
  expiresAt: '2026-01-01T00:15:00.000Z',
  couponDiscount: 0,
  refundStatus: 'failed',
  refundFailReason: 'NOT_ENOUGH: 商户余额不足',
  createdBy: null,
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
  ...over,
});

const sent: { url: string; body: Record<string, unknown> }[] = [];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  sent.push({ url, body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> });
  return new Response(JSON.stringify({ code: 200, msg: '', data: order() }), { status: 200 });
});

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  signIn(['admin:card:order:query', 'admin:card:order:refund']);
});
signOutAfterEach();

const button = (name: RegExp) => screen.getAllByText(name).at(-1)!.closest('button')!;

describe('CardRefundFailedActions (/VipCard/EnjSelfCardOrder, 退款进度 退款失败)', () => {
  it('shows nothing unless the refund failed', () => {
    for (const refundStatus of [null, 'created', 'transit', 'done', 'external']) {
      const { container, unmount } = renderInConsole(
        <CardRefundFailedActions row={order({ refundStatus })} onDone={() => {}} />,
      );
      expect(container.querySelectorAll('button')).toHaveLength(0);
      unmount();
    }
  });

  it('retries after asking, showing the provider’s reason', async () => {
    const done = vi.fn();
    renderInConsole(<CardRefundFailedActions row={order()} onDone={done} />);
    await userEvent.click(button(/^重试退款$/));
    expect(await screen.findByText('再次向原支付渠道发起退款吗？')).toBeInTheDocument();
    expect(screen.getByText('失败原因：NOT_ENOUGH: 商户余额不足')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    // the popconfirm's OK (antd's own text: 确定 or OK by the locale provider)
    const popup = screen.getByText('再次向原支付渠道发起退款吗？').closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(popup).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent).toEqual([{ url: expect.stringMatching(/\/cardOrder\/retryRefund$/), body: { id: 9 } }]);
  });

  it('records a refund paid back outside only with how (the reason)', async () => {
    const done = vi.fn();
    renderInConsole(<CardRefundFailedActions row={order()} onDone={done} />);
    await userEvent.click(button(/^线下已退$/));
    expect(await screen.findByText('标记线下已退：C202601010000000009')).toBeInTheDocument();
    await userEvent.click(button(/^确\s*定$/));
    expect(sent).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('原因'), '已现金退还游客');
    await userEvent.click(button(/^确\s*定$/));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        url: expect.stringMatching(/\/cardOrder\/refundOutside$/),
        body: { id: 9, reason: '已现金退还游客' },
      },
    ]);
  });
});
