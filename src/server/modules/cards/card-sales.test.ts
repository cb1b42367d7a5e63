import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardMemberApi as mApi,
  cardOpenApi as oApi,
  type CardSaleCard,
  type CardSaleKind,
  type CardSaleOrder,
} from '../../../shared/api/card-sales.ts';
import { cardCodeApi, cardOrderApi, type CardOrderRow } from '../../../shared/api/cards.ts';
import { memberApi } from '../../../shared/api/member-api.ts';
import { queryRows } from '../../db/rows.ts';
import { data, expect400, type Page } from '../../test/replies.ts';
import { openCardSales, type CardSaleWorld } from './card-sales.fixture.ts';
import { ID_NUMBER } from './cards.fixture.ts';

let s: CardSaleWorld;
beforeAll(async () => {
  s = await openCardSales();
}, 180_000);
afterAll(() => s?.w.close());

const balanceOf = async (who: number) =>
  Number(
    (
      await queryRows<{ balance: number }>(
        s.w.db,
        sql`select balance from members where id = ${s.members[who]!.id}`,
      )
    )[0]!.balance,
  );
const holder = { name: '王建华', idNumber: ID_NUMBER, phone: '13900001234' };
const buyer = { name: '李雷', phone: '13900005678' };

describe('member API: kinds on sale, buying (C1, C2 from the balance, a coupon)', () => {
  it('lists the area’s kinds on shelf sold by the mini-program only', async () => {
    const offShelf = await s.kind({ status: 2 });
    const windowOnly = await s.kind({ channels: ['winManagement'] });
    const kinds = await data<CardSaleKind[]>(s.member('GET', mApi.kinds));
    const ids = kinds.map((k) => k.id);
    expect(ids).toContain(s.kindId);
    expect(ids).not.toContain(offShelf.id);
    expect(ids).not.toContain(windowOnly.id);
    // without the member's token: 401; a channel is not the mini-program: 403
    const area = { 'x-scenic-id': String(s.scenicId) };
    expect((await s.w.t.call(s.mini, 'GET', mApi.kinds, undefined, area)).statusCode).toBe(401);
    expect((await s.open('GET', mApi.kinds)).statusCode).toBe(403);
  });

  it('C1: unpaid for 15 minutes, no card yet; the member sees it in their orders, the other member does not', async () => {
    const before = Date.now();
    const order = await s.buy(0, { buyerName: '韩梅梅' });
    expect(order).toMatchObject({ status: 101, amount: 9_900, source: 'weixinManagement', card: null });
    const expires = new Date(order.expiresAt!).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(15 * 60_000 + 5000);
    const row = await s.row(order.orderNo);
    expect(row).toMatchObject({
      buyer_name: '韩梅梅',
      buyer_phone: s.members[0]!.phone,
      client_id: 'weixinManagement',
    });
    const mine = await data<CardSaleOrder[]>(s.member('GET', mApi.orders));
    expect(mine.map((o) => o.orderNo)).toContain(order.orderNo);
    const theirs = await data<CardSaleOrder[]>(s.member('GET', mApi.orders, undefined, 1));
    expect(theirs.map((o) => o.orderNo)).not.toContain(order.orderNo);
  });

  it('400 naming the field; a kind not sold by the mini-program: 409; another area’s kind: 400', async () => {
    expect400(await s.member('POST', mApi.buy, { kindId: 0 }), 'kindId');
    expect400(await s.member('POST', mApi.buy, { kindId: s.kindId, payWay: 2 }), 'payWay');
    expect400(await s.member('POST', mApi.buy, { kindId: 999_999 }), 'kindId');
    const windowOnly = await s.kind({ channels: ['winManagement'] });
    const refused = await s.member('POST', mApi.buy, { kindId: windowOnly.id });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(JSON.parse(refused.body).msg).toMatch(/渠道|channel/);
    const [other] = await queryRows<{ id: number }>(
      s.w.db,
      sql`select id from card_kinds where scenic_id = ${s.w.f.otherScenicId} order by id limit 1`,
    );
    expect400(await s.member('POST', mApi.buy, { kindId: Number(other!.id) }), 'kindId');
  });

  it('C2 from the balance: debited once, the card issued not activated; a balance too short: 409, nothing kept', async () => {
    await s.credit(1, 10_000);
    const paid = await s.buy(1, { payWay: 9 });
    expect(paid).toMatchObject({ status: 201, payWay: 9, amount: 9_900, expiresAt: null });
    expect(paid.card).toMatchObject({ state: 1, orderNo: paid.orderNo });
    expect(await balanceOf(1)).toBe(100);
    const short = await s.member('POST', mApi.buy, { kindId: s.kindId, payWay: 9 }, 1);
    expect(short.statusCode, short.body).toBe(409);
    expect(await balanceOf(1)).toBe(100);
    const cards = await data<CardSaleCard[]>(s.member('GET', mApi.cards, undefined, 1));
    expect(cards.map((c) => c.cardNo)).toContain(paid.card!.cardNo);
    expect((await data<CardSaleCard[]>(s.member('GET', mApi.cards))).map((c) => c.cardNo)).not.toContain(
      paid.card!.cardNo,
    );
  });

  it('a general coupon takes its discount (spent with the payment); a ticket coupon is refused: 409', async () => {
    await s.credit(0, 20_000);
    const couponId = await s.coupon(0, 1_000);
    const paid = await s.buy(0, { payWay: 9, memberCouponId: couponId });
    expect(paid).toMatchObject({ status: 201, amount: 8_900, couponDiscount: 1_000 });
    const [mc] = await queryRows<{ status: number; used_order_no: string }>(
      s.w.db,
      sql`select status, used_order_no from member_coupons where id = ${couponId}`,
    );
    expect(mc).toEqual({ status: 201, used_order_no: paid.orderNo });
    const ticketOnly = await s.coupon(0, 1_000, 1);
    const refused = await s.member('POST', mApi.buy, { kindId: s.kindId, memberCouponId: ticketOnly });
    expect(refused.statusCode, refused.body).toBe(409);
    // another member's coupon: 404
    const theirs = await s.coupon(1, 500);
    expect((await s.member('POST', mApi.buy, { kindId: s.kindId, memberCouponId: theirs })).statusCode).toBe(
      404,
    );
  });
});

describe('member API: activate, cancel, redeem', () => {
  it('activates the member’s own card with the holder’s real-name data (C5); another member’s card: 404', async () => {
    await s.credit(0, 10_000);
    const paid = await s.buy(0, { payWay: 9 });
    expect400(
      await s.member('POST', mApi.activate, {
        cardId: paid.card!.id,
        holder: { ...holder, idNumber: '123' },
      }),
      'holder.idNumber',
    );
    expect((await s.member('POST', mApi.activate, { cardId: paid.card!.id, holder }, 1)).statusCode).toBe(
      404,
    );
    const active = await data<CardSaleOrder>(
      s.member('POST', mApi.activate, { cardId: paid.card!.id, holder }),
    );
    expect(active).toMatchObject({ status: 301, card: { state: 2, holderName: '王建华' } });
    expect((await s.member('POST', mApi.activate, { cardId: paid.card!.id, holder })).statusCode).toBe(409);
  });

  it('cancels the member’s unpaid order (C4, 501); another member’s: 404; a paid one: 409; another area’s member: 404', async () => {
    const order = await s.buy(0);
    expect((await s.member('POST', mApi.cancel, { orderNo: order.orderNo }, 1)).statusCode).toBe(404);
    const elsewhere = await data<{ token: string }>(
      s.w.t.call(
        s.mini,
        'POST',
        memberApi.login,
        { phone: s.members[0]!.phone },
        {
          'x-scenic-id': String(s.w.f.otherScenicId),
        },
      ),
    );
    const other = await s.w.t.call(
      s.mini,
      'POST',
      mApi.cancel,
      { orderNo: order.orderNo },
      {
        'x-scenic-id': String(s.w.f.otherScenicId),
        'x-member-token': elsewhere.token,
      },
    );
    expect(other.statusCode).toBe(404);
    expect400(await s.member('POST', mApi.cancel, { orderNo: '' }), 'orderNo');
    const cancelled = await data<CardSaleOrder>(s.member('POST', mApi.cancel, { orderNo: order.orderNo }));
    expect(cancelled.status).toBe(501);
    expect((await s.row(order.orderNo)).reason).toBe('cancelled');
    expect((await s.member('POST', mApi.cancel, { orderNo: order.orderNo })).statusCode).toBe(409);
  });

  it('redeems a code of the area as the member (R2, the mini-program the source); the same code again: 409', async () => {
    await data(s.w.t.call(s.staff, 'POST', cardCodeApi.generate, { kindId: s.kindId, count: 1 }));
    const [code] = await queryRows<{ code: string; id: number }>(
      s.w.db,
      sql`select id, code from card_codes where kind_id = ${s.kindId} and status = 101 order by id desc limit 1`,
    );
    expect400(await s.member('POST', mApi.redeem, { code: '' }), 'code');
    const redeemed = await data<CardSaleOrder>(
      s.member('POST', mApi.redeem, { code: code!.code.toLowerCase(), holder }),
    );
    expect(redeemed).toMatchObject({ status: 301, amount: 0, payWay: 0, source: 'weixinManagement' });
    const [taken] = await queryRows<{ member_id: number; status: number }>(
      s.w.db,
      sql`select member_id, status from card_codes where id = ${code!.id}`,
    );
    expect(taken).toEqual({ member_id: s.members[0]!.id, status: 301 });
    expect((await s.member('POST', mApi.redeem, { code: code!.code }, 1)).statusCode).toBe(409);
    const mine = await data<CardSaleOrder[]>(s.member('GET', mApi.orders));
    expect(mine.map((o) => o.orderNo)).toContain(redeemed.orderNo);
  });
});

describe('selling API: a channel sells a card', () => {
  it('a window sells with cash (C2): the card issued, the source the window; the console shows the channel', async () => {
    const sold = await data<CardSaleOrder>(
      s.open('POST', oApi.create, { kindId: s.kindId, buyer, payWay: 1 }, s.win),
    );
    expect(sold).toMatchObject({ status: 201, payWay: 1, source: 'winManagement', card: { state: 1 } });
    const page = await data<Page<CardOrderRow>>(
      s.w.t.call(s.staff, 'POST', cardOrderApi.page, { orderNo: sold.orderNo }),
    );
    expect(page.rows[0]).toMatchObject({
      clientId: 'winManagement',
      source: 'winManagement',
      refundStatus: null,
    });
    // with a holder, activated at once
    const active = await data<CardSaleOrder>(
      s.open('POST', oApi.create, { kindId: s.kindId, buyer, payWay: 99, holder }, s.win),
    );
    expect(active).toMatchObject({ status: 301, card: { state: 2 } });
  });

  it('400 naming the field: online pay ways, the balance, a missing phone, a holder of an unpaid order', async () => {
    expect400(await s.open('POST', oApi.create, { kindId: s.kindId, buyer, payWay: 2 }), 'payWay');
    expect400(await s.open('POST', oApi.create, { kindId: s.kindId, buyer, payWay: 9 }), 'payWay');
    expect400(
      await s.open('POST', oApi.create, { kindId: s.kindId, buyer: { name: '李雷' } }),
      'buyer.phone',
    );
    expect400(await s.open('POST', oApi.create, { kindId: s.kindId, buyer, holder }), 'holder');
    expect400(await s.open('POST', oApi.create, { kindId: 999_999, buyer, payWay: 1 }), 'kindId');
  });

  it('the kind’s sale sources: a kind sold only by the mini-program is refused to a window and a distributor (409)', async () => {
    const miniOnly = await s.kind({ channels: ['weixinManagement'] });
    for (const token of [s.win, s.w.seller]) {
      const res = await s.open('POST', oApi.create, { kindId: miniOnly.id, buyer, payWay: 1 }, token);
      expect(res.statusCode, res.body).toBe(409);
    }
    const kinds = await data<CardSaleKind[]>(s.open('GET', oApi.kinds, undefined, s.win));
    expect(kinds.map((k) => k.id)).not.toContain(miniOnly.id);
    expect(kinds.map((k) => k.id)).toContain(s.kindId);
  });

  it('C1 by a channel, read and cancelled by it only: another channel or area: 404; a gate device: 403', async () => {
    const placed = await data<CardSaleOrder>(s.open('POST', oApi.create, { kindId: s.kindId, buyer }));
    expect(placed).toMatchObject({ status: 101, card: null });
    const url = `${oApi.query}?orderNo=${placed.orderNo}`;
    expect((await data<CardSaleOrder>(s.open('GET', url))).status).toBe(101);
    expect((await s.open('GET', url, undefined, s.win)).statusCode).toBe(404);
    const otherArea = await s.w.t.call(s.w.seller, 'GET', url, undefined, {
      'x-scenic-id': String(s.w.f.otherScenicId),
    });
    expect(otherArea.statusCode).toBe(404);
    const gate = await s.w.t.deviceToken(s.scenicId, 'gateDevice');
    expect(
      (await s.open('POST', oApi.create, { kindId: s.kindId, buyer, payWay: 1 }, gate.token)).statusCode,
    ).toBe(403);
    expect((await s.open('POST', oApi.cancel, { orderNo: placed.orderNo }, s.win)).statusCode).toBe(404);
    expect((await data<CardSaleOrder>(s.open('POST', oApi.cancel, { orderNo: placed.orderNo }))).status).toBe(
      501,
    );
  });

  it('a console refund of a balance-paid order gives the balance back (C7)', async () => {
    await s.credit(0, 10_000);
    const before = await balanceOf(0);
    const paid = await s.buy(0, { payWay: 9 });
    const [row] = await queryRows<{ id: number }>(
      s.w.db,
      sql`select id from card_orders where order_no = ${paid.orderNo}`,
    );
    await data(s.w.t.call(s.staff, 'POST', cardOrderApi.refund, { id: Number(row!.id), reason: '不想要了' }));
    expect(await balanceOf(0)).toBe(before);
    expect(await s.refunds(paid.orderNo)).toEqual([]);
  });
});
