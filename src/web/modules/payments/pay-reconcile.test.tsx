// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayDifferenceRow, PayStatement } from '../../../shared/api/pay-reconcile.ts';
import '../../lib/i18n.ts';
import { updateSettings } from '../../lib/settings.ts';
import { captureToasts, renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import PayReconcilePage from './pay-reconcile.page.tsx';

const difference = (id: number, more: Partial<PayDifferenceRow> = {}): PayDifferenceRow => ({
  id,
  payWay: 2,
  statementDate: '2026-11-27',
  kind: 'missingHere',
  lineKind: 'payment',
  paymentNo: `P2026112700000${id}`,
  refundNo: '',
  providerTxnId: `42000000${id}`,
  ourAmount: null,
  theirAmount: 20_000,
  status: 'open',
  note: '',
  resolvedBy: '',
  resolvedAt: null,
  createTime: '2026-11-28T02:10:00.000Z',
  settleable: true,
  ...more,
});
const ROWS = [
  difference(1),
  difference(2, { kind: 'amountDiffers', ourAmount: 20_000, theirAmount: 19_990, settleable: false }),
  difference(3, {
    kind: 'missingThere',
    payWay: 3,
    ourAmount: 5_000,
    theirAmount: null,
    status: 'accepted',
    note: '渠道次日入账',
    resolvedBy: 'yunling',
    resolvedAt: '2026-11-28T03:00:00.000Z',
    settleable: false,
  }),
];
const STATEMENT: PayStatement = {
  payWay: 3,
  statementDate: '2026-11-26',
  status: 'failed',
  lines: 0,
  differences: 0,
  error: 'EGRESS: refused: not https',
};

const NOT_CONFIRMED = '渠道尚未确认这笔交易（notpay），请稍后再试';

const sent: { url: string; body: unknown }[] = [];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  sent.push({ url, body });
  if (url.includes('/settle'))
    return new Response(JSON.stringify({ code: 409, msg: NOT_CONFIRMED, data: null }), { status: 409 });
  const data = url.includes('/accept')
    ? { ...ROWS[1], status: 'accepted', note: body.note }
    : url.includes('/run')
      ? STATEMENT
      : { rows: ROWS, total: ROWS.length };
  return new Response(JSON.stringify({ code: 200, msg: '', data }), { status: 200 });
});
const sentTo = (path: string) => sent.filter((s) => s.url.includes(path));

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  signIn(['admin:payment:reconcile']);
});
afterEach(() => act(() => updateSettings({ lang: 'zh' })));
signOutAfterEach();
const toasts = captureToasts();

describe('PayReconcilePage (/sys/payReconcile)', () => {
  it('lists the differences with dictionary tags and amounts in yuan; settle only where it applies', async () => {
    renderInConsole(<PayReconcilePage />, '/sys/payReconcile');
    const first = (await screen.findByText('P20261127000001')).closest('tr')!;
    expect(within(first).getByText('我方缺失（仅渠道对账单有）')).toBeInTheDocument();
    expect(within(first).getByText('微信支付')).toBeInTheDocument();
    expect(within(first).getByText('200.00')).toBeInTheDocument();
    expect(within(first).getByText('待处理')).toBeInTheDocument();
    expect(within(first).getByTestId('difference-settle')).toBeInTheDocument();

    const wrong = screen.getByText('P20261127000002').closest('tr')!;
    expect(within(wrong).getByText('金额不一致')).toBeInTheDocument();
    expect(within(wrong).getByText('199.90')).toBeInTheDocument();
    expect(within(wrong).queryByTestId('difference-settle')).toBeNull();
    expect(within(wrong).getByTestId('difference-accept')).toBeInTheDocument();

    // a difference dealt with: its note and who, no action
    const done = screen.getByText('P20261127000003').closest('tr')!;
    expect(within(done).getByText('已确认')).toBeInTheDocument();
    expect(within(done).getByText('渠道次日入账')).toBeInTheDocument();
    expect(within(done).getByText('支付宝')).toBeInTheDocument();
    expect(within(done).queryByTestId('difference-accept')).toBeNull();

    // the list asks by statement date
    await userEvent.click(screen.getAllByText('对账日期', { selector: '.ant-table-column-title' })[0]!);
    await waitFor(() =>
      expect(sentTo('/payReconcile/page').at(-1)?.body).toMatchObject({ sort: 'statementDate' }),
    );
  });

  it('settle asks first, then shows the server’s refusal', async () => {
    renderInConsole(<PayReconcilePage />, '/sys/payReconcile');
    await userEvent.click(await screen.findByTestId('difference-settle'));
    const question = await screen.findByText('向支付渠道查询支付 P20261127000001 并补记？');
    expect(sentTo('/settle')).toHaveLength(0);
    const popover = question.closest<HTMLElement>('.ant-popover')!;
    await userEvent.click(within(popover).getByRole('button', { name: /^(OK|确\s*定)$/ }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(NOT_CONFIRMED));
    expect(sentTo('/settle')[0]!.body).toEqual({ id: 1 });
  });

  it('accept asks for a note, checked in the user’s language before anything is sent', async () => {
    renderInConsole(<PayReconcilePage />, '/sys/payReconcile');
    const wrong = (await screen.findByText('P20261127000002')).closest('tr')!;
    await userEvent.click(within(wrong).getByTestId('difference-accept'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确认差异：P20261127000002')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('不能为空')).toBeInTheDocument();

    act(() => updateSettings({ lang: 'en' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('is required')).toBeInTheDocument();
    expect(sentTo('/accept')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox'), '  渠道手续费调整，已核实 ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sentTo('/accept')).toHaveLength(1));
    expect(sentTo('/accept')[0]!.body).toEqual({ id: 2, note: '渠道手续费调整，已核实' });
  });

  it('runs a day again and shows the statement’s answer', async () => {
    renderInConsole(<PayReconcilePage />, '/sys/payReconcile');
    await userEvent.click(await screen.findByTestId('pay-run-again'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /开始对账/ }));
    const result = await within(dialog).findByTestId('pay-run-result');
    expect(within(result).getByText('对账失败')).toBeInTheDocument();
    expect(within(result).getByText('EGRESS: refused: not https')).toBeInTheDocument();
    const run = sentTo('/payReconcile/run')[0]!.body as { payWay: number; date: string };
    expect(run.payWay).toBe(2);
    expect(run.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
