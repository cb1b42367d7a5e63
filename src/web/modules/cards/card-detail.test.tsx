// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardDetail, CardRow } from '../../../shared/api/cards.ts';
import '../../lib/i18n.ts';
import { captureToasts, renderInConsole, signIn, signOutAfterEach } from '../../test/console.tsx';
import CardDetailPage from './card-detail.page.tsx';

const card = (over: Partial<CardRow>): CardRow => ({
  id: 5,
  cardNo: 'A1B2C3D4E5F6G7H8',
  orderId: 9,
  kindId: 7,
  kindName: '湖山年卡',
  state: 2,
  holderName: '张三',
  holderIdNumber: '1101**********1234',
  holderPhone: '138****1234',
  facePhoto: '',
  activatedAt: '2026-01-02T01:00:00.000Z',
  validFrom: '2026-01-02',
  validUntil: '2027-01-01',
  entriesUsed: 3,
  entriesToday: 0,
  lastEntryDay: null,
  replacedBy: null,
  icNo: '',
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
  ...over,
});

let cards: Record<number, CardRow> = {};
const detail = (c: CardRow): CardDetail => ({
  card: c,
  order: {
    id: 9,
    orderNo: 'C20260101000000001',
    kindId: 7,
    kindName: '湖山年卡',
    cardNo: 'ABCD2345EFGH6789',
    buyerName: '张三',
    buyerPhone: '138****1234',
    source: 'backstageManagement',
    payWay: 1,
    amount: 29_900,
    status: 301,
    paidAt: '2026-01-01T00:00:00.000Z',
    refundedAmount: 0,
    reason: '',
    clientId: '',
    memberId: null,
    expiresAt: null,
    couponDiscount: 0,
    refundStatus: null,
    refundFailReason: '',
    createdBy: 1,
    createTime: '2026-01-01T00:00:00.000Z',
    updateTime: '2026-01-01T00:00:00.000Z',
  },
  holderChanges: [],
});

const sent: { url: string; body: Record<string, unknown> }[] = [];
const reply = (data: unknown, status = 200, msg = '') =>
  new Response(JSON.stringify({ code: status, msg, data }), { status });
let refuse: { field: string; msg: string } | null = null;
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url.includes('/card/query'))
    return reply(detail(cards[Number(new URL(url, 'http://x').searchParams.get('id'))]!));
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
  if (url.endsWith('/card/entries')) {
    entryCalls.push(body);
    return reply(entriesPage(body));
  }
  sent.push({ url, body });
  if (refuse) return reply({ field: refuse.field }, 400, refuse.msg);
  if (url.endsWith('/card/replace')) {
    cards[6] = card({ id: 6, cardNo: 'NEWCARD000000006' });
    return reply(cards[6]);
  }
  return reply(cards[5]);
});
const sentTo = (path: string) => sent.filter((s) => s.url.endsWith(path));

/** 12 gate events of the card: an entry at 东门 every day, the first one refused (blackout). */
const ENTRIES = Array.from({ length: 12 }, (_, i) => ({
  id: 100 + i,
  scannedAt: `2026-03-${String(20 - i).padStart(2, '0')}T01:30:00.000Z`,
  gateId: 3,
  gateName: i === 0 ? '南门闸机' : '东门闸机',
  direction: i === 0 ? 'denied' : 'entry',
  readMode: 1,
  cardNo: 'A1B2C3D4E5F6G7H8',
  result: i === 0 ? 'passCardBlackout' : 'ok',
  offline: false,
  forced: false,
}));
const entryCalls: Record<string, unknown>[] = [];
const entriesPage = (body: Record<string, unknown>) => {
  const page = Number(body.page);
  const limit = Number(body.limit);
  return { rows: ENTRIES.slice((page - 1) * limit, page * limit), total: ENTRIES.length };
};

beforeEach(() => {
  sent.length = 0;
  entryCalls.length = 0;
  refuse = null;
  cards = { 5: card({}) };
  vi.stubGlobal('fetch', fetchMock);
  signIn(['admin:card:query', 'admin:card:update']);
});
signOutAfterEach();
const toasts = captureToasts();

// buttons found by their text: role queries walk the whole page's accessibility tree (slow in jsdom)
const button = (name: RegExp) => screen.getAllByText(name).at(-1)!.closest('button')!;
const ok = () => userEvent.click(button(/^确\s*定$/));
const errorOf = (label: string) =>
  screen.getByLabelText(label).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')
    ?.textContent;
const open = async (state: number, over: Partial<CardRow> = {}) => {
  cards[5] = card({ state, ...over });
  renderInConsole(<CardDetailPage />, '/VipCard/EnjSelfCardListDetail?id=5');
  expect(await screen.findByText('卡号 A1B2C3D4E5F6G7H8')).toBeInTheDocument();
};

describe('CardDetailPage (/VipCard/EnjSelfCardListDetail)', () => {
  it('activates a card: the server’s complaint on holder.idNumber shows on that field', async () => {
    await open(1, {
      holderName: '',
      holderPhone: '',
      holderIdNumber: '',
      activatedAt: null,
      validUntil: null,
    });
    // not activated: neither freeze nor extend
    expect(screen.queryByText(/^冻\s*结$/)).toBeNull();
    expect(screen.queryByText(/^延\s*期$/)).toBeNull();
    await userEvent.click(button(/^激\s*活$/));
    fireEvent.change(await screen.findByLabelText('持卡人'), { target: { value: '李四' } });
    fireEvent.change(screen.getByLabelText('身份证号'), { target: { value: '110101199001011237' } });
    refuse = { field: 'holder.idNumber', msg: '身份证号: 实名卡须填写' };
    await ok();
    await waitFor(() => expect(errorOf('身份证号')).toContain('实名卡须填写'));
    refuse = null;
    await ok();
    await waitFor(() => expect(sentTo('/card/activate')).toHaveLength(2));
    expect(sentTo('/card/activate')[1]!.body).toEqual({
      id: 5,
      holder: { name: '李四', idNumber: '110101199001011237', phone: '', facePhoto: '' },
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalled());
  });

  it('freezes an active card only with a reason', async () => {
    await open(2);
    expect(screen.queryByText(/^解\s*冻$/)).toBeNull();
    await userEvent.click(button(/^冻\s*结$/));
    await screen.findByText('冻结：A1B2C3D4E5F6G7H8');
    await ok();
    await waitFor(() => expect(errorOf('原因')).toBeTruthy());
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '持卡人挂失' } });
    await ok();
    await waitFor(() => expect(sentTo('/card/freeze')).toHaveLength(1));
    expect(sentTo('/card/freeze')[0]!.body).toEqual({ id: 5, reason: '持卡人挂失' });
  });

  it('extends a frozen timed card by days and unfreezes it', async () => {
    await open(3);
    await userEvent.click(button(/^延\s*期$/));
    fireEvent.change(await screen.findByLabelText('延期天数'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '闭园补偿' } });
    await ok();
    await waitFor(() => expect(sentTo('/card/extend')).toHaveLength(1));
    expect(sentTo('/card/extend')[0]!.body).toEqual({ id: 5, days: 30, reason: '闭园补偿' });
    await userEvent.click(button(/^解\s*冻$/));
    // the extend dialog may still be closing: the last reason field is the new dialog's
    await screen.findByText('解冻：A1B2C3D4E5F6G7H8');
    fireEvent.change(screen.getAllByLabelText('原因').at(-1)!, { target: { value: '已找回' } });
    await ok();
    await waitFor(() => expect(sentTo('/card/unfreeze')).toHaveLength(1));
  });

  it('edits the holder: masked values are typed again, not sent back', async () => {
    await open(2);
    await userEvent.click(button(/^修改持卡人$/));
    await waitFor(() => expect(screen.getByLabelText('持卡人')).toHaveValue('张三'));
    expect(screen.getByLabelText('持卡人手机号')).toHaveValue('');
    fireEvent.change(screen.getByLabelText('持卡人手机号'), { target: { value: '13900001111' } });
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '换号' } });
    await ok();
    await waitFor(() => expect(sentTo('/card/updateHolder')).toHaveLength(1));
    expect(sentTo('/card/updateHolder')[0]!.body).toMatchObject({
      id: 5,
      reason: '换号',
      holder: { name: '张三', phone: '13900001111', idNumber: '' },
    });
  });

  it('replaces a lost card with a reason, then opens the new card', async () => {
    await open(2);
    await userEvent.click(button(/^补\s*卡$/));
    fireEvent.change(await screen.findByLabelText('原因'), { target: { value: '丢失' } });
    await ok();
    await waitFor(() => expect(sentTo('/card/replace')).toHaveLength(1));
    expect(await screen.findByText('卡号 NEWCARD000000006')).toBeInTheDocument();
  });

  it('lists the card’s gate events, paged, with the gate, the result and the number read', async () => {
    await open(2);
    expect(await screen.findByText('南门闸机')).toBeInTheDocument();
    expect(screen.getByText('今日不可使用', { exact: false })).toBeInTheDocument();
    expect(entryCalls[0]).toEqual({ id: 5, page: 1, limit: 10 });
    expect(screen.getAllByText('东门闸机')).toHaveLength(9);
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(entryCalls.at(-1)).toEqual({ id: 5, page: 2, limit: 10 }));
    await waitFor(() => expect(screen.queryByText('南门闸机')).toBeNull());
    expect(screen.getAllByText('东门闸机')).toHaveLength(2);
  });

  it('binds an IC card: the server’s 409 on icNo shows on the field', async () => {
    await open(2, { icNo: 'IC-0001' });
    expect(screen.getByText('IC-0001')).toBeInTheDocument();
    await userEvent.click(button(/^绑定 IC 卡$/));
    const input = await screen.findByLabelText('IC 卡号');
    expect(input).toHaveValue('IC-0001');
    fireEvent.change(input, { target: { value: 'IC 99' } });
    await ok();
    await waitFor(() => expect(errorOf('IC 卡号')).toBeTruthy());
    expect(sentTo('/card/bindIc')).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'IC-0099' } });
    refuse = { field: 'icNo', msg: 'IC 卡号: 已被占用' };
    await ok();
    await waitFor(() => expect(errorOf('IC 卡号')).toContain('已被占用'));
    refuse = null;
    await ok();
    await waitFor(() => expect(sentTo('/card/bindIc')).toHaveLength(2));
    expect(sentTo('/card/bindIc')[1]!.body).toEqual({ id: 5, icNo: 'IC-0099' });
  });

  it('shows a dead card without actions', async () => {
    await open(6);
    expect(screen.getByText('已失效')).toBeInTheDocument();
    expect(screen.queryByText(/^补\s*卡$/)).toBeNull();
    expect(screen.queryByText(/^修改持卡人$/)).toBeNull();
  });
});
