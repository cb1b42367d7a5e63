// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceIssuerView, InvoiceSettings } from '../../../shared/api/invoice-settings.ts';
import '../../lib/i18n.ts';
import { updateSettings } from '../../lib/settings.ts';
import { renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import InvoiceSettingPage from './invoice-setting.page.tsx';

const issuer = (kind: number, more: Partial<InvoiceIssuerView> = {}): InvoiceIssuerView => ({
  kind,
  saved: true,
  name: kind === 1 ? '玉龙雪山旅游开发有限公司' : '',
  taxId: kind === 1 ? '91530700MA6K0A1B2E' : '',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
  mode: 2,
  lineKind: 'p',
  taxRules: {
    ticket: { itemName: '*旅游服务*门票', taxCode: '3070201020000000000', rate: 600, zeroRate: 0 },
  },
  seriesCode: '053070026001',
  nextNo: 12,
  provider: 'nuonuo',
  providerUrl: 'http://127.0.0.1:9460',
  appKey: 'SD00000001',
  secrets: { appSecret: true, accessToken: false },
  enabled: true,
  remarks: '',
  updatedBy: 'yunling',
  updateTime: '2026-11-01T02:00:00.000Z',
  ...more,
});
const SETTINGS: InvoiceSettings = {
  issuers: [issuer(1), issuer(2, { saved: false, taxRules: {}, updateTime: null, updatedBy: null })],
  shopSeller: null,
};

const sent: { url: string; body: Record<string, unknown> }[] = [];
beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ url, body });
      const data = url.includes('/test')
        ? { ok: false, hint: 'refused', code: '070302', providerMessage: 'accessToken 无效' }
        : SETTINGS;
      return new Response(JSON.stringify({ code: 200, msg: '', data }), { status: 200 });
    }),
  );
  signIn(['admin:invoice:setting:query', 'admin:invoice:setting:update']);
});
signOutAfterEach();
afterEach(() => act(() => updateSettings({ lang: 'zh' })));

const button = (card: HTMLElement, name: RegExp) => within(card).getAllByText(name)[0]!.closest('button')!;

describe('InvoiceSettingPage (/invoice/invoiceSetting)', () => {
  it('checks the seller, series and tax rules with the server schema, in the user language, before sending', async () => {
    renderInConsole(<InvoiceSettingPage />, '/invoice/invoiceSetting');
    const area = await screen.findByTestId('invoice-issuer-1');
    expect(within(area).getByText('已设置')).toBeInTheDocument();
    expect(within(area).getByText('未设置')).toBeInTheDocument();
    expect(within(area).getByText('00000012')).toBeInTheDocument();
    // the shop's seller is its store settings: none saved yet
    expect(
      within(screen.getByTestId('invoice-issuer-2')).getByText(/尚未保存店铺开票设置/),
    ).toBeInTheDocument();

    await userEvent.clear(within(area).getByLabelText('纳税人识别号'));
    await userEvent.type(within(area).getByLabelText('纳税人识别号'), '12345');
    await userEvent.clear(within(area).getByLabelText('发票代码（流水号前缀）'));
    await userEvent.type(within(area).getByLabelText('发票代码（流水号前缀）'), '0530');
    const code = within(area).getByLabelText('门票 税收分类编码');
    await userEvent.clear(code);
    await userEvent.type(code, '307020');
    await userEvent.type(within(area).getByLabelText('畅游卡 开票项目'), '*旅游服务*畅游卡');
    await userEvent.click(button(area, /^保\s*存$/));
    expect(await within(area).findByText('须为 12 位数字发票代码')).toBeInTheDocument();
    expect(within(area).getAllByText(/19 位/).length).toBeGreaterThanOrEqual(2);
    expect(within(area).getByText(/统一社会信用代码/)).toBeInTheDocument();
    expect(sent.some((s) => s.url.includes('/save'))).toBe(false);
  });

  it('saves what was changed (a kind left empty is not sent, a secret only when replaced) and shows the test answer', async () => {
    renderInConsole(<InvoiceSettingPage />, '/invoice/invoiceSetting');
    const area = await screen.findByTestId('invoice-issuer-1');
    // the access token (not set) is the second secret
    await userEvent.click(
      within(area)
        .getAllByText(/^替\s*换$/)[1]!
        .closest('button')!,
    );
    await userEvent.type(within(area).getByPlaceholderText('输入新的密钥'), 'tok-new');
    await userEvent.click(button(area, /^保\s*存$/));
    await waitFor(() => expect(sent.some((s) => s.url.includes('/setting/save'))).toBe(true));
    const body = sent.find((s) => s.url.includes('/setting/save'))!.body;
    expect(body).toMatchObject({ kind: 1, seriesCode: '053070026001', accessToken: 'tok-new' });
    expect(body).not.toHaveProperty('appSecret');
    expect(Object.keys(body.taxRules as object)).toEqual(['ticket']);

    await userEvent.click(button(area, /^测试连接$/));
    expect(await within(area).findByText('连接失败')).toBeInTheDocument();
    expect(within(area).getByText(/开票平台拒绝了请求/)).toBeInTheDocument();
    expect(within(area).getByText('070302: accessToken 无效')).toBeInTheDocument();
  });

  it('shows the settings read-only without the update permission, in English too', async () => {
    signIn(['admin:invoice:setting:query']);
    act(() => updateSettings({ lang: 'en' }));
    renderInConsole(<InvoiceSettingPage />, '/invoice/invoiceSetting');
    expect(await screen.findByText(/may view the invoicing settings/)).toBeInTheDocument();
    const area = screen.getByTestId('invoice-issuer-1');
    expect(within(area).getByText('Scenic area')).toBeInTheDocument();
    expect(button(area, /^Test connection$/)).toBeDisabled();
  });
});
