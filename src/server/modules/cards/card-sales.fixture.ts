// What the card sale tests share: the pay tests' world (area YLGZ with WeChat Pay and Alipay on the
// pay sandbox), card kinds there, signed-in members and the channels' tokens.
import { sql } from 'drizzle-orm';
import { cardMemberApi, type CardSaleOrder } from '../../../shared/api/card-sales.ts';
import { cardKindApi, type CardKindRow } from '../../../shared/api/cards.ts';
import { memberApi } from '../../../shared/api/member-api.ts';
import type { PrepayAnswer } from '../../../shared/api/payments.ts';
import { BALANCE_OP } from '../../../shared/dict/members.ts';
import { queryRows } from '../../db/rows.ts';
import { data } from '../../test/replies.ts';
import { giveCoupon } from '../coupons/index.ts';
import { creditBalance } from '../members/index.ts';
import { openPayApp, type PayApp } from '../payments/online-pay.fixture.ts';
import { CARD_PERMS, plainKind } from './cards.fixture.ts';

let seq = 0;
const key = () => `card-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

export interface CardSaleWorld {
  w: PayApp;
  scenicId: number;
  /** the mini-program's client token and the members signed in through it */
  mini: string;
  members: { token: string; id: number; phone: string }[];
  /** a window client's token (sells on site: source winManagement) */
  win: string;
  /** a staff token of YLGZ with every card permission */
  staff: string;
  /** a kind sold by the window, the mini-program and the back office (9900) */
  kindId: number;
  kind(extra?: Record<string, unknown>): Promise<CardKindRow>;
  /** a call of the member API as member `who` (an Idempotency-Key each) */
  member(method: 'GET' | 'POST', url: string, body?: unknown, who?: number): ReturnType<PayApp['open']>;
  /** a call of the selling API as `token` (Ctrip by default) in YLGZ */
  open(method: 'GET' | 'POST', url: string, body?: unknown, token?: string): ReturnType<PayApp['open']>;
  /** the member buys a card of `kindId` (C1 unless a pay way) */
  buy(who?: number, body?: Record<string, unknown>): Promise<CardSaleOrder>;
  prepay(orderNo: string, payWay?: 2 | 3, who?: number): ReturnType<PayApp['open']>;
  /** prepay as the member and the sandbox's payer pays it */
  payOnline(orderNo: string, payWay?: 2 | 3, who?: number): Promise<PrepayAnswer>;
  row(orderNo: string): Promise<Record<string, unknown>>;
  refunds(orderNo: string): Promise<
    {
      id: number;
      status: string;
      amount: number;
      reason: string;
      fail_reason: string;
      attempts: number | null;
      last_error: string | null;
    }[]
  >;
  credit(who: number, amount: number): Promise<void>;
  /** a general coupon (use 0, all products) of `amountOff` given to member `who`, or one of `useType` */
  coupon(who: number, amountOff: number, useType?: number): Promise<number>;
}

export async function openCardSales(phones = ['13700006001', '13700006002']): Promise<CardSaleWorld> {
  const w = await openPayApp();
  const scenicId = w.f.scenicId;
  await w.t.grant('yunling', [...CARD_PERMS, 'admin:card:code:query', 'admin:card:code:update']);
  const staff = (await w.t.login('yunling')).access_token;
  const mini = await w.t.clientToken('weixinManagement');
  const win = await w.t.clientToken('winManagement');
  const area = { 'x-scenic-id': String(scenicId) };
  const members: CardSaleWorld['members'] = [];
  for (const phone of phones) {
    const login = await data<{ token: string }>(w.t.call(mini, 'POST', memberApi.login, { phone }, area));
    const [row] = await queryRows<{ id: number }>(
      w.db,
      sql`select id from members where scenic_id = ${scenicId} and phone = ${phone}`,
    );
    members.push({ token: login.token, id: Number(row!.id), phone });
  }
  const kind = (extra: Record<string, unknown> = {}) =>
    data<CardKindRow>(
      w.t.call(staff, 'POST', cardKindApi.create, {
        ...plainKind,
        channels: ['winManagement', 'weixinManagement', 'backstageManagement'],
        ...extra,
      }),
    );
  const kindId = (await kind()).id;
  const member: CardSaleWorld['member'] = (method, url, body, who = 0) =>
    w.t.call(mini, method, url, body, {
      ...area,
      'x-member-token': members[who]!.token,
      'idempotency-key': key(),
    });
  const world: CardSaleWorld = {
    w,
    scenicId,
    mini,
    members,
    win,
    staff,
    kindId,
    kind,
    member,
    open: (method, url, body, token = w.seller) =>
      w.t.call(token, method, url, body, { ...area, 'idempotency-key': key() }),
    buy: (who = 0, body = {}) =>
      data<CardSaleOrder>(member('POST', cardMemberApi.buy, { kindId, ...body }, who)),
    prepay: (orderNo, payWay = 2, who = 0) =>
      member('POST', '/api/open/pay/prepay', { target: 'card', orderNo, payWay, scene: 'qr' }, who),
    async payOnline(orderNo, payWay = 2, who = 0) {
      const pay = await data<PrepayAnswer>(world.prepay(orderNo, payWay, who));
      await w.sandbox.control.pay(pay.paymentNo);
      return pay;
    },
    async row(orderNo) {
      const [row] = await queryRows<Record<string, unknown>>(
        w.db,
        sql`select * from card_orders where order_no = ${orderNo}`,
      );
      return row!;
    },
    refunds: (orderNo) =>
      queryRows(
        w.db,
        sql`select r.id, r.status, r.amount, r.reason, r.fail_reason, pr.attempts, pr.last_error
            from card_refunds r join card_orders o on o.id = r.order_id
              left join provider_refunds pr on pr.target = 'card' and pr.refund_id = r.id
            where o.order_no = ${orderNo} order by r.id`,
      ),
    async credit(who, amount) {
      await w.db.transaction((tx) =>
        creditBalance(tx, { scenicId, memberId: members[who]!.id, operation: BALANCE_OP.topUp, amount }),
      );
    },
    async coupon(who, amountOff, useType = 0) {
      const [c] = await queryRows<{ id: number }>(
        w.db,
        sql`insert into coupons (scenic_id, name, use_type, amount_off, validity_kind, valid_days, total_quantity, per_member_limit, status)
            values (${scenicId}, ${`卡券${++seq}`}, ${useType}, ${amountOff}, 2, 30, 100, 10, 0) returning id`,
      );
      const given = await w.db.transaction((tx) =>
        giveCoupon(tx, { scenicId, couponId: Number(c!.id), memberId: members[who]!.id, receiveWay: 4 }),
      );
      return given.memberCouponId;
    },
  };
  return world;
}
