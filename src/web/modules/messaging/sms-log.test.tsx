// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SmsLogRow } from '../../../shared/api/messaging.ts';
import '../../lib/i18n.ts';
import { updateSettings } from '../../lib/settings.ts';
import { captureToasts, renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import SmsLogPage from './sms-log.page.tsx';

const message = (id: number, more: Partial<SmsLogRow> = {}): SmsLogRow => ({
  id,
  phone: '138****1234',
  template: 2,
  use: 6,
  platform: 9,
  variables: { orderNo: `T20261128000${id}`, product: '成人票', quantity: '2', date: '2026-12-01' },
  text: `您的订单T20261128000${id}已支付，成人票共2张，游玩日期2026-12-01。`,
  status: 2,
  result: '0',
  resultMessage: 'OK',
  providerMessageId: `log-${id}`,
  attempts: 1,
  ref: `T20261128000${id}`,
  resendOf: null,
  resent: false,
  createTime: '2026-11-28T02:10:00.000Z',
  sentAt: '2026-11-28T02:10:01.000Z',
  nextAttemptAt: null,
  ...more,
});
const FAILED = message(2, {
  phone: '139****5678',
  status: 3,
  result: 'isv.BUSINESS_LIMIT_CONTROL',
  resultMessage: '触发号码天级流控',
  providerMessageId: '',
  attempts: 5,
  sentAt: null,
});
const RESENT_ALREADY = message(3, { status: 3, result: 'timeout', resent: true, sentAt: null });
const REFUND = message(4, { template: 5, variables: { refundNo: 'R2026112800001', amount: '120.00' } });
const ROWS = [message(1), FAILED, RESENT_ALREADY, REFUND];

let resent = false;
const sent: { url: string; body: Record<string, unknown> }[] = [];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
  sent.push({ url, body });
  if (url.endsWith('/resend')) {
    resent = true;
    const copy = message(5, { status: 0, result: '', attempts: 0, resendOf: 2, sentAt: null });
    return new Response(JSON.stringify({ code: 200, msg: '', data: copy }), { status: 200 });
  }
  const rows = ROWS.map((r) => (r.id === 2 && resent ? { ...r, resent: true } : r)).filter(
    (r) => !body.template || r.template === body.template,
  );
  return new Response(JSON.stringify({ code: 200, msg: '', data: { rows, total: rows.length } }), {
    status: 200,
  });
});
const sentTo = (path: string) => sent.filter((s) => s.url.endsWith(path));
const rowOf = (id: number) => document.querySelector<HTMLElement>(`.ant-table-row[data-row-key="${id}"]`)!;

beforeEach(() => {
  resent = false;
  sent.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  signIn(['admin:sms:query', 'admin:sms:resend']);
});
afterEach(() => act(() => updateSettings({ lang: 'zh' })));
signOutAfterEach();
const toasts = captureToasts();

describe('SmsLogPage (/sys/smsDetailPage)', () => {
  it('lists the messages with their template, use, platform and status; resend only on a failed one', async () => {
    renderInConsole(<SmsLogPage />, '/sys/smsDetailPage');
    await screen.findAllByText('138****1234');
    const sentRow = rowOf(1);
    expect(within(sentRow).getByText('门票支付成功')).toBeInTheDocument();
    expect(within(sentRow).getByText('小程序')).toBeInTheDocument();
    expect(within(sentRow).getByText('本地记录（不发送）')).toBeInTheDocument();
    expect(within(sentRow).getByText('已发送')).toBeInTheDocument();
    expect(within(sentRow).getByText(/您的订单T202611280001已支付/)).toBeInTheDocument();
    expect(within(sentRow).queryByTestId('sms-resend')).toBeNull();

    const failed = rowOf(2);
    expect(within(failed).getByText('发送失败')).toBeInTheDocument();
    expect(within(failed).getByText('触发号码天级流控')).toBeInTheDocument();
    expect(within(failed).getByTestId('sms-resend')).toBeInTheDocument();
    // a failure already resent is marked and cannot be resent again
    expect(within(rowOf(3)).getByText('已重发')).toBeInTheDocument();
    expect(within(rowOf(3)).queryByTestId('sms-resend')).toBeNull();
    expect(within(rowOf(4)).getByText('门票退款')).toBeInTheDocument();

    await userEvent.click(screen.getAllByText('尝试次数', { selector: '.ant-table-column-title' })[0]!);
    await waitFor(() => expect(sentTo('/sms/page').at(-1)?.body).toMatchObject({ sort: 'attempts' }));
  });

  it('filters by the template of the link from /sys/smsconfig, and by another chosen in the form', async () => {
    renderInConsole(<SmsLogPage />, '/sys/smsDetailPage?template=5');
    await waitFor(() => expect(rowOf(4)).not.toBeNull());
    expect(sentTo('/sms/page')[0]!.body).toMatchObject({ template: 5, page: 1 });
    expect(rowOf(1)).toBeNull();
    expect(screen.getByTitle('门票退款')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: '模板' }));
    await userEvent.click(await screen.findByTitle('门票支付成功'));
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(sentTo('/sms/page').at(-1)?.body).toMatchObject({ template: 2 }));
    await waitFor(() => expect(rowOf(4)).toBeNull());
    expect(rowOf(2)).not.toBeNull();
  });

  it('resends a failed message after asking', async () => {
    renderInConsole(<SmsLogPage />, '/sys/smsDetailPage');
    await waitFor(() => expect(rowOf(2)).not.toBeNull());
    await userEvent.click(within(rowOf(2)).getByTestId('sms-resend'));
    const question = await screen.findByText('重新发送这条短信给 139****5678？');
    expect(sentTo('/resend')).toHaveLength(0);
    const popover = question.closest<HTMLElement>('.ant-popover')!;
    await userEvent.click(within(popover).getByRole('button', { name: /^(OK|确\s*定)$/ }));
    await waitFor(() => expect(sentTo('/resend')).toHaveLength(1));
    expect(sentTo('/resend')[0]!.body).toEqual({ id: 2 });
    await waitFor(() => expect(toasts.success.mock.calls[0]?.[0]).toBe('已重新排队发送'));
    // the list refreshed: the failure is now marked as resent, its button gone
    await waitFor(() => expect(within(rowOf(2)).getByText('已重发')).toBeInTheDocument());
    expect(within(rowOf(2)).queryByTestId('sms-resend')).toBeNull();
  });

  it('shows the resend button disabled without admin:sms:resend', async () => {
    signIn(['admin:sms:query']);
    renderInConsole(<SmsLogPage />, '/sys/smsDetailPage');
    await waitFor(() => expect(rowOf(2)).not.toBeNull());
    expect(within(rowOf(2)).getByTestId('sms-resend')).toBeDisabled();
  });

  it('shows a message’s variables with their labels in its detail, in English too', async () => {
    act(() => updateSettings({ lang: 'en' }));
    renderInConsole(<SmsLogPage />, '/sys/smsDetailPage');
    await waitFor(() => expect(rowOf(4)).not.toBeNull());
    expect(within(rowOf(4)).getByText('Ticket refund')).toBeInTheDocument();
    await userEvent.click(within(rowOf(4)).getByText(/^Detail/));
    const table = await screen.findByTestId('sms-variables-table');
    expect(within(table).getByText('Refund number')).toBeInTheDocument();
    expect(within(table).getByText('R2026112800001')).toBeInTheDocument();
    expect(within(table).getByText('Amount')).toBeInTheDocument();
    expect(within(table).getByText('120.00')).toBeInTheDocument();
  });
});
