import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberApi } from '../../../shared/api/member-api.ts';
import type { PrepayAnswer } from '../../../shared/api/payments.ts';
import { queryRows } from '../../db/rows.ts';
import { data, expect400 } from '../../test/replies.ts';
import { closeStaleRecharges } from '../members/recharge.service.ts';
import { openPayApp, type PayApp } from '../payments/online-pay.fixture.ts';
import { runTopUpJobs } from './topups.jobs.ts';

let w: PayApp;
let mini = '';
const members: { token: string; id: number }[] = [];
let phone = 13700007000;

/** Signs a new member in by phone in `scenicId` (YLGZ by default): their token and id. */
async function signIn(scenicId = w.f.scenicId) {
  const login = await data<{ token: string }>(
    w.t.call(mini, 'POST', memberApi.login, { phone: String(++phone) }, { 'x-scenic-id': String(scenicId) }),
  );
  const [row] = await queryRows<{ id: number }>(
    w.db,
    sql`select id from members where scenic_id = ${scenicId} and phone = ${String(phone)}`,
  );
  return { token: login.token, id: Number(row!.id) };
}

const headers = (who: number, scenicId = w.f.scenicId) => ({
  'x-scenic-id': String(scenicId),
  'x-member-token': members[who]!.token,
});
const asMember = (who: number, url: string, body: unknown) => w.t.call(mini, 'POST', url, body, headers(who));
const startTopUp = async (who: number, amount: number, payWay = 2) =>
  (await data<{ rechargeNo: string }>(asMember(who, memberApi.recharge, { amount, payWay }))).rechargeNo;
const prepay = (who: number, rechargeNo: string, body: Record<string, unknown> = {}) =>
  asMember(who, '/api/open/pay/prepay', {
    target: 'topup',
    orderNo: rechargeNo,
    payWay: 2,
    scene: 'qr',
    ...body,
  });
const ledgerOf = (memberId: number) =>
  queryRows<{ operation: number; change: number; reference: string }>(
    w.db,
    sql`select operation, change, reference from member_ledger where member_id = ${memberId} order by id`,
  );
const rechargeOf = async (rechargeNo: string) =>
  (
    await queryRows<{ status: number; pay_way: number; provider_txn_id: string | null }>(
      w.db,
      sql`select status, pay_way, provider_txn_id from recharges where recharge_no = ${rechargeNo}`,
    )
  )[0]!;
const balanceOf = async (memberId: number) =>
  Number(
    (await queryRows<{ balance: number }>(w.db, sql`select balance from members where id = ${memberId}`))[0]!
      .balance,
  );

beforeAll(async () => {
  w = await openPayApp();
  mini = await w.t.clientToken('weixinManagement');
  for (let i = 0; i < 3; i++) members.push(await signIn());
  await w.db.execute(
    sql`insert into recharge_rules (scenic_id, pay_amount, gift_amount) values (${w.f.scenicId}, 10000, 1000)`,
  );
}, 60_000);
afterAll(() => w?.close());
beforeEach(() => w.sandbox.control.reset());

describe('a member tops up online: prepay, the provider’s notification, the credit', () => {
  it('the notification credits the amount and the rule’s gift once; a replayed one changes nothing', async () => {
    const me = members[0]!;
    const rechargeNo = await startTopUp(0, 10_000);
    const pay = await data<PrepayAnswer>(
      prepay(0, rechargeNo, { scene: 'jsapi', payerId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }),
    );
    expect(pay).toMatchObject({ payWay: 2, amount: 10_000, scene: 'jsapi' });
    expect(pay.params).toEqual(expect.objectContaining({ paySign: expect.any(String) }));
    w.sandbox.control.setNotify({ twice: true });
    await w.sandbox.control.pay(pay.paymentNo);
    expect(w.notified.slice(-2).map((n) => n.status)).toEqual([204, 204]);
    const last = w.notified.at(-1)!;
    const replay = await w.t.app.inject({
      method: 'POST',
      url: last.url,
      headers: last.headers,
      payload: last.body,
    });
    expect(replay.statusCode).toBe(204);
    expect(await balanceOf(me.id)).toBe(11_000);
    expect(await ledgerOf(me.id)).toEqual([
      { operation: 1, change: 10_000, reference: rechargeNo },
      { operation: 4, change: 1000, reference: rechargeNo },
    ]);
    expect(await rechargeOf(rechargeNo)).toMatchObject({
      status: 201,
      pay_way: 2,
      provider_txn_id: expect.any(String),
    });
    const [audits] = await queryRows<{ n: number }>(
      w.db,
      sql`select count(*)::int as n from audit_logs where module = 'members' and action = 'topUp' and target_id = ${String(me.id)}`,
    );
    expect(audits!.n).toBe(1);
    // the member sees it paid; a paid top-up cannot be asked for again
    const intent = await data<{ status: string; target: string }>(
      w.t.call(mini, 'GET', `/api/open/pay/query?paymentNo=${pay.paymentNo}`, undefined, headers(0)),
    );
    expect(intent).toMatchObject({ status: 'paid', target: 'topup' });
    expect((await prepay(0, rechargeNo)).statusCode).toBe(409);
  });

  it('Alipay pays a top-up started as WeChat Pay: the pay way that paid it is recorded', async () => {
    const rechargeNo = await startTopUp(1, 3000);
    const pay = await data<PrepayAnswer>(prepay(1, rechargeNo, { payWay: 3 }));
    await w.sandbox.control.pay(pay.paymentNo);
    expect(w.notified.at(-1)!.status).toBe(200);
    expect(await rechargeOf(rechargeNo)).toMatchObject({ status: 201, pay_way: 3 });
  });

  it('a second payment of a paid top-up, and a payment after the top-up closed, are credited too', async () => {
    const me = await signIn();
    members[3] = me;
    const twice = await startTopUp(3, 10_000);
    const first = await data<PrepayAnswer>(prepay(3, twice));
    const second = await data<PrepayAnswer>(prepay(3, twice, { payWay: 3 }));
    await w.sandbox.control.pay(first.paymentNo);
    await w.sandbox.control.pay(second.paymentNo);
    expect(await ledgerOf(me.id)).toEqual([
      { operation: 1, change: 10_000, reference: twice },
      { operation: 4, change: 1000, reference: twice },
      { operation: 1, change: 10_000, reference: twice },
    ]);

    const late = await startTopUp(3, 2000);
    const pay = await data<PrepayAnswer>(prepay(3, late));
    await closeStaleRecharges(w.db, new Date(Date.now() + 31 * 60_000));
    expect((await rechargeOf(late)).status).toBe(103);
    await w.sandbox.control.pay(pay.paymentNo);
    expect((await rechargeOf(late)).status).toBe(201);
    expect(await balanceOf(me.id)).toBe(23_000);
  });

  it('the topups job asks the provider about payments past their deadline: paid ones credited, open ones closed', async () => {
    const me = members[2]!;
    const before = await balanceOf(me.id);
    const paid = await startTopUp(2, 500);
    const unpaid = await startTopUp(2, 700);
    const paying = await data<PrepayAnswer>(prepay(2, paid));
    const waiting = await data<PrepayAnswer>(prepay(2, unpaid));
    w.sandbox.control.setNotify({ hold: true });
    await w.sandbox.control.pay(paying.paymentNo);
    await runTopUpJobs(w.db, new Date(Date.now() + 31 * 60_000));
    expect(await balanceOf(me.id)).toBe(before + 500);
    const intents = await queryRows<{ payment_no: string; status: string }>(
      w.db,
      sql`select payment_no, status from pay_intents where payment_no in (${paying.paymentNo}, ${waiting.paymentNo}) order by id`,
    );
    expect(intents.map((i) => i.status)).toEqual(['paid', 'closed']);
    await w.sandbox.control.releaseNotifications();
    expect(await balanceOf(me.id)).toBe(before + 500);
  });
});

describe('prepay of a top-up: bad input, who may ask, other areas', () => {
  it('400 naming the field, 401 without a member, 404 for another member’s top-up and another area’s, 409 once closed', async () => {
    const rechargeNo = await startTopUp(0, 1200);
    expect400(await prepay(0, rechargeNo, { scene: undefined }), 'scene');
    expect400(await prepay(0, rechargeNo, { payWay: 9 }), 'payWay');
    expect400(await prepay(0, '', {}), 'orderNo');
    const body = { target: 'topup', orderNo: rechargeNo, payWay: 2, scene: 'qr' };
    const area = { 'x-scenic-id': String(w.f.scenicId) };
    expect((await w.t.call(null, 'POST', '/api/open/pay/prepay', body, area)).statusCode).toBe(401);
    expect((await w.t.call(mini, 'POST', '/api/open/pay/prepay', body, area)).statusCode).toBe(401);
    expect((await w.open('POST', '/api/open/pay/prepay', body)).statusCode).toBe(401);
    expect((await prepay(1, rechargeNo)).statusCode).toBe(404);
    members[4] = await signIn(w.f.otherScenicId);
    const elsewhere = await w.t.call(
      mini,
      'POST',
      '/api/open/pay/prepay',
      body,
      headers(4, w.f.otherScenicId),
    );
    expect(elsewhere.statusCode).toBe(404);
    const pay = await data<PrepayAnswer>(prepay(0, rechargeNo));
    const peek = await w.t.call(
      mini,
      'GET',
      `/api/open/pay/query?paymentNo=${pay.paymentNo}`,
      undefined,
      headers(1),
    );
    expect(peek.statusCode).toBe(404);
    await closeStaleRecharges(w.db, new Date(Date.now() + 31 * 60_000));
    expect((await prepay(0, rechargeNo)).statusCode).toBe(409);
  });
});
