import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shopOrderApi, type ShopOrderDetail, type ShopOrderTotals } from '../../../shared/api/shop-orders.ts';
import { ShopOrderField } from '../../../shared/dict/shop-orders.ts';
import { formatMoney } from '../../../shared/money.ts';
import { Can } from '../../components/can.tsx';
import { useLabel, type SearchFieldDef, useListTotals } from '../../components/list-page/index.ts';
import { get } from '../../lib/request.ts';

// A shop order's shared parts: its screens' paths, its detail query, the packing slip and the list's totals.

export const SHOP_ORDER_LIST_PATH = '/shop/shopOrder';
export const SHOP_ORDER_QUERY_PATH = '/shop/orderQuery';
export const shopOrderQueryKey = (id: number) => [shopOrderApi.query, id] as const;
export const fetchShopOrder = (id: number) => get<ShopOrderDetail>(shopOrderApi.query, { id });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A packing slip of the order's lines and address, in a window of its own, printed by the browser. */
export function PrintSlipButton({ id, link = true }: { id: number; link?: boolean }) {
  const { t } = useTranslation('shop');
  const label = useLabel();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const print = async () => {
    // the window opens on the click (popup blockers), its content follows the order
    const win = window.open('', '_blank', 'width=800,height=900');
    if (!win) return;
    setBusy(true);
    try {
      const d = await queryClient.fetchQuery({
        queryKey: shopOrderQueryKey(id),
        queryFn: () => fetchShopOrder(id),
      });
      const left = d.lines.filter((l) => l.quantity > l.refundedQuantity);
      const pieces = left.reduce((n, l) => n + l.quantity - l.refundedQuantity, 0);
      const rows = left
        .map(
          (l, i) =>
            `<tr><td>${i + 1}</td><td>${escapeHtml(l.goodsName)}</td><td>${escapeHtml(l.specText)}</td><td class="n">${l.quantity - l.refundedQuantity}</td></tr>`,
        )
        .join('');
      win.document.title = `${t('slipTitle')} ${d.orderNo}`;
      win.document.body.innerHTML = `<style>
        body{font:14px/1.6 sans-serif;margin:24px;color:#000} h1{font-size:20px;margin:0 0 12px}
        table{width:100%;border-collapse:collapse;margin-top:12px} th,td{border:1px solid #999;padding:4px 8px;text-align:left}
        .n{text-align:right} p{margin:2px 0}
      </style>
      <h1>${escapeHtml(t('slipTitle'))}</h1>
      <p>${escapeHtml(label(ShopOrderField.orderNo))}: ${escapeHtml(d.orderNo)}</p>
      <p>${escapeHtml(t('slipReceiver'))}: ${escapeHtml(d.receiverName)} ${escapeHtml(d.receiverPhone)}</p>
      <p>${escapeHtml(label(ShopOrderField.receiverAddress))}: ${escapeHtml(d.receiverAddress)}</p>
      ${d.remark ? `<p>${escapeHtml(t('slipRemark'))}: ${escapeHtml(d.remark)}</p>` : ''}
      <table><thead><tr><th>#</th><th>${escapeHtml(label(ShopOrderField.goodsName))}</th><th>${escapeHtml(t('sectionLines'))}</th><th class="n">${escapeHtml(t('quantity'))}</th></tr></thead>
      <tbody>${rows}</tbody></table>
      <p style="margin-top:12px">${escapeHtml(t('slipTotal', { pieces }))}</p>`;
      win.focus();
      win.print();
    } catch {
      win.close();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Can perm="shop:order:page">
      <Button
        type={link ? 'link' : 'default'}
        size={link ? 'small' : 'middle'}
        loading={busy}
        data-testid="shop-order-print"
        onClick={() => void print()}
      >
        {t('printSlip')}
      </Button>
    </Can>
  );
}

/** Count and sums of the filtered orders (the URL's filter), above the table. */
export function OrderTotalsBar({ search }: { search: readonly SearchFieldDef[] }) {
  const { t } = useTranslation('shop');
  const { data, isFetching } = useListTotals<ShopOrderTotals>(shopOrderApi.page, shopOrderApi.totals, search);
  return (
    <Space wrap aria-busy={isFetching} aria-live="polite" data-testid="shop-order-totals">
      <Typography.Text>
        {t('totals', {
          count: data?.count ?? 0,
          pieces: data?.pieces ?? 0,
          goods: formatMoney(data?.goodsAmount ?? 0),
        })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('totalsPaid', { amount: formatMoney(data?.payAmount ?? 0) })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('totalsRefunded', { amount: formatMoney(data?.refundedAmount ?? 0) })}
      </Typography.Text>
    </Space>
  );
}
