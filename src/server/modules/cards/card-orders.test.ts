import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardKindApi,
  cardOrderApi as api,
  type CardKindRow,
  type CardOrderDetail,
  type CardOrderRow,
  type CardOrderTotals,
} from '../../../shared/api/cards.ts';
import { expectXlsx } from '../../test/export.ts';
import { data, expect400 } from '../../test/replies.ts';
import { ID_NUMBER, openCardApp } from './cards.fixture.ts';

let c: Awaited<ReturnType<typeof openCardApp>>;
let kind: CardKindRow;

beforeAll(async () => {
  c = await openCardApp();
  kind = await c.kind();
});
afterAll(() => c.t.close());

const status = async (id: number) =>
  (await data<CardOrderDetail>(c.call('admin', 'GET', `${api.query}?id=${id}`))).status;

describe('card orders sold at the back office (C2)', () => {
  it('sells a card: paid at once, its card not activated, SMS template 4 queued, audited', async () => {
    const sold = await c.sell(kind.id, { payWay: 99 });
    expect(sold).toMatchObject({
      kindId: kind.id,
      kindName: kind.name,
      status: 201,
      amount: 9_900,
      payWay: 99,
      source: 'backstageManagement',
      buyerPhone: '13900001234',
      refundedAmount: 0,
    });
    expect(sold.orderNo).toMatch(/^C\d{8}\d{10}$/);
    expect(sold.paidAt).not.toBeNull();
    expect(sold.cards).toHaveLength(1);
    expect(sold.cards[0]).toMatchObject({ state: 1, validFrom: null, validUntil: null, entriesUsed: 0 });
    expect(sold.cards[0]!.cardNo).toMatch(/^[2-9A-HJ-NP-Z]{16}$/);
    expect(sold.cardNo).toBe(sold.cards[0]!.cardNo);
    const [sms] = await c.sqlRows<{ template: number; recipient: string; variables: Record<string, string> }>(
      sql`select template, recipient, variables from outbox_messages where event_key = ${`cardPaid:${sold.orderNo}`}`,
    );
    expect(sms).toMatchObject({ template: 4, recipient: '13900001234' });
    expect(sms!.variables).toMatchObject({ orderNo: sold.orderNo, product: kind.name, amount: '99.00' });
    const audits = await c.sqlRows<{ action: string }>(
      sql`select action from audit_logs where target_type = 'cardOrder' and target_id = ${String(sold.id)}`,
    );
    expect(audits.map((a) => a.action)).toEqual(['cardOrder.create']);
    expect(await data(c.call('admin', 'GET', `${api.query}?id=${sold.id}`))).toEqual(sold);
  });

  it('sells with a holder: activated in the same transaction (order 301, card 2 valid 30 days)', async () => {
    const sold = await c.sell(kind.id, {
      holder: { name: '李秀英', idNumber: ID_NUMBER, phone: '13800001111' },
    });
    expect(sold.status).toBe(301);
    const card = sold.cards[0]!;
    expect(card).toMatchObject({ state: 2, holderName: '李秀英', holderIdNumber: ID_NUMBER });
    const days = (Date.parse(card.validUntil!) - Date.parse(card.validFrom!)) / 86_400_000;
    expect(days).toBe(29);
  });

  it('refuses a kind not sold here, off shelf or of another area, and bad input, naming the field', async () => {
    const offShelf = await c.kind({ status: 2 });
    const windowOnly = await c.kind({ channels: ['winManagement'] });
    const other = await c.kind({}, 'yunling');
    for (const id of [offShelf.id, windowOnly.id, other.id])
      expect400(
        await c.call('admin', 'POST', api.create, {
          kindId: id,
          buyer: { name: '甲', phone: '13900001234' },
          payWay: 1,
        }),
        'kindId',
      );
    const body = { kindId: kind.id, buyer: { name: '甲', phone: '13900001234' }, payWay: 1 };
    const bad = async (extra: Record<string, unknown>, field: string) =>
      expect400(await c.call('admin', 'POST', api.create, { ...body, ...extra }), field);
    await bad({ payWay: 2 }, 'payWay');
    await bad({ buyer: { name: ' ', phone: '13900001234' } }, 'buyer.name');
    await bad({ buyer: { name: '甲', phone: '12345' } }, 'buyer.phone');
    await bad({ holder: { name: '甲', idNumber: '110105194912310021' } }, 'holder.idNumber');
    await bad({ kindId: 'x' }, 'kindId');
    // the kind's real-name and photo rules
    const strict = await c.kind({ realName: 1, photoRequired: true });
    const sellStrict = (holder: Record<string, unknown>) =>
      c.call('admin', 'POST', api.create, { ...body, kindId: strict.id, holder });
    expect400(await sellStrict({ name: '甲' }), 'holder.idNumber');
    expect400(await sellStrict({ idNumber: ID_NUMBER }), 'holder.name');
    expect400(await sellStrict({ name: '甲', idNumber: ID_NUMBER }), 'holder.facePhoto');
    // a refused activation sells nothing
    const [{ n }] = (await c.sqlRows<{ n: number }>(
      sql`select count(*)::int as n from card_orders where kind_id = ${strict.id}`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe('refund and void (C7, C8, C10)', () => {
  it('refunds an unused card in full: 203, the card dead, SMS template 7; a second refund is 409', async () => {
    const sold = await c.sell(kind.id);
    const done = await data<CardOrderRow>(
      c.call('admin', 'POST', api.refund, { id: sold.id, reason: '游客退卡' }),
    );
    expect(done).toMatchObject({ status: 203, refundedAmount: 9_900, reason: '游客退卡' });
    const detail = await data<CardOrderDetail>(c.call('admin', 'GET', `${api.query}?id=${sold.id}`));
    expect(detail.cards[0]!.state).toBe(6);
    const sms = await c.sqlRows<{ template: number }>(
      sql`select template from outbox_messages where event_key = ${`cardRefunded:${sold.orderNo}`}`,
    );
    expect(sms).toEqual([{ template: 7 }]);
    expect((await c.call('admin', 'POST', api.refund, { id: sold.id, reason: 'x' })).statusCode).toBe(409);
    expect((await c.call('admin', 'POST', api.void, { id: sold.id, reason: 'x' })).statusCode).toBe(409);
  });

  it('refunds a used card only with the amount chosen by staff (≤ paid)', async () => {
    const sold = await c.sell(kind.id, { holder: { name: '张三' } });
    // the gates come in the next slice: one entry written as the gate's statement would
    await c.sqlRows(sql`update cards set entries_used = 1 where order_id = ${sold.id}`);
    await c.sqlRows(sql`update card_orders set status = 401 where id = ${sold.id}`);
    const res = await c.call('admin', 'POST', api.refund, { id: sold.id, reason: '游客投诉' });
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body).msg).toContain('退款金额');
    expect400(
      await c.call('admin', 'POST', api.refund, { id: sold.id, reason: 'x', amount: 9_901 }),
      'amount',
    );
    expect400(await c.call('admin', 'POST', api.refund, { id: sold.id, reason: ' ' }), 'reason');
    const done = await data<CardOrderRow>(
      c.call('admin', 'POST', api.refund, { id: sold.id, reason: '经理批准', amount: 5_000 }),
    );
    expect(done).toMatchObject({ status: 203, refundedAmount: 5_000 });
  });

  it('voids a sold or activated order: 501, the card dead, no money', async () => {
    const sold = await c.sell(kind.id, { holder: { name: '赵六' } });
    const done = await data<CardOrderRow>(
      c.call('admin', 'POST', api.void, { id: sold.id, reason: '重复售卡' }),
    );
    expect(done).toMatchObject({ status: 501, refundedAmount: 0 });
    expect(await status(sold.id)).toBe(501);
    expect((await c.call('admin', 'POST', api.void, { id: sold.id, reason: 'x' })).statusCode).toBe(409);
  });
});

describe('card order lists, permissions and areas', () => {
  it('answers 403 without the permission and 404 for another area’s order', async () => {
    const sold = await c.sell(kind.id);
    const body = { kindId: kind.id, buyer: { name: '甲', phone: '13900001234' }, payWay: 1 };
    for (const [method, url, b] of [
      ['POST', api.create, body],
      ['POST', api.refund, { id: sold.id, reason: 'x' }],
      ['POST', api.void, { id: sold.id, reason: 'x' }],
      ['POST', api.totals, {}],
      ['POST', api.export, {}],
      ['GET', `${api.query}?id=${sold.id}`, undefined],
    ] as const)
      expect((await c.call('staff', method, url, b)).statusCode, url).toBe(403);
    expect((await c.call('yunling', 'GET', `${api.query}?id=${sold.id}`)).statusCode).toBe(404);
    expect((await c.call('yunling', 'POST', api.refund, { id: sold.id, reason: 'x' })).statusCode).toBe(404);
    expect((await c.call('yunling', 'POST', api.void, { id: sold.id, reason: 'x' })).statusCode).toBe(404);
    expect((await c.page<CardOrderRow>('yunling', api.page)).total).toBe(0);
    expect(await status(sold.id)).toBe(201);
  });

  it('lists with filters, sorts and totals; phones masked without admin:user:phone; export', async () => {
    const sold = await c.sell(kind.id, { payWay: 98, buyer: { name: '孙悟空', phone: '13700007777' } });
    const mine = await c.page<CardOrderRow>('admin', api.page, { buyerPhone: '13700007777' });
    expect(mine.rows.map((r) => r.id)).toEqual([sold.id]);
    expect(mine.rows[0]!.buyerPhone).toBe('13700007777');
    expect((await c.page<CardOrderRow>('admin', api.page, { orderNo: sold.orderNo })).total).toBe(1);
    const ofKind = await c.page<CardOrderRow>('admin', api.page, {
      kindId: kind.id,
      sort: 'amount',
      order: 'asc',
    });
    expect(ofKind.rows.every((r) => r.kindId === kind.id)).toBe(true);
    expect((await c.page<CardOrderRow>('admin', api.page, { payWay: 98 })).rows.map((r) => r.id)).toContain(
      sold.id,
    );
    const paid = await c.page<CardOrderRow>('admin', api.page, {
      status: 201,
      source: 'backstageManagement',
    });
    expect(paid.rows.every((r) => r.status === 201)).toBe(true);
    // the demo's orders: every status, over the kinds
    for (const status of [101, 201, 203, 301, 401, 501, 502])
      expect((await c.page<CardOrderRow>('admin', api.page, { status })).total, `${status}`).toBeGreaterThan(
        0,
      );
    const totals = await data<CardOrderTotals>(c.call('admin', 'POST', api.totals, { kindId: kind.id }));
    expect(totals.count).toBe(ofKind.total);
    expect(totals.amount).toBe(ofKind.rows.reduce((n, r) => n + r.amount, 0));
    await c.t.grant('staff', ['admin:card:order:query']);
    const staffTok = (await c.t.login('staff')).access_token;
    const masked = await c.t.call(staffTok, 'POST', api.page, { buyerPhone: '13700007777' });
    expect(JSON.parse(masked.body).data.rows[0].buyerPhone).toBe('137****7777');
    const zh = expectXlsx(await c.call('admin', 'POST', api.export, { orderNo: sold.orderNo }), '畅游卡订单');
    expect(zh).toContain(sold.orderNo);
    expect(zh).toContain('挂账');
    expect400(await c.call('admin', 'POST', api.page, { status: 202 }), 'status');
    expect400(await c.call('admin', 'POST', api.page, { sort: 'paidAt' }), 'sort');
  });

  it('keeps a kind with card orders from being deleted (409); one without is deleted', async () => {
    const res = await c.call('admin', 'GET', `${cardKindApi.delete}?id=${kind.id}`);
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body).msg).toContain('下架');
    const unsold = await c.kind();
    expect((await c.call('admin', 'GET', `${cardKindApi.delete}?id=${unsold.id}`)).statusCode).toBe(200);
  });
});
