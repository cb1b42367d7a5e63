import { sql } from 'drizzle-orm';
import type { HistoryPayment } from '../../../pay-sandbox/ops.ts';
import type { Config } from '../../lib/config.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { addDays, areaDay } from '../../lib/area-clock.ts';
import { PAY_ADAPTERS } from './adapters/index.ts';
import { reconcileDay, STATEMENT_ZONE } from './reconcile.service.ts';

/**
 * The demo's online payments made real (docs/payments.md "Demo"): the history's WeChat Pay and
 * Alipay payments of its last DEMO_PROVIDER_DAYS days become the adapters' payments (their intents,
 * transaction ids, the refunds the provider did), so a refund of such an order goes through the
 * sandbox and the reconciliation screen has statements to match. Older ones stay the seed's.
 */
export const DEMO_PROVIDER_DAYS = 30;
/** The days before today reconciled when the demo starts without any statement. */
const DEMO_RECONCILED_DAYS = 3;

const json = (rows: unknown[]) => JSON.stringify(rows);

/** After the order history (seedDemoHistory, after order-admin's): intents, provider names and refunds. */
export async function seedDemoPaymentHistory(db: Db, scenicId: number, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - DEMO_PROVIDER_DAYS * 86_400_000);
  for (const { name, payWay } of PAY_ADAPTERS) {
    const paid = await queryRows<{ id: number; created_at: Date }>(
      db,
      sql`select id, created_at from payments
          where scenic_id = ${scenicId} and pay_way = ${payWay} and provider = 'seed' and created_at >= ${since}`,
    );
    if (!paid.length) continue;
    const rows = paid.map((p) => {
      const id = Number(p.id);
      const day = new Date(p.created_at).toISOString().slice(0, 10).replaceAll('-', '');
      return {
        id,
        payment_no: `P${day}${id.toString(16).toUpperCase().padStart(12, '0')}`,
        // WeChat's transaction_id (28 digits) and Alipay's trade_no look like the providers' own
        txn:
          payWay === 2 ? `4200${String(id).padStart(24, '0')}` : `${day}22001${String(id).padStart(15, '0')}`,
      };
    });
    await db.execute(sql`update payments p set provider = ${name}, provider_txn_id = x.txn, updated_at = p.updated_at
      from json_to_recordset(${json(rows)}) as x(id bigint, txn text) where p.id = x.id`);
    await db.execute(sql`insert into pay_intents (scenic_id, pay_way, provider, payment_no, target, target_no, amount,
        scene, status, provider_txn_id, expires_at, paid_at, created_at, updated_at)
      select p.scenic_id, p.pay_way, ${name}, x.payment_no, 'ticket', o.order_no, p.amount, 'jsapi', 'paid', p.provider_txn_id,
        p.created_at + interval '15 minutes', p.created_at, p.created_at - interval '1 minute', p.created_at
      from json_to_recordset(${json(rows)}) as x(id bigint, payment_no text)
      join payments p on p.id = x.id join ticket_orders o on o.id = p.order_id`);
    // the refunds of those payments the history wrote as done: done by the provider
    await db.execute(sql`insert into provider_refunds (scenic_id, target, refund_id, refund_no, pay_way, payment_no,
        amount, attempts, done_at, created_at, updated_at)
      select r.scenic_id, 'ticket', r.id, 'RTI' || lpad(r.id::text, 10, '0'), ${payWay}, x.payment_no, r.amount, 1,
        r.done_at, r.created_at, r.done_at
      from json_to_recordset(${json(rows)}) as x(id bigint, payment_no text)
      join refunds r on r.payment_id = x.id where r.status = 'done' and r.done_at is not null`);
  }
}

interface DemoArea {
  scenic_id: number;
  pay_way: number;
  merchant_id: string;
  app_id: string;
}

/** The area's paid intents of the demo window, with their provider refunds, as the sandbox's history. */
async function historyOf(db: Db, area: DemoArea, since: Date): Promise<HistoryPayment[]> {
  const rows = await queryRows<{
    payment_no: string;
    provider_txn_id: string;
    amount: number;
    paid_at: Date;
    target_no: string;
    refunds: { refundNo: string; amount: number; doneAt: string }[] | string | null;
  }>(
    db,
    sql`select i.payment_no, i.provider_txn_id, i.amount, i.paid_at, i.target_no,
          (select json_agg(json_build_object('refundNo', r.refund_no, 'amount', r.amount, 'doneAt', r.done_at))
             from provider_refunds r where r.payment_no = i.payment_no and r.done_at is not null) as refunds
        from pay_intents i
        where i.scenic_id = ${area.scenic_id} and i.pay_way = ${area.pay_way} and i.status = 'paid'
          and i.paid_at >= ${since}
        order by i.paid_at`,
  );
  return rows.map((r) => ({
    provider: area.pay_way === 2 ? 'wechat' : 'alipay',
    merchantId: area.merchant_id,
    appId: area.app_id,
    paymentNo: r.payment_no,
    transactionId: r.provider_txn_id,
    amount: Number(r.amount),
    description: r.target_no,
    paidAt: new Date(r.paid_at).toISOString(),
    refunds: (typeof r.refunds === 'string'
      ? JSON.parse(r.refunds)
      : (r.refunds ?? [])) as HistoryPayment['refunds'],
  }));
}

/**
 * At start, with the sandbox (it keeps nothing across restarts): the demo window's payments and
 * refunds told to it again. On the first start (no statement yet) the last days are reconciled at
 * once; the sandbox is told that the newest payment of those days carries a fee on its statement
 * (an amount that differs) and is not told of the one before (missing at the provider), so the
 * screen shows the two kinds a person looks into and accepts.
 */
export async function replayDemoHistory(
  db: Db,
  config: Config,
  control: (path: string, body?: unknown) => Promise<unknown>,
  now = new Date(),
): Promise<void> {
  const since = new Date(now.getTime() - DEMO_PROVIDER_DAYS * 86_400_000);
  const areas = await queryRows<DemoArea>(
    db,
    sql`select scenic_id, pay_way, merchant_id, app_id from payment_settings
        where enabled and position(${config.paySandboxUrl} in gateway_url) = 1`,
  );
  const today = areaDay(now, STATEMENT_ZONE);
  for (const area of areas) {
    const history = await historyOf(db, area, since);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pay_statements where scenic_id = ${area.scenic_id} and pay_way = ${area.pay_way}`,
    );
    const first = Number(n) === 0;
    // the newest two payments without refunds of the days reconciled below
    const reconciled = history
      .filter(
        (p) =>
          !p.refunds?.length &&
          areaDay(new Date(p.paidAt), STATEMENT_ZONE) >= addDays(today, -DEMO_RECONCILED_DAYS),
      )
      .filter((p) => areaDay(new Date(p.paidAt), STATEMENT_ZONE) < today)
      .reverse();
    const [withFee, untold] = first ? reconciled : [];
    await control('history', { payments: history.filter((p) => p !== untold) });
    if (!first) continue;
    if (withFee) await control('statement', { no: withFee.paymentNo, amount: withFee.amount - 100 });
    for (let back = DEMO_RECONCILED_DAYS; back >= 1; back--)
      await reconcileDay(db, {
        scenicId: Number(area.scenic_id),
        payWay: Number(area.pay_way),
        date: addDays(today, -back),
        publicUrl: config.publicUrl,
      });
  }
}
