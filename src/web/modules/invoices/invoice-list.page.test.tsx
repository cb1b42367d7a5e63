// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceDetail, InvoiceRowView } from '../../../shared/api/invoices.ts';
import '../../lib/i18n.ts';
import { captureToasts, renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import InvoiceListPage from './invoice-list.page.tsx';

const row = (id: number, over: Partial<InvoiceRowView>): InvoiceRowView => ({
  id,
  kind: 1,
  blueId: null,
  lineKind: 'p',
  state: 1,
  source: 'ticket',
  sourceId: 10 + id,
  sourceNo: `T202611010000${id}`,
  buyerType: 1,
  buyerName: `买家${id}`,
  buyerTaxId: '',
  buyerEmail: '',
  buyerPhone: '',
  amount: 20_000,
  tax: 1132,
  code: '053070026001',
  number: `0000000${id}`,
  taxInvoiceCode: '053070026111',
  taxInvoiceNo: `1000000${id}`,
  issuedAt: '2026-11-02T02:00:00.000Z',
  hasPdf: true,
  failReason: '',
  taxReport: 0,
  requestedBy: 'staff',
  createTime: '2026-11-02T02:00:00.000Z',
  updateTime: '2026-11-02T02:00:00.000Z',
  ...over,
});

const ROWS = [
  row(1, {}),
  row(2, { state: 0, source: 'card', sourceNo: 'C2026110100002', number: null, code: null, hasPdf: false }),
  row(3, { kind: 2, blueId: 1, amount: 5000, tax: 283 }),
  row(4, { state: 4, buyerPhone: '13800000004', buyerEmail: 'buyer4@example.com' }),
  row(5, { state: 5, buyerEmail: 'buyer5@example.com' }),
];
const detailOf = (r: InvoiceRowView): InvoiceDetail => ({
  ...r,
  buyerAddress: '丽江市古城区 0888-5100000',
  buyerBank: '',
  remarks: '',
  seller: null,
  lines: [
    {
      seq: 1,
      itemName: '*旅游服务*门票',
      taxCode: '3070201020000000000',
      quantity: 2,
      unitPrice: 10_000,
      amount: 20_000,
      rate: 600,
      tax: 1132,
      property: 0,
      zeroRate: 0,
    },
  ],
  related: r.id === 1 ? [ROWS[2]!] : [],
});

const sent: { url: string; body: Record<string, unknown> }[] = [];
let refuse: { field: string; msg: string } | null = null;
const reply = (data: unknown, status = 200, msg = '') =>
  new Response(JSON.stringify({ code: status, msg, data }), { status });
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
  if (url.endsWith('/invoice/page')) {
    sent.push({ url, body });
    return reply({ rows: ROWS, total: ROWS.length });
  }
  if (url.endsWith('/invoice/totals')) return reply({ count: 3, amount: 15_000, tax: 849 });
  if (url.includes('/invoice/detail'))
    return reply(
      detailOf(ROWS.find((r) => r.id === Number(new URL(url, 'http://x').searchParams.get('id')))!),
    );
  if (url.endsWith('/invoice/record/page'))
    return reply({
      rows: [
        {
          id: 7,
          invoiceId: 1,
          invoiceNumber: '05307002600100000001',
          action: 'issue',
          provider: 'nuonuo',
          ok: true,
          method: 'nuonuo.OpeMplatform.requestBillingNew',
          request: '',
          answer: '',
          message: 'E0000 调用成功',
          durationMs: 42,
          createTime: '2026-11-02T02:00:00.000Z',
        },
      ],
      total: 1,
    });
  sent.push({ url, body });
  if (url.endsWith('/invoice/resend')) return reply({ queued: 2 });
  if (refuse) return reply({ field: refuse.field }, 400, refuse.msg);
  return reply(detailOf(ROWS[0]!));
});
const sentTo = (path: string) => sent.filter((s) => s.url.endsWith(path));

beforeEach(() => {
  sent.length = 0;
  refuse = null;
  vi.stubGlobal('fetch', fetchMock);
  signIn([
    'admin:invoice:query',
    'admin:invoice:settlement:query',
    'admin:invoice:issue',
    'admin:invoice:record:query',
  ]);
});
signOutAfterEach();
const toasts = captureToasts();

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const button = (name: RegExp) => screen.getAllByText(name).at(-1)!.closest('button')!;
const ok = () => userEvent.click(button(/^确\s*定$/));
const errorOf = (label: string) =>
  screen.getAllByLabelText(label).at(-1)!.closest('.ant-form-item')!.querySelector('.ant-form-item-explain')
    ?.textContent;

async function open() {
  renderInConsole(<InvoiceListPage />, '/invoice/invoiceList');
  await screen.findByText('买家1');
}

describe('InvoiceListPage (/invoice/invoiceList)', () => {
  it('lists the invoices with states, sources linked to their screens and the totals of the filter', async () => {
    await open();
    await screen.findByText(/共 3 张，价税合计 150\.00 元，税额 8\.49 元/);
    const blue = rowOf('买家1');
    expect(within(blue).getByText('05307002600100000001')).toBeInTheDocument();
    expect(within(blue).getByText('已开票')).toBeInTheDocument();
    expect(within(blue).getByText('T2026110100001').closest('a')!.getAttribute('href')).toBe(
      '/ticket/detailPage?id=11',
    );
    expect(within(rowOf('买家2')).getByText('C2026110100002').closest('a')!.getAttribute('href')).toBe(
      '/VipCard/EnjSelfCardOrder?orderNo=C2026110100002',
    );
    // actions by state: an issued blue one is reissued, voided, reversed; a requested one is issued;
    // one issued or reissued with a PDF is sent again when it has a mobile or an e-mail
    const names = (tr: HTMLElement) =>
      within(tr)
        .getAllByRole('button')
        .map((b) => b.textContent!.replace(/\s/g, ''));
    expect(names(blue)).toEqual(['详情', '重开', '作废', '红冲', 'PDF']);
    expect(names(rowOf('买家2'))).toEqual(['详情', '开票']);
    expect(names(rowOf('买家3'))).toEqual(['详情', 'PDF']);
    expect(names(rowOf('买家4'))).toEqual(['详情', '重开', '作废', '红冲', '重发', 'PDF']);
    expect(names(rowOf('买家5'))).toEqual(['详情', '重开', 'PDF']);
    // the settlement invoices (a hidden route) are a link away
    expect(screen.getByTestId('invoice-settlements-link')).toHaveTextContent('分销结算发票');
    expect(screen.getByTestId('invoice-settlements-link').getAttribute('href')).toBe(
      '/invoice/disInvoicePage',
    );
  });

  it('resends an invoice after saying where it goes, and tells how many messages were queued', async () => {
    await open();
    await userEvent.click(within(rowOf('买家4')).getByText(/^重\s*发$/));
    const question = await screen.findByText('确定重新发送发票 05307002600100000004？');
    const popup = question.closest('.ant-popover')! as HTMLElement;
    expect(
      within(popup).getByText('将再次发送开票短信至 13800000004、附 PDF 的邮件至 buyer4@example.com。'),
    ).toBeInTheDocument();
    expect(sentTo('/invoice/resend')).toHaveLength(0);
    await userEvent.click(within(popup).getAllByRole('button').at(-1)!);
    await waitFor(() =>
      expect(sentTo('/invoice/resend')).toEqual([expect.objectContaining({ body: { id: 4 } })]),
    );
    await waitFor(() => expect(toasts.success.mock.calls[0]?.[0]).toBe('已提交发送 2 条消息'));
  });

  it('issues after asking, and reissues for the corrected buyer (the server names the wrong field)', async () => {
    await open();
    await userEvent.click(within(rowOf('买家2')).getByText(/^开\s*票$/));
    const question = await screen.findByText('确定开具发票 C2026110100002？');
    // the popconfirm's OK (antd's own text: 确定 or OK by the locale provider)
    const popup = question.closest('.ant-popover')! as HTMLElement;
    await userEvent.click(within(popup).getAllByRole('button').at(-1)!);
    await waitFor(() =>
      expect(sentTo('/invoice/issue')).toEqual([expect.objectContaining({ body: { id: 2 } })]),
    );

    await userEvent.click(within(rowOf('买家1')).getByText(/^重\s*开$/));
    await screen.findByText('重开发票 05307002600100000001');
    // filled from the invoice's detail (the address is not a list column)
    await waitFor(() =>
      expect(screen.getByLabelText('购方地址电话')).toHaveValue('丽江市古城区 0888-5100000'),
    );
    fireEvent.change(screen.getByLabelText('购方名称'), { target: { value: '丽江某某有限公司' } });
    refuse = { field: 'buyerPhone', msg: '接收手机：手机号格式不正确' };
    fireEvent.change(screen.getByLabelText('接收手机'), { target: { value: '13800000000' } });
    await ok();
    await waitFor(() => expect(errorOf('接收手机')).toContain('手机号格式不正确'));
    refuse = null;
    await ok();
    await waitFor(() => expect(sentTo('/invoice/reissue')).toHaveLength(2));
    expect(sentTo('/invoice/reissue')[1]!.body).toEqual({
      id: 1,
      buyerType: 1,
      buyerName: '丽江某某有限公司',
      buyerTaxId: '',
      buyerAddress: '丽江市古城区 0888-5100000',
      buyerBank: '',
      buyerEmail: '',
      buyerPhone: '13800000000',
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalled());
  });

  it('voids only with a reason, and reverses part of an invoice', async () => {
    await open();
    await userEvent.click(within(rowOf('买家1')).getByText(/^作\s*废$/));
    await screen.findByText('作废发票 05307002600100000001');
    await ok();
    await waitFor(() => expect(errorOf('原因')).toBeTruthy());
    expect(sentTo('/invoice/void')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '抬头开错' } });
    await ok();
    await waitFor(() => expect(sentTo('/invoice/void')).toHaveLength(1));
    expect(sentTo('/invoice/void')[0]!.body).toEqual({ id: 1, reason: '抬头开错' });

    await userEvent.click(within(rowOf('买家1')).getByText(/^红\s*冲$/));
    await screen.findByText('开具红字发票：冲红 05307002600100000001');
    fireEvent.change(screen.getByLabelText('冲红金额（元，留空为全额）'), { target: { value: '50' } });
    fireEvent.change(screen.getAllByLabelText('原因').at(-1)!, { target: { value: '部分退票' } });
    await ok();
    await waitFor(() => expect(sentTo('/invoice/red')).toHaveLength(1));
    expect(sentTo('/invoice/red')[0]!.body).toEqual({ id: 1, amount: 5000, reason: '部分退票' });
  });

  it('opens the detail: lines, the red letters of a blue one and its platform records', async () => {
    await open();
    await userEvent.click(within(rowOf('买家1')).getByText(/^详\s*情$/));
    const drawer = await screen.findByTestId('invoice-detail');
    expect(within(drawer).getByText('*旅游服务*门票')).toBeInTheDocument();
    expect(within(drawer).getByText('6%')).toBeInTheDocument();
    expect(within(screen.getByTestId('invoice-related')).getByText('红字发票')).toBeInTheDocument();
    expect(await within(drawer).findByText('E0000 调用成功')).toBeInTheDocument();
  });
});
