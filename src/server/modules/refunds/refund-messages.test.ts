import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { outboxMessages } from '../messaging/messaging.table.ts';
import { createOrderFixtures, type OrderFixtures } from '../orders/orders.fixture.ts';
import { placeOrder } from '../orders/index.ts';
import { staffRefund } from './refund-money.ts';

let t: TestApp;
let db: Db;
let f: OrderFixtures;
let adminId: number;

const messagesOf = (ref: string, template: number) =>
  db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.ref, ref), eq(outboxMessages.template, template)));

const buy = (phone: string, payNow = true) =>
  placeOrder(db, {
    scenicId: f.scenicId,
    channel: 1,
    clientId: 'windowManagement',
    buyer: { name: '游客', phone },
    lines: [{ productId: f.regular, date: f.date, quantity: 2 }],
    ...(payNow ? { payNow: { payWay: 1 as const } } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  f = await createOrderFixtures(db);
  // the fixtures' area (not the demo's) turns the two templates on
  await db.execute(
    sql`insert into sms_templates (scenic_id, template, content) values (${f.scenicId}, 2, 'x'), (${f.scenicId}, 5, 'y')
        on conflict (scenic_id, template) do update set enabled = true`,
  );
  adminId = Number(
    (await queryRows<{ id: number }>(db, sql`select id from admins where username = 'admin'`))[0]!.id,
  );
});
afterAll(() => t.close());

describe("a ticket order's SMS (templates 2 and 5)", () => {
  it('paying queues template 2 in the payment’s transaction, with the order’s variables and the window’s use', async () => {
    const { order } = await buy('13611112222');
    const [paid] = await messagesOf(order.orderNo, 2);
    expect(paid).toMatchObject({
      recipient: '13611112222',
      status: 0,
      use: 4,
      eventKey: `ticketPaid:${order.orderNo}`,
    });
    expect(paid!.variables).toMatchObject({
      orderNo: order.orderNo,
      quantity: '2',
      date: f.date,
      amount: '200.00',
    });
    expect(paid!.variables.product).toContain('门票');
  });

  it('an unpaid order queues nothing; an order without a phone queues nothing', async () => {
    const { order } = await buy('13611113333', false);
    expect(await messagesOf(order.orderNo, 2)).toEqual([]);
    const { order: noPhone } = await buy('');
    expect(await messagesOf(noPhone.orderNo, 2)).toEqual([]);
  });

  it('a refund with money back queues template 5 with the amount', async () => {
    const { order, tickets } = await buy('13611114444');
    await staffRefund(db, {
      scenicId: f.scenicId,
      orderId: order.id,
      ticketIds: [tickets[0]!.id],
      reason: '行程变更',
      adminId,
      adminName: 'admin',
    });
    const [refund] = await messagesOf(order.orderNo, 5);
    expect(refund).toMatchObject({ recipient: '13611114444', status: 0 });
    expect(refund!.variables).toMatchObject({ orderNo: order.orderNo, amount: '100.00' });
  });
});
