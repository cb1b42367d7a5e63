// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentSetting, PaymentSettings } from '../../../shared/api/payments.ts';
import '../../lib/i18n.ts';
import { renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import PaymentSetPage from './payment-set.page.tsx';

const way = (payWay: number, more: Partial<PaymentSetting> = {}): PaymentSetting => ({
  payWay,
  enabled: false,
  sandbox: true,
  merchantId: '1900000109',
  appId: 'wxdemo',
  gatewayUrl: 'http://127.0.0.1:9460',
  certSerial: '',
  providerKeySerial: '',
  secrets: { apiKey: true, privateKey: true, certificate: false, providerKey: false },
  notifyUrl: `http://localhost:8080/api/pay/notify/1/${payWay}`,
  adapter: true,
  updatedBy: null,
  updateTime: null,
  ...more,
});
const SETTINGS: PaymentSettings = { ways: [way(2), way(3, { merchantId: '' })], unavailable: [4, 50] };

const sent: { url: string; body: unknown }[] = [];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  sent.push({ url, body });
  const data = url.includes('/test')
    ? { ok: true, hint: 'verified', code: 'ORDER_NOT_EXIST', providerMessage: '' }
    : url.includes('/update')
      ? way(2, { merchantId: body.merchantId })
      : SETTINGS;
  return new Response(JSON.stringify({ code: 200, msg: '', data }), { status: 200 });
});
beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  signIn(['admin:payment:query', 'admin:payment:update']);
});
signOutAfterEach();

describe('PaymentSetPage (/sys/payMentSet)', () => {
  it('shows a card per pay way with secrets as set / not set, saves a merchant id and shows the test answer', async () => {
    renderInConsole(<PaymentSetPage />, '/sys/payMentSet');
    const wechat = await screen.findByTestId('pay-way-2');
    expect(within(wechat).getByText('微信支付')).toBeInTheDocument();
    expect(within(wechat).getAllByText('已设置')).toHaveLength(2);
    expect(within(wechat).getAllByText('未设置')).toHaveLength(2);
    expect(within(wechat).getByText('http://localhost:8080/api/pay/notify/1/2')).toBeInTheDocument();
    expect(screen.getByText(/第三方支付/)).toBeInTheDocument();
    // the link to the reconciliation differences needs their permission
    expect(screen.queryByText('对账差异')).toBeNull();

    const merchant = within(wechat).getByLabelText('商户号');
    await userEvent.clear(merchant);
    await userEvent.type(merchant, '1900000200');
    // clear the stored API key, replace the provider key with a pasted PEM
    // buttons found by their text: role queries walk the whole card's accessibility tree (slow in jsdom)
    const button = (name: RegExp) => within(wechat).getAllByText(name)[0]!.closest('button')!;
    await userEvent.click(button(/^清\s*除$/));
    expect(within(wechat).getByText('保存后清除')).toBeInTheDocument();
    await userEvent.click(button(/^保\s*存$/));
    await waitFor(() => expect(sent.some((s) => s.url.includes('/payMentSet/update'))).toBe(true));
    const update = sent.find((s) => s.url.includes('/payMentSet/update'))!.body as Record<string, unknown>;
    expect(update).toMatchObject({ payWay: 2, merchantId: '1900000200', clear: ['apiKey'] });
    expect(update).not.toHaveProperty('apiKey');

    await userEvent.click(button(/^测试连接$/));
    expect(await within(wechat).findByText('签名查询已应答，应答签名验证通过')).toBeInTheDocument();
    expect(within(wechat).getByText('连接成功')).toBeInTheDocument();
  });

  it('links to the reconciliation differences for those who may see them', async () => {
    signIn(['admin:payment:query', 'admin:payment:reconcile']);
    renderInConsole(<PaymentSetPage />, '/sys/payMentSet');
    expect(await screen.findByText('对账差异')).toBeInTheDocument();
  });

  it('checks the form with the server schema before sending: an enabled block needs its app id', async () => {
    renderInConsole(<PaymentSetPage />, '/sys/payMentSet');
    const alipay = await screen.findByTestId('pay-way-3');
    await userEvent.clear(within(alipay).getByLabelText('AppID'));
    await userEvent.click(within(alipay).getAllByRole('switch')[0]!);
    await userEvent.click(within(alipay).getByRole('button', { name: /保\s*存/ }));
    expect(await within(alipay).findByText('不能为空')).toBeInTheDocument();
    expect(sent.some((s) => s.url.includes('/update'))).toBe(false);
  });
});
