import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardApi as api,
  cardOrderApi,
  type CardDetail,
  type CardKindRow,
  type CardOrderDetail,
  type CardRow,
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

const holder = { name: '李秀英', idNumber: ID_NUMBER, phone: '13800001111' };
/** A sold card's id, activated with `holder` unless `activated` is false. */
const cardOf = async (activated = true, kindId = kind.id) =>
  (await c.sell(kindId, activated ? { holder } : {})).cards[0]!;
const move = (url: string, body: Record<string, unknown>) => c.call('admin', 'POST', url, body);
const detail = (id: number) => data<CardDetail>(c.call('admin', 'GET', `${api.query}?id=${id}`));

describe('activation (C5)', () => {
  it('activates a sold card: card 2, order 301, valid 30 days from today; a second activation is 409', async () => {
    const card = await cardOf(false);
    const done = await data<CardRow>(move(api.activate, { id: card.id, holder }));
    expect(done).toMatchObject({ id: card.id, state: 2, holderName: '李秀英', holderPhone: '13800001111' });
    expect(done.activatedAt).not.toBeNull();
    expect((Date.parse(done.validUntil!) - Date.parse(done.validFrom!)) / 86_400_000).toBe(29);
    expect((await detail(card.id)).order.status).toBe(301);
    const again = await move(api.activate, { id: card.id, holder });
    expect(again.statusCode).toBe(409);
    const audits = await c.sqlRows<{ action: string }>(
      sql`select action from audit_logs where target_type = 'card' and target_id = ${String(card.id)}`,
    );
    expect(audits.map((a) => a.action)).toEqual(['card.activate']);
  });

  it('applies the kind’s validity: permanent (no end), fixed dates (409 outside them)', async () => {
    const permanent = await c.kind({ validityType: 0, validDays: null });
    const card = await cardOf(true, permanent.id);
    expect(card).toMatchObject({ state: 2, validUntil: null });
    const past = await c.kind({ validDays: null, validFrom: '2020-01-01', validTo: '2020-12-31' });
    const sold = (await c.sell(past.id)).cards[0]!;
    const res = await move(api.activate, { id: sold.id, holder });
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body).msg).toContain('2020-12-31');
    // selling with a holder is one transaction: nothing sold
    expect((await c.call('admin', 'POST', cardOrderApi.create, saleOf(past.id))).statusCode).toBe(409);
  });

  it('checks the real-name and photo rules and the holder’s fields, naming the field', async () => {
    const strict = await c.kind({ realName: 1, photoRequired: true });
    const card = await cardOf(false, strict.id);
    const bad = async (h: Record<string, unknown>, field: string) =>
      expect400(await move(api.activate, { id: card.id, holder: h }), field);
    await bad({ name: '甲' }, 'holder.idNumber');
    await bad({ idNumber: ID_NUMBER }, 'holder.name');
    await bad({ name: '甲', idNumber: ID_NUMBER }, 'holder.facePhoto');
    await bad({ name: '甲', idNumber: '123' }, 'holder.idNumber');
    await bad({ name: '甲', phone: '555' }, 'holder.phone');
    await bad({ name: '甲', idNumber: ID_NUMBER, facePhoto: 'javascript:x' }, 'holder.facePhoto');
    expect400(await move(api.activate, { id: card.id }), 'holder');
    const done = await data<CardRow>(
      move(api.activate, {
        id: card.id,
        holder: { name: '甲', idNumber: ID_NUMBER, facePhoto: '/uploads/demo/picture-1.png' },
      }),
    );
    expect(done.state).toBe(2);
  });
});

describe('freeze, unfreeze, replace, extend, holder changes', () => {
  it('freezes and unfreezes with a reason; the same move twice is 409', async () => {
    const card = await cardOf();
    expect((await data<CardRow>(move(api.freeze, { id: card.id, reason: '挂失' }))).state).toBe(3);
    expect((await move(api.freeze, { id: card.id, reason: '挂失' })).statusCode).toBe(409);
    expect((await data<CardRow>(move(api.unfreeze, { id: card.id, reason: '找回' }))).state).toBe(2);
    expect((await move(api.unfreeze, { id: card.id, reason: '找回' })).statusCode).toBe(409);
    expect400(await move(api.freeze, { id: card.id }), 'reason');
    expect((await move(api.freeze, { id: (await cardOf(false)).id, reason: 'x' })).statusCode).toBe(409);
  });

  it('replaces a lost card: a new number, same holder, validity and entries; the old one is state 4', async () => {
    const card = await cardOf();
    await c.sqlRows(sql`update cards set entries_used = 3 where id = ${card.id}`);
    await data(move(api.freeze, { id: card.id, reason: '挂失' }));
    const fresh = await data<CardRow>(move(api.replace, { id: card.id, reason: '补卡' }));
    expect(fresh.cardNo).not.toBe(card.cardNo);
    expect(fresh).toMatchObject({
      state: 2,
      holderName: card.holderName,
      validFrom: card.validFrom,
      validUntil: card.validUntil,
      entriesUsed: 3,
      orderId: card.orderId,
    });
    const old = await c.page<CardRow>('admin', api.page, { cardNo: card.cardNo });
    expect(old.rows[0]).toMatchObject({ id: card.id, state: 4, replacedBy: fresh.id });
    expect((await move(api.replace, { id: card.id, reason: '补卡' })).statusCode).toBe(409);
    const order = await data<CardOrderDetail>(
      c.call('admin', 'GET', `${cardOrderApi.query}?id=${card.orderId}`),
    );
    expect(order.cards.map((x) => x.id)).toEqual([fresh.id, card.id]);
    // the order goes by the new number
    expect(order.cardNo).toBe(fresh.cardNo);
  });

  it('extends a timed card by N days; a permanent card is 409; days out of range are 400', async () => {
    const card = await cardOf();
    const done = await data<CardRow>(move(api.extend, { id: card.id, days: 10, reason: '闭园补偿' }));
    expect((Date.parse(done.validUntil!) - Date.parse(card.validUntil!)) / 86_400_000).toBe(10);
    expect400(await move(api.extend, { id: card.id, days: 0, reason: 'x' }), 'days');
    expect400(await move(api.extend, { id: card.id, days: 3651, reason: 'x' }), 'days');
    const permanent = await c.kind({ validityType: 0, validDays: null });
    const forever = await cardOf(true, permanent.id);
    expect((await move(api.extend, { id: forever.id, days: 5, reason: 'x' })).statusCode).toBe(409);
    expect((await move(api.extend, { id: (await cardOf(false)).id, days: 5, reason: 'x' })).statusCode).toBe(
      409,
    );
  });

  it('changes the holder and keeps each change, listed on the card’s detail', async () => {
    const card = await cardOf();
    const next = { name: '王芳', idNumber: ID_NUMBER, phone: '13600002222' };
    const done = await data<CardRow>(
      move(api.updateHolder, { id: card.id, holder: next, reason: '更正姓名' }),
    );
    expect(done).toMatchObject({ holderName: '王芳', holderPhone: '13600002222' });
    const seen = await detail(card.id);
    expect(seen.holderChanges).toHaveLength(1);
    expect(seen.holderChanges[0]).toMatchObject({
      before: { name: '李秀英', phone: '13800001111' },
      after: { name: '王芳', phone: '13600002222' },
      reason: '更正姓名',
    });
    // its gate entries are card/entries' (card-gate.test.ts), not the detail's
    expect(seen).not.toHaveProperty('entries');
    expect400(await move(api.updateHolder, { id: card.id, holder: next }), 'reason');
  });
});

describe('card lists, permissions and areas', () => {
  it('answers 403 without the permission and 404 for another area’s card', async () => {
    const card = await cardOf();
    for (const [method, url, b] of [
      ['POST', api.page, {}],
      ['POST', api.export, {}],
      ['GET', `${api.query}?id=${card.id}`, undefined],
      ['POST', api.activate, { id: card.id, holder }],
      ['POST', api.freeze, { id: card.id, reason: 'x' }],
      ['POST', api.unfreeze, { id: card.id, reason: 'x' }],
      ['POST', api.replace, { id: card.id, reason: 'x' }],
      ['POST', api.extend, { id: card.id, days: 1, reason: 'x' }],
      ['POST', api.updateHolder, { id: card.id, holder, reason: 'x' }],
    ] as const)
      expect((await c.call('staff', method, url, b)).statusCode, url).toBe(403);
    expect((await c.call('yunling', 'GET', `${api.query}?id=${card.id}`)).statusCode).toBe(404);
    for (const url of [api.freeze, api.replace])
      expect((await c.call('yunling', 'POST', url, { id: card.id, reason: 'x' })).statusCode).toBe(404);
    expect(
      (await c.call('yunling', 'POST', api.extend, { id: card.id, days: 1, reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await c.page<CardRow>('yunling', api.page)).total).toBe(0);
    expect((await detail(card.id)).card.state).toBe(2);
  });

  it('lists with filters and sorts, ID numbers and phones masked without the permissions; export', async () => {
    const card = await cardOf();
    const byHolder = await c.page<CardRow>('admin', api.page, { holderIdNumber: ID_NUMBER, state: 2 });
    expect(byHolder.rows.map((r) => r.id)).toContain(card.id);
    expect(
      (await c.page<CardRow>('admin', api.page, { holderName: '秀英' })).rows.map((r) => r.id),
    ).toContain(card.id);
    expect(
      (await c.page<CardRow>('admin', api.page, { holderPhone: '13800001111', kindId: kind.id })).total,
    ).toBeGreaterThan(0);
    const since = new Date(Date.now() - 60_000).toISOString();
    const recent = await c.page<CardRow>('admin', api.page, { activatedFrom: since });
    expect(recent.rows.every((r) => r.activatedAt! >= since)).toBe(true);
    const used = await c.page<CardRow>('admin', api.page, { sort: 'entriesUsed', limit: 10 });
    expect(used.rows[0]!.entriesUsed).toBeGreaterThan(0);
    // the demo: frozen and replaced cards among them
    const frozen = await c.page<CardRow>('admin', api.page, { state: 3 });
    expect(frozen.total).toBeGreaterThanOrEqual(3);
    expect((await c.page<CardRow>('admin', api.page, { state: 4 })).total).toBeGreaterThanOrEqual(1);
    await c.t.grant('staff', ['admin:card:query']);
    const res = await c.call('staff', 'POST', api.page, { holderIdNumber: ID_NUMBER });
    const row = JSON.parse(res.body).data.rows[0] as CardRow;
    expect(row.holderIdNumber).toBe('1101**********002X');
    expect(row.holderPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const zh = expectXlsx(await c.call('admin', 'POST', api.export, { cardNo: card.cardNo }), '畅游卡');
    expect(zh).toContain(card.cardNo);
    expect(zh).toContain('已激活');
    expect400(await c.call('admin', 'POST', api.page, { state: 7 }), 'state');
    expect400(await c.call('admin', 'POST', api.page, { sort: 'holderName' }), 'sort');
  });
});

function saleOf(kindId: number) {
  return { kindId, buyer: { name: '甲', phone: '13900001234' }, payWay: 1, holder };
}
