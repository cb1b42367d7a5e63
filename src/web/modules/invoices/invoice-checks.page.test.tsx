// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MismatchRow, UnbilledRow } from '../../../shared/api/invoice-checks.ts';
import type { InvoiceRowView } from '../../../shared/api/invoices.ts';
import '../../lib/i18n.ts';
import { captureToasts, renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import InvoiceChecksPage from './invoice-checks.page.tsx';

const unbilled = (id: number, more: Partial<UnbilledRow> = {}): UnbilledRow => ({
  key: `ticket-${id}`,
  source: 'ticket',
  sourceId: id,
  sourceNo: `T2026110100000${id}`,
  buyerName: '张三',
  buyerPhone: '13900000000',
  paid: 20_000,
  left: 20_000,
  paidAt: '2026-11-01T02:00:00.000Z',
  invoiceId: null,
  invoiceState: null,
  ...more,
});
const invoice = (id: number): InvoiceRowView => ({
  id,
  kind: 1,
  blueId: null,
  lineKind: 'p',
  state: 1,
  source: 'ticket',
  sourceId: id,
  sourceNo: `T2026110100000${id}`,
  buyerType: 1,
  buyerName: '张三',
  buyerTaxId: '',
  buyerEmail: '',
  buyerPhone: '',
  amount: 20_000,
  tax: 1132,
  code: '053070026001',
  number: `0000000${id}`,
  taxInvoiceCode: '',
  taxInvoiceNo: '',
  issuedAt: '2026-11-02T02:00:00.000Z',
  hasPdf: true,
  failReason: '',
  taxReport: 0,
  requestedBy: 'staff',
  createTime: '2026-11-02T02:00:00.000Z',
  updateTime: '2026-11-02T02:00:00.000Z',
});
const mismatch = (id: number, diff: number): MismatchRow => ({
  ...invoice(id),
  invoiced: 20_000,
  sourceLeft: 20_000 - diff,
  diff,
});

const sent: { url: string; body: Record<string, unknown> }[] = [];
const reply = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: '', data }), { status: 200 });
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
  sent.push({ url, body });
  if (url.includes('/check/counts')) return reply({ unbilled: 2, stuck: 0, mismatch: 2 });
  if (url.endsWith('/check/unbilled/page'))
    return reply({ rows: [unbilled(1), unbilled(2, { invoiceId: 7, invoiceState: 0 })], total: 2 });
  if (url.endsWith('/check/mismatch/page'))
    return reply({ rows: [mismatch(3, 5000), mismatch(4, -100)], total: 2 });
  if (url.endsWith('/page')) return reply({ rows: [], total: 0 });
  return reply(invoice(9));
});
const sentTo = (path: string) => sent.filter((s) => s.url.endsWith(path));

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  signIn(['admin:invoice:check:query', 'admin:invoice:issue']);
});
signOutAfterEach();
captureToasts();

/** The OK button of the confirmation just opened (the last popover's). */
const confirm = async () => {
  const ok = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLButtonElement>('.ant-popover button')].filter(
      (b) => b.textContent?.replace(/\s/g, '') === '确定' || b.textContent === 'OK',
    );
    expect(found.length).toBeGreaterThan(0);
    return found.at(-1)!;
  });
  await userEvent.click(ok);
};

describe('InvoiceChecksPage (/invoice/invDetection)', () => {
  it('counts each check, lists paid orders past N days and requests the invoice of one', async () => {
    renderInConsole(<InvoiceChecksPage />, '/invoice/invDetection');
    expect(await screen.findByText('已支付未开票（2）')).toBeInTheDocument();
    expect(await screen.findByText('T20261101000001')).toBeInTheDocument();
    expect(sentTo('/check/unbilled/page')[0]!.body).toMatchObject({ days: 7 });
    // the order with an invoice requested is issued, the other one requested
    expect(screen.getByText('已申请未开具')).toBeInTheDocument();
    await userEvent.click(screen.getAllByTestId('check-request')[0]!);
    await confirm();
    await waitFor(() => expect(sentTo('/check/request')).toHaveLength(1));
    expect(sentTo('/check/request')[0]!.body).toEqual({ source: 'ticket', sourceNo: 'T20261101000001' });
    await userEvent.click(screen.getAllByTestId('check-issue')[0]!);
    await confirm();
    await waitFor(() => expect(sentTo('/invoice/issue')[0]?.body).toEqual({ id: 7 }));
  });

  it('asks for the days chosen, and reverses only an excess', async () => {
    renderInConsole(<InvoiceChecksPage />, '/invoice/invDetection');
    await screen.findByText('T20261101000001');
    const days = screen.getByTestId('check-days');
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await waitFor(() => expect(sentTo('/check/unbilled/page').at(-1)!.body).toMatchObject({ days: 30 }));
    await userEvent.click(screen.getByText('金额不一致（2）'));
    expect(await screen.findByText('发票少于实收，无需冲红')).toBeInTheDocument();
    const red = screen.getAllByTestId('check-red');
    expect(red).toHaveLength(1);
    await userEvent.click(red[0]!);
    await confirm();
    await waitFor(() => expect(sentTo('/check/red')[0]?.body).toEqual({ id: 3 }));
  });
});
