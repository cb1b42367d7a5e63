import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_RULE } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { dayFromNow, insertPaidOrder, insertRefundProduct } from './refunds.fixture.ts';
import { approveRefundRequest, requestRefund } from './refunds.service.ts';
import { queryRows } from '../../db/rows.ts';

const ATTEMPTS = 6;

/**
 * CONTROL: the naive approval, check then update. Every reviewer sees the request still open before
 * any of them writes, so each one approves it and creates a refund; the pause widens the window the
 * way a busy server does.
 */
async function naiveApprove(db: Db, requestId: number, adminId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [request] = await queryRows<{
      status: number;
      order_id: number;
      refund_amount: number;
      ticket_id: number;
    }>(
      tx,
      sql`select status, order_id, refund_amount, ticket_id from refund_requests where id = ${requestId}`,
    );
    if (Number(request!.status) !== 1) return false;
    await tx.execute(sql`select pg_sleep(0.05)`);
    await tx.execute(
      sql`update refund_requests set status = 2, reviewed_by_admin_id = ${adminId} where id = ${requestId}`,
    );
    const [payment] = await queryRows<{ id: number }>(
      tx,
      sql`select id from payments where order_id = ${request!.order_id} order by id limit 1`,
    );
    await tx.execute(
      sql`insert into refunds (scenic_id, order_id, payment_id, refund_request_id, ticket_ids, amount, status)
          values (1, ${request!.order_id}, ${payment!.id}, ${requestId}, ${`{${request!.ticket_id}}`}::bigint[],
            ${request!.refund_amount}, 'external')`,
    );
    return true;
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the same refund approved at once (PostgreSQL)', () => {
  let t: TestApp;
  let db: Db;
  let product: number;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    product = await insertRefundProduct(db, 1, { refundRule: REFUND_RULE.anytime });
    const [admin] = await queryRows<{ id: number }>(db, sql`select id from admins where username = 'admin'`);
    adminId = Number(admin!.id);
  });

  afterAll(async () => {
    await t?.close();
  });

  async function openRequest() {
    const o = await insertPaidOrder(db, {
      scenicId: 1,
      productId: product,
      visitDate: dayFromNow(6),
      prices: [5_000],
    });
    const [request] = await requestRefund(db, {
      scenicId: 1,
      ticketIds: o.ticketIds,
      reason: '',
      requestedBy: 'mini',
    });
    return { ...o, requestId: request!.id };
  }

  async function refundCount(requestId: number) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from refunds where refund_request_id = ${requestId}`,
    );
    return Number(row!.n);
  }

  it('CONTROL: a naive check-then-update approves it several times and refunds twice or more', async () => {
    const o = await openRequest();
    const results = await Promise.all(
      Array.from({ length: ATTEMPTS }, () => naiveApprove(db, o.requestId, adminId)),
    );
    expect(results.filter(Boolean).length).toBeGreaterThan(1);
    expect(await refundCount(o.requestId)).toBeGreaterThan(1);
  });

  it('approveRefundRequest: exactly one approval, one set of refunds, the money counted once', async () => {
    const o = await openRequest();
    const results = await Promise.allSettled(
      Array.from({ length: ATTEMPTS }, () =>
        approveRefundRequest(db, { scenicId: 1, requestId: o.requestId, adminId }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as { statusCode?: number }).statusCode).toBe(409);
    expect(await refundCount(o.requestId)).toBe(1);
    const [order] = await queryRows<{ refunded_amount: number }>(
      db,
      sql`select refunded_amount from ticket_orders where id = ${o.orderId}`,
    );
    expect(Number(order!.refunded_amount)).toBe(5_000);
    const [payment] = await queryRows<{ refunded_amount: number }>(
      db,
      sql`select refunded_amount from payments where order_id = ${o.orderId}`,
    );
    expect(Number(payment!.refunded_amount)).toBe(5_000);
  });
});
