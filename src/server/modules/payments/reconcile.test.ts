import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  payReconcileApi,
  type PayDifferenceRow,
  type PayStatement,
} from '../../../shared/api/pay-reconcile.ts';
import { queryRows } from '../../db/rows.ts';
import { areaDay, addDays, areaDayStart } from '../../lib/area-clock.ts';
import { xlsxText } from '../../test/harness.ts';
import { data, expect400, type Page } from '../../test/replies.ts';
import { openPayApp, type PayApp } from './online-pay.fixture.ts';
import { differencesOf, runReconciliation, STATEMENT_ZONE } from './reconcile.service.ts';
import { sendRefunds } from './refund-sender.ts';

let w: PayApp;
let today: string;
const paid: string[] = [];
let lost = '';
let lostOrder = '';

const staff = (url: string, body: unknown, token?: string) => w.t.call(token ?? w.staff, 'POST', url, body);
const exportFile = () =>
  w.t.app.inject({
    method: 'POST',
    url: payReconcileApi.export,
    headers: { authorization: `bearer ${w.staff}` },
    payload: {},
  });
const page = async (filter: object = {}) =>
  data<Page<PayDifferenceRow>>(staff(payReconcileApi.page, { page: 1, limit: 50, ...filter }));

beforeAll(async () => {
  w = await openPayApp();
  today = areaDay(new Date(), STATEMENT_ZONE);
  await w.db.execute(sql`update ticket_products set refund_rule = 3 where id = ${w.f.regular}`);
  // three payments today, one refunded through the provider
  for (let i = 0; i < 3; i++) {
    const { orderNo } = await w.order();
    const pay = await w.prepay(orderNo);
    await w.sandbox.control.pay(pay.paymentNo);
    paid.push(pay.paymentNo);
  }
  const [first] = await queryRows<{ id: number }>(
    w.db,
    sql`select o.id from ticket_orders o join pay_intents i on i.target_no = o.order_no where i.payment_no = ${paid[0]}`,
  );
  const tickets = await queryRows<{ id: number }>(
    w.db,
    sql`select id from order_tickets where order_id = ${first!.id}`,
  );
  await data(
    staff('/web/api/admin/order/staffRefund', {
      orderId: first!.id,
      ticketIds: tickets.map((t) => Number(t.id)),
      reason: '对账测试退款',
    }),
  );
  await sendRefunds(w.db, w.t.config.publicUrl);
}, 90_000);
afterAll(() => w?.close());

describe('the daily reconciliation', () => {
  it('a statement with one wrong amount gives exactly one difference', async () => {
    w.sandbox.control.adjustStatement(paid[1]!, 19_990);
    const run = await data<PayStatement>(staff(payReconcileApi.run, { payWay: 2, date: today }));
    expect(run).toMatchObject({ status: 'matched', lines: 4, differences: 1 });
    const { rows, total } = await page();
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      kind: 'amountDiffers',
      paymentNo: paid[1],
      lineKind: 'payment',
      ourAmount: 20_000,
      theirAmount: 19_990,
      status: 'open',
      settleable: false,
    });
  });

  it('a notification that never reached us shows as missing here, beside the wrong amount', async () => {
    const { orderNo } = await w.order();
    const pay = await w.prepay(orderNo);
    w.intercept = true;
    await w.sandbox.control.pay(pay.paymentNo);
    w.intercept = false;
    lost = pay.paymentNo;
    lostOrder = orderNo;
    const run = await data<PayStatement>(staff(payReconcileApi.run, { payWay: 2, date: today }));
    expect(run).toMatchObject({ status: 'matched', lines: 5, differences: 2 });
    expect((await page({ kind: 'missingHere' })).rows).toEqual([
      expect.objectContaining({ paymentNo: lost, settleable: true, theirAmount: 20_000, ourAmount: null }),
    ]);
    // the filters
    expect((await page({ kind: 'amountDiffers' })).total).toBe(1);
    expect((await page({ paymentNo: lost })).rows.map((r) => r.kind)).toEqual(['missingHere']);
    expect((await page({ dateFrom: addDays(today, 1) })).total).toBe(0);
  });

  it('settles the lost payment from the provider: the order is paid, the difference settled and audited', async () => {
    const [missing] = (await page({ kind: 'missingHere' })).rows;
    const settled = await data<PayDifferenceRow>(staff(payReconcileApi.settle, { id: missing!.id }));
    expect(settled).toMatchObject({ status: 'settled', resolvedBy: 'yunling' });
    const [order] = await queryRows<{ pay_status: number }>(
      w.db,
      sql`select pay_status from ticket_orders where order_no = ${lostOrder}`,
    );
    expect(order!.pay_status).toBe(201);
    const audits = await queryRows<{ action: string }>(
      w.db,
      sql`select action from audit_logs where target_type = 'payDifference' and target_id = ${String(missing!.id)}`,
    );
    expect(audits.map((a) => a.action)).toEqual(['payDifference.settle']);
    // a second settle is 409; settling a wrong amount is 409
    expect((await staff(payReconcileApi.settle, { id: missing!.id })).statusCode).toBe(409);
    const [wrong] = (await page({ kind: 'amountDiffers' })).rows;
    expect((await staff(payReconcileApi.settle, { id: wrong!.id })).statusCode).toBe(409);
  });

  it('accepts a difference with a note; a run again keeps what was fixed and finds nothing new', async () => {
    const [wrong] = (await page({ kind: 'amountDiffers' })).rows;
    // still open (no resolved time): exported with that cell empty
    expect((await exportFile()).statusCode).toBe(200);
    expect400(await staff(payReconcileApi.accept, { id: wrong!.id, note: ' ' }), 'note');
    const accepted = await data<PayDifferenceRow>(
      staff(payReconcileApi.accept, { id: wrong!.id, note: '渠道手续费调整，已核实' }),
    );
    expect(accepted).toMatchObject({ status: 'accepted', note: '渠道手续费调整，已核实' });
    const again = await data<PayStatement>(staff(payReconcileApi.run, { payWay: 2, date: today }));
    expect(again).toMatchObject({ status: 'matched', differences: 1 });
    expect((await page()).rows.map((r) => r.status).sort()).toEqual(['accepted', 'settled']);
    const file = await exportFile();
    expect(file.statusCode).toBe(200);
    expect(xlsxText(file.rawPayload)).toContain('渠道手续费调整');
    for (const secret of w.secrets) expect(xlsxText(file.rawPayload)).not.toContain(secret);
  });

  it('refuses without the permission (403), another area’s difference (404), bad input (400)', async () => {
    const [any] = (await page()).rows;
    const other = (await w.t.login('admin')).access_token;
    expect((await staff(payReconcileApi.accept, { id: any!.id, note: '看看' }, other)).statusCode).toBe(404);
    const plain = (await w.t.login('staff')).access_token;
    expect((await staff(payReconcileApi.page, { page: 1, limit: 10 }, plain)).statusCode).toBe(403);
    expect((await staff(payReconcileApi.run, { payWay: 2, date: today }, plain)).statusCode).toBe(403);
    expect400(await staff(payReconcileApi.run, { payWay: 9, date: today }), 'payWay');
    expect400(await staff(payReconcileApi.run, { payWay: 2, date: '2026-13-01' }), 'date');
  });

  it('the job matches yesterday’s statements once, after 10:00 China time', async () => {
    const tomorrow = addDays(today, 1);
    const early = new Date(areaDayStart(tomorrow, STATEMENT_ZONE).getTime() + 9 * 3_600_000);
    expect(await runReconciliation(w.db, w.t.config.publicUrl, early)).toEqual({ matched: 0, failed: 0 });
    await w.db.execute(sql`delete from pay_statements where statement_date = ${today}`);
    const late = new Date(early.getTime() + 2 * 3_600_000);
    // WeChat Pay and Alipay of YLGZ, each once
    expect(await runReconciliation(w.db, w.t.config.publicUrl, late)).toEqual({ matched: 2, failed: 0 });
    expect(await runReconciliation(w.db, w.t.config.publicUrl, late)).toEqual({ matched: 0, failed: 0 });
  });

  it('finds each kind of difference (the matching itself)', () => {
    const line = (paymentNo: string, amount: number) => ({
      lineKind: 'payment' as const,
      paymentNo,
      refundNo: '',
      providerTxnId: `t-${paymentNo}`,
      amount,
    });
    const found = differencesOf(
      [line('A', 100), line('B', 200), line('C', 300)],
      [line('A', 100), line('B', 250), line('D', 400)],
    );
    expect(found.map((d) => [d.kind, d.paymentNo, d.ourAmount, d.theirAmount])).toEqual([
      ['amountDiffers', 'B', 200, 250],
      ['missingHere', 'D', null, 400],
      ['missingThere', 'C', 300, null],
    ]);
  });
});
