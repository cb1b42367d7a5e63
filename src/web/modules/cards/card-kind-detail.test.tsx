// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardKindRow } from '../../../shared/api/cards.ts';
import '../../lib/i18n.ts';
import { updateSettings } from '../../lib/settings.ts';
import { captureToasts, renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import CardKindDetailPage from './card-kind-detail.page.tsx';

const stored: CardKindRow = {
  id: 7,
  name: '湖山年卡',
  cover: '',
  description: '',
  price: 29_900,
  validityType: 1,
  validDays: 365,
  validFrom: null,
  validTo: null,
  productIds: [],
  perDayEntries: 1,
  totalEntries: 0,
  blackoutDates: [],
  photoRequired: true,
  realName: 1,
  status: 1,
  channels: ['winManagement', 'weixinManagement', 'backstageManagement'],
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
};

const sent: { url: string; body: Record<string, unknown> }[] = [];
const reply = (data: unknown, status = 200, msg = '') =>
  new Response(JSON.stringify({ code: status, msg, data }), { status });
let refuse: { field: string; msg: string } | null = null;
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
  if (url.includes('/productOptions'))
    return reply([
      { id: 1, name: '成人票' },
      { id: 2, name: '儿童票' },
    ]);
  if (url.includes('/cardKind/query')) return reply(stored);
  sent.push({ url, body });
  if (refuse) return reply({ field: refuse.field }, 400, refuse.msg);
  return reply({ ...stored, ...body });
});
const sentTo = (path: string) => sent.filter((s) => s.url.endsWith(path));

beforeEach(() => {
  sent.length = 0;
  refuse = null;
  vi.stubGlobal('fetch', fetchMock);
  signIn(['admin:card:kind:query', 'admin:card:kind:update']);
});
afterEach(() => act(() => updateSettings({ lang: 'zh' })));
signOutAfterEach();
const toasts = captureToasts();

// buttons found by their text: role queries walk the whole form's accessibility tree (slow in jsdom)
const button = (name: RegExp) => screen.getAllByText(name)[0]!.closest('button')!;
const save = () => userEvent.click(button(/^保\s*存$|^Save$/));
const errorOf = (label: string) =>
  screen.getByLabelText(label).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')
    ?.textContent;

describe('CardKindDetailPage (/VipCard/vipUse)', () => {
  it('creates a kind timed by days: the dates are sent as null', async () => {
    renderInConsole(<CardKindDetailPage />, '/VipCard/vipUse');
    expect(await screen.findByText('新增畅游卡')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('卡名称'), { target: { value: '秋季卡' } });
    fireEvent.change(screen.getByLabelText('售价'), { target: { value: '99.5' } });
    await save();
    await waitFor(() => expect(sentTo('/cardKind/create')).toHaveLength(1));
    expect(sentTo('/cardKind/create')[0]!.body).toMatchObject({
      name: '秋季卡',
      price: 9950,
      validityType: 1,
      validDays: 365,
      validFrom: null,
      validTo: null,
      perDayEntries: 1,
      realName: 1,
      status: 2,
      channels: ['winManagement', 'weixinManagement', 'backstageManagement'],
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalled());
  });

  it('checks the form in the user’s language before sending', async () => {
    act(() => updateSettings({ lang: 'en' }));
    renderInConsole(<CardKindDetailPage />, '/VipCard/vipUse');
    expect(await screen.findByText('New card kind')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '10' } });
    await save();
    await waitFor(() => expect(errorOf('Card name')).toBe('is required'));
    // timed by fixed dates, with no date given: the start date is asked for
    fireEvent.change(screen.getByLabelText('Card name'), { target: { value: 'Summer' } });
    await userEvent.click(screen.getByText('Fixed dates'));
    await save();
    await waitFor(() => expect(errorOf('From')).toBe('is required'));
    expect(sent).toHaveLength(0);
  });

  it('edits a kind: loads it, switches it to permanent, shows the server’s complaint on its field', async () => {
    renderInConsole(<CardKindDetailPage />, '/VipCard/vipUse?id=7');
    expect(await screen.findByText('编辑畅游卡：湖山年卡')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('卡名称')).toHaveValue('湖山年卡'));
    expect(screen.getByLabelText('激活后有效天数')).toHaveValue('365');
    await userEvent.click(
      within(screen.getByText('有效期类型').closest('.ant-form-item')!).getByText('永久有效'),
    );
    refuse = { field: 'productIds', msg: '适用产品: 不是本景区的产品' };
    await save();
    await waitFor(() => expect(sentTo('/cardKind/update')).toHaveLength(1));
    expect(sentTo('/cardKind/update')[0]!.body).toMatchObject({
      id: 7,
      validityType: 0,
      validDays: null,
      validFrom: null,
      validTo: null,
    });
    await waitFor(() => expect(errorOf('适用产品')).toContain('不是本景区的产品'));
  });
});
