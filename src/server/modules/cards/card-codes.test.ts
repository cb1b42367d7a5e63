import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardApi,
  cardCodeApi as api,
  cardOrderApi,
  type CardCodeBatchRow,
  type CardCodeRow,
  type CardKindRow,
  type CardOrderDetail,
  type CardOrderRow,
} from '../../../shared/api/cards.ts';
import { expectXlsx } from '../../test/export.ts';
import { data, expect400 } from '../../test/replies.ts';
import { openCardApp } from './cards.fixture.ts';

let c: Awaited<ReturnType<typeof openCardApp>>;
let kind: CardKindRow;

const CODE_PERMS = ['admin:card:code:query', 'admin:card:code:update'];
const buyer = { name: '王建华', phone: '13900001234' };

beforeAll(async () => {
  c = await openCardApp();
  await c.t.grant('yunling', CODE_PERMS);
  c.tok.yunling = (await c.t.login('yunling')).access_token;
  // codes are redeemable off shelf and whatever the channels: the kind was chosen when generating
  kind = await c.kind({ status: 2, channels: ['weixinManagement'] });
});
afterAll(() => c.t.close());

const generate = (count: number, who = 'admin', kindId = kind.id) =>
  c.call(who, 'POST', api.generate, { kindId, count, note: '春节活动' });
const codesOf = async (batchId: number) =>
  (await c.page<CardCodeRow>('admin', api.page, { batchId, limit: 100 })).rows;
const redeem = (code: string, extra: Record<string, unknown> = {}, who = 'admin') =>
  c.call(who, 'POST', api.redeem, { code, buyer, ...extra });

describe('generate (R1)', () => {
  it('generates a batch of unguessable codes, lists the batch and its codes, exports them, audited', async () => {
    const batch = await data<CardCodeBatchRow>(generate(5));
    expect(batch).toMatchObject({
      kindId: kind.id,
      kindName: kind.name,
      count: 5,
      redeemed: 0,
      note: '春节活动',
    });
    const codes = await codesOf(batch.id);
    expect(codes).toHaveLength(5);
    for (const code of codes) {
      expect(code.code).toMatch(/^[2-9A-HJ-NP-Z]{16}$/);
      expect(code).toMatchObject({ status: 101, voided: false, cardId: null, cardNo: '' });
    }
    const batches = await c.page<CardCodeBatchRow>('admin', api.batches, { kindId: kind.id });
    expect(batches.rows.map((b) => b.id)).toContain(batch.id);
    const found = await c.page<CardCodeRow>('admin', api.page, { code: codes[0]!.code.slice(2, 10) });
    expect(found.rows.map((r) => r.id)).toEqual([codes[0]!.id]);
    const xlsx = expectXlsx(await c.call('admin', 'POST', api.export, { batchId: batch.id }), '畅游卡兑换码');
    for (const code of codes) expect(xlsx).toContain(code.code);
    const audits = await c.sqlRows<{ action: string }>(
      sql`select action from audit_logs where target_type = 'cardCodeBatch' and target_id = ${String(batch.id)}`,
    );
    expect(audits.map((a) => a.action)).toEqual(['cardCode.generate']);
  });

  it('makes 10,000 codes in one call; refuses 0, 10,001 and a kind of another area', async () => {
    const big = await data<CardCodeBatchRow>(generate(10_000));
    const [{ n }] = (await c.sqlRows<{ n: number }>(
      sql`select count(distinct code)::int as n from card_codes where batch_id = ${big.id}`,
    )) as [{ n: number }];
    expect(n).toBe(10_000);
    expect400(await generate(0), 'count');
    expect400(await generate(10_001), 'count');
    const other = await c.kind({}, 'yunling');
    expect400(await generate(1, 'admin', other.id), 'kindId');
    expect400(
      await c.call('admin', 'POST', api.generate, { kindId: kind.id, count: 1, note: 'x'.repeat(201) }),
      'note',
    );
  });

  it('answers 403 without the permissions and hides another area’s batches and codes', async () => {
    const batch = await data<CardCodeBatchRow>(generate(1));
    const [code] = await codesOf(batch.id);
    for (const [url, body] of [
      [api.generate, { kindId: kind.id, count: 1 }],
      [api.batches, {}],
      [api.page, {}],
      [api.export, {}],
      [api.void, { batchId: batch.id }],
      [api.redeem, { code: code!.code, buyer }],
    ] as const)
      expect((await c.call('staff', 'POST', url, body)).statusCode, url).toBe(403);
    expect((await c.page<CardCodeRow>('yunling', api.page, { batchId: batch.id })).total).toBe(0);
    expect((await c.page<CardCodeBatchRow>('yunling', api.batches, {})).total).toBe(0);
    expect((await c.call('yunling', 'POST', api.void, { batchId: batch.id })).statusCode).toBe(404);
    expect((await c.call('yunling', 'POST', api.void, { ids: [code!.id] })).statusCode).toBe(404);
    expect((await redeem(code!.code, {}, 'yunling')).statusCode).toBe(404);
    expect((await codesOf(batch.id))[0]).toMatchObject({ status: 101, voided: false });
  });
});

describe('redeem (R2, R3) and void (R4)', () => {
  it('redeems a code: an order of amount 0 paid by the code, its card; a second time 409', async () => {
    const batch = await data<CardCodeBatchRow>(generate(2));
    const [code] = await codesOf(batch.id);
    const sold = await data<CardOrderDetail>(redeem(code!.code.toLowerCase()));
    expect(sold).toMatchObject({ kindId: kind.id, amount: 0, payWay: 0, status: 201 });
    expect(sold.cards[0]).toMatchObject({ state: 1 });
    expect((await codesOf(batch.id))[0]).toMatchObject({
      status: 201,
      cardId: sold.cards[0]!.id,
      cardNo: sold.cards[0]!.cardNo,
    });
    // the order lists find it by its pay way, the code (0)
    const byCode = await c.page<CardOrderRow>('admin', cardOrderApi.page, {
      payWay: 0,
      orderNo: sold.orderNo,
    });
    expect(byCode.rows.map((r) => r.payWay)).toEqual([0]);
    const again = await redeem(code!.code);
    expect(again.statusCode).toBe(409);
    expect(JSON.parse(again.body).msg).toContain('已兑换');
    expect((await redeem('ABCDEFGHJKLMNPQR')).statusCode).toBe(404);
    expect400(await redeem(code!.code, { buyer: { name: '甲', phone: '123' } }), 'buyer.phone');
    // R3: activating the card later moves its code 201 → 301
    await data(
      c.call('admin', 'POST', cardApi.activate, { id: sold.cards[0]!.id, holder: { name: '李秀英' } }),
    );
    expect((await codesOf(batch.id))[0]!.status).toBe(301);
    const batches = await c.page<CardCodeBatchRow>('admin', api.batches, { kindId: kind.id });
    expect(batches.rows.find((b) => b.id === batch.id)!.redeemed).toBe(1);
  });

  it('redeems with a holder: the card active and the code 301 at once', async () => {
    const batch = await data<CardCodeBatchRow>(generate(1));
    const [code] = await codesOf(batch.id);
    const sold = await data<CardOrderDetail>(redeem(code!.code, { holder: { name: '赵六' } }));
    expect(sold.status).toBe(301);
    expect(sold.cards[0]).toMatchObject({ state: 2, holderName: '赵六' });
    expect((await codesOf(batch.id))[0]!.status).toBe(301);
    expect((await c.page<CardCodeRow>('admin', api.page, { batchId: batch.id, status: 301 })).total).toBe(1);
  });

  it('voids codes all or none, a batch once; a voided code is not redeemed (409)', async () => {
    const batch = await data<CardCodeBatchRow>(generate(4));
    const [a, b, d, e] = await codesOf(batch.id);
    await data(redeem(a!.code));
    // one of them redeemed: nothing changes
    expect((await c.call('admin', 'POST', api.void, { ids: [a!.id, b!.id] })).statusCode).toBe(409);
    expect((await codesOf(batch.id))[1]!.voided).toBe(false);
    expect(await data(c.call('admin', 'POST', api.void, { ids: [b!.id] }))).toEqual({ voided: 1 });
    const voided = await redeem(b!.code);
    expect(voided.statusCode).toBe(409);
    expect(JSON.parse(voided.body).msg).toContain('作废');
    expect(await data(c.call('admin', 'POST', api.void, { batchId: batch.id }))).toEqual({ voided: 2 });
    expect((await c.call('admin', 'POST', api.void, { batchId: batch.id })).statusCode).toBe(409);
    const rows = await codesOf(batch.id);
    expect(rows.map((r) => [r.status, r.voided])).toEqual([
      [201, false],
      [101, true],
      [101, true],
      [101, true],
    ]);
    expect((await redeem(d!.code)).statusCode).toBe(409);
    expect((await c.page<CardCodeRow>('admin', api.page, { batchId: batch.id, voided: true })).total).toBe(3);
    expect(e).toBeDefined();
    expect400(await c.call('admin', 'POST', api.void, { ids: [] }), 'ids');
  });
});
