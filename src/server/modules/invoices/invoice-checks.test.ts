import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoiceCheckApi,
  invoiceMismatchApi,
  invoiceSettlementApi,
  invoiceStuckApi,
  invoiceUnbilledApi,
  type InvoiceCheckCounts,
  type MismatchRow,
  type SettlementInvoiceRow,
  type StuckRow,
  type UnbilledRow,
} from '../../../shared/api/invoice-checks.ts';
import { invoiceSettingApi } from '../../../shared/api/invoice-settings.ts';
import { invoiceApi, type InvoiceRowView } from '../../../shared/api/invoices.ts';
import { openOrderApi } from '../../../shared/api/selling.ts';
import { startPaySandbox, type PaySandbox } from '../../../pay-sandbox/sandbox.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { useEgressAllow } from '../../lib/egress.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { callsAs, data, expect400 } from '../../test/replies.ts';
import { createOrderFixtures, type OrderFixtures } from '../orders/orders.fixture.ts';

// /invoice/invDetection and /invoice/disInvoicePage (docs/invoices.md "Checks and settlement invoices").
// yunling acts in the fixture area (YLGZ); staff and the distributor account agent in QSH.
const SELLERS = [
  { taxId: '91530700MA6K0C4K7M', name: '玉龙检测开发有限公司' },
  { taxId: '91530100MA6K0D5L8P', name: '青山结算开发有限公司' },
];
const APP = { appKey: 'SD00000033', appSecret: 'SDSECRET0033CHECKS', accessToken: 'tok-checks-0033' };

let t: TestApp;
let db: Db;
let f: OrderFixtures;
let sandbox: PaySandbox;
let seller: string;
let qsh: number;
const tok: Record<string, string> = {};
const { call, page } = callsAs(() => t, tok, { strict: true });
const post = <T>(who: string, url: string, body: unknown) => data<T>(call(who, 'POST', url, body));

const rule = (itemName: string, taxCode: string) => ({ itemName, taxCode, rate: 600, zeroRate: 0 });
const issuerOf = (s: (typeof SELLERS)[number], seriesCode: string) => ({
  kind: 1,
  name: s.name,
  taxId: s.taxId,
  address: '云南省丽江市',
  phone: '0888-5131000',
  bankName: '',
  bankAccount: '',
  mode: 2,
  lineKind: 'p',
  taxRules: {
    ticket: rule('*旅游服务*门票', '3070201020000000000'),
    settlement: rule('*旅游服务*分销结算', '3070201020000000000'),
  },
  seriesCode,
  provider: 'nuonuo',
  providerUrl: sandbox.url,
  ...APP,
  enabled: true,
  remarks: '',
});

/** A paid order (cash, 2 × 100.00) of the fixture area, paid `daysAgo` days ago. */
async function paidOrder(daysAgo: number): Promise<{ orderNo: string; id: number }> {
  const res = await t.call(
    seller,
    'POST',
    openOrderApi.create,
    {
      buyer: { name: '检测游客', phone: '13900000033' },
      lines: [{ productId: f.regular, date: f.date, quantity: 2 }],
      payNow: { payWay: 1 },
    },
    { 'x-scenic-id': String(f.scenicId), 'idempotency-key': crypto.randomUUID() },
  );
  const { orderNo } = (await data<{ orderNo: string }>(res)) as { orderNo: string };
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`update ticket_orders set paid_at = now() - make_interval(days => ${daysAgo})
        where order_no = ${orderNo} returning id`,
  );
  return { orderNo, id: Number(row!.id) };
}

/** A closed settlement batch of QSH with statements of two distributors: the agent's and another. */
async function closedBatch(): Promise<{ batchNo: string; batchId: number; own: number; other: number }> {
  const own = await queryRows<{ id: number }>(
    db,
    sql`insert into distributors (scenic_id, admin_id, company, phone, state)
        select scenic_id, id, '山水旅行社', '13800000033', 1 from admins where username = 'agent'
        on conflict (admin_id) do update set company = excluded.company returning id`,
  );
  const [other] = await queryRows<{ id: number }>(
    db,
    sql`insert into distributors (scenic_id, company, state) values (${qsh}, '远方旅行社', 3) returning id`,
  );
  const batchNo = `ST20260101${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const [batch] = await queryRows<{ id: number }>(
    db,
    sql`insert into settlement_batches (scenic_id, batch_no, period_from, period_to, state, settle_used,
          settle_expired, commission_rate, ticket_count, amount, commission, closed_at)
        values (${qsh}, ${batchNo}, '2026-01-01', '2026-01-31', 2, true, true, 500, 5, 43000, 2150, now())
        returning id`,
  );
  const base = 9_000_000 + crypto.randomInt(1_000_000);
  const items: [number, number][] = [
    [Number(own[0]!.id), 10000],
    [Number(own[0]!.id), 10000],
    [Number(own[0]!.id), 8000],
    [Number(other!.id), 7500],
    [Number(other!.id), 7500],
  ];
  for (const [i, [distributorId, amount]] of items.entries())
    await db.execute(sql`insert into settlement_items (scenic_id, batch_id, ticket_id, order_id, distributor_id,
        ticket_status, amount, commission) values (${qsh}, ${batch!.id}, ${base + i}, ${base + i}, ${distributorId},
        402, ${amount}, ${amount / 20})`);
  return { batchNo, batchId: Number(batch!.id), own: Number(own[0]!.id), other: Number(other!.id) };
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  f = await createOrderFixtures(db);
  qsh = f.otherScenicId;
  sandbox = await startPaySandbox({ port: 0 });
  useEgressAllow([new URL(sandbox.url).host]);
  sandbox.control.registerNuonuoApp({ ...APP, sellers: SELLERS });
  seller = await t.clientToken('winManagement');
  const all = [
    'admin:invoice:setting:update',
    'admin:invoice:query',
    'admin:invoice:settlement:query',
    'admin:invoice:issue',
  ];
  await t.grant('yunling', [...all, 'admin:invoice:check:query']);
  // staff has no check permission (403 there), agent sees invoices (its own statements only)
  await t.grant('staff', all);
  await t.grant('agent', ['admin:invoice:settlement:query', 'admin:invoice:check:query']);
  for (const name of ['admin', 'staff', 'yunling', 'agent']) tok[name] = (await t.login(name)).access_token;
  await post('yunling', invoiceSettingApi.save, issuerOf(SELLERS[0]!, '053070033001'));
  await post('staff', invoiceSettingApi.save, issuerOf(SELLERS[1]!, '053010033001'));
});
afterAll(async () => {
  useEgressAllow([]);
  await sandbox.close();
  await t.close();
});

describe('/invoice/invDetection: paid, not invoiced', () => {
  it('lists paid orders older than N days without an invoice, requests one from the order, then drops it once issued', async () => {
    const old = await paidOrder(10);
    const recent = await paidOrder(1);
    const week = await page<UnbilledRow>('yunling', invoiceUnbilledApi.page, { days: 7 });
    expect(week.rows.map((r) => r.sourceNo)).toContain(old.orderNo);
    expect(week.rows.map((r) => r.sourceNo)).not.toContain(recent.orderNo);
    expect(week.rows.find((r) => r.sourceNo === old.orderNo)).toMatchObject({
      source: 'ticket',
      paid: 20_000,
      left: 20_000,
      invoiceId: null,
    });
    const all = await page<UnbilledRow>('yunling', invoiceUnbilledApi.page, { days: 0, sort: 'paidAt' });
    expect(all.rows.map((r) => r.sourceNo)).toEqual(expect.arrayContaining([old.orderNo, recent.orderNo]));
    const counts = await data<InvoiceCheckCounts>(call('yunling', 'GET', `${invoiceCheckApi.counts}?days=7`));
    expect(counts.unbilled).toBe(week.total);
    expect400(await call('yunling', 'POST', invoiceUnbilledApi.page, { days: -1 }), 'days');
    expect400(await call('yunling', 'POST', invoiceUnbilledApi.page, { source: 'settlement' }), 'source');
    expect((await call('staff', 'POST', invoiceUnbilledApi.page, {})).statusCode).toBe(403);
    expect((await call('agent', 'POST', invoiceUnbilledApi.page, {})).statusCode).toBe(403);

    // the fix: a person's invoice, the buyer's name and phone from the order
    const body = { source: 'ticket', sourceNo: old.orderNo };
    expect400(await call('yunling', 'POST', invoiceCheckApi.request, { source: 'ticket' }), 'sourceNo');
    expect((await call('staff', 'POST', invoiceCheckApi.request, body)).statusCode).toBe(404);
    const asked = await post<InvoiceRowView>('yunling', invoiceCheckApi.request, body);
    expect(asked).toMatchObject({ state: 0, buyerType: 1, buyerName: '检测游客', buyerPhone: '13900000033' });
    expect(asked.amount).toBe(20_000);
    expect((await call('yunling', 'POST', invoiceCheckApi.request, body)).statusCode).toBe(409);
    const requested = await page<UnbilledRow>('yunling', invoiceUnbilledApi.page, { days: 7, requested: 1 });
    expect(requested.rows.find((r) => r.sourceNo === old.orderNo)?.invoiceId).toBe(asked.id);
    await post('yunling', invoiceApi.issue, { id: asked.id });
    const after = await page<UnbilledRow>('yunling', invoiceUnbilledApi.page, { days: 7 });
    expect(after.rows.map((r) => r.sourceNo)).not.toContain(old.orderNo);
    // another area's list does not show them
    const mineToo = { days: 0, keyword: recent.orderNo };
    expect((await page<UnbilledRow>('yunling', invoiceUnbilledApi.page, mineToo)).total).toBe(1);
    expect((await page<UnbilledRow>('admin', invoiceUnbilledApi.page, mineToo)).total).toBe(0);
    const xlsx = await call('yunling', 'POST', invoiceUnbilledApi.export, { days: 0 });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsxText(xlsx.rawPayload)).toContain(recent.orderNo);
  });
});

describe('/invoice/invDetection: totals that differ', () => {
  it('finds an issued invoice whose order got money back outside it, and reverses the excess by a red letter', async () => {
    const order = await paidOrder(3);
    const blue = await post<InvoiceRowView>('yunling', invoiceCheckApi.request, {
      source: 'ticket',
      sourceNo: order.orderNo,
    });
    expect((await post<InvoiceRowView>('yunling', invoiceApi.issue, { id: blue.id })).state).toBe(1);
    expect((await call('yunling', 'POST', invoiceCheckApi.red, { id: blue.id })).statusCode).toBe(409);
    await db.execute(sql`update ticket_orders set refunded_amount = 5000 where id = ${order.id}`);
    const found = await page<MismatchRow>('yunling', invoiceMismatchApi.page, { sort: 'diff' });
    expect(found.rows.find((r) => r.id === blue.id)).toMatchObject({
      invoiced: 20_000,
      sourceLeft: 15_000,
      diff: 5000,
    });
    expect((await call('staff', 'POST', invoiceCheckApi.red, { id: blue.id })).statusCode).toBe(404);
    expect400(await call('yunling', 'POST', invoiceCheckApi.red, { id: 'x' }), 'id');
    const red = await post<InvoiceRowView>('yunling', invoiceCheckApi.red, { id: blue.id });
    expect(red).toMatchObject({ kind: 2, blueId: blue.id, amount: 5000, state: 1 });
    expect(
      (await page<MismatchRow>('admin', invoiceMismatchApi.page, {})).rows.map((r) => r.id),
    ).not.toContain(blue.id);
    const left = await page<MismatchRow>('yunling', invoiceMismatchApi.page, {});
    expect(left.rows.map((r) => r.id)).not.toContain(blue.id);
    expect((await call('yunling', 'POST', invoiceMismatchApi.export, {})).statusCode).toBe(200);
  });
});

describe('/invoice/invDetection: stuck in between', () => {
  it('lists an invoice issuing longer than M minutes and settles it with the platform now', async () => {
    const order = await paidOrder(2);
    const blue = await post<InvoiceRowView>('yunling', invoiceCheckApi.request, {
      source: 'ticket',
      sourceNo: order.orderNo,
    });
    sandbox.control.holdNuonuoIssues(true);
    expect((await post<InvoiceRowView>('yunling', invoiceApi.issue, { id: blue.id })).state).toBe(9);
    sandbox.control.holdNuonuoIssues(false);
    let stuck = await page<StuckRow>('yunling', invoiceStuckApi.page, { minutes: 30 });
    expect(stuck.rows.map((r) => r.id)).not.toContain(blue.id);
    // it entered issuing 2 hours ago (its last move's audit row)
    await db.execute(sql`update audit_logs set created_at = created_at - interval '2 hours'
      where target_type = 'invoice' and target_id = ${String(blue.id)}`);
    stuck = await page<StuckRow>('yunling', invoiceStuckApi.page, { minutes: 30, state: 9 });
    expect(stuck.rows.find((r) => r.id === blue.id)?.stuckMinutes).toBeGreaterThanOrEqual(120);
    const counts = await data<InvoiceCheckCounts>(
      call('yunling', 'GET', `${invoiceCheckApi.counts}?minutes=30`),
    );
    expect(counts.stuck).toBe(stuck.total);
    const theirs = await page<StuckRow>('admin', invoiceStuckApi.page, { minutes: 30 });
    expect(theirs.rows.map((r) => r.id)).not.toContain(blue.id);
    expect400(await call('yunling', 'POST', invoiceStuckApi.page, { state: 1 }), 'state');
    expect400(await call('yunling', 'GET', `${invoiceCheckApi.counts}?minutes=0`), 'minutes');
    expect((await call('staff', 'POST', invoiceCheckApi.settle, { id: blue.id })).statusCode).toBe(404);
    sandbox.control.releaseNuonuoIssues();
    const settled = await post<InvoiceRowView>('yunling', invoiceCheckApi.settle, { id: blue.id });
    expect(settled.state).toBe(1);
    expect((await call('yunling', 'POST', invoiceCheckApi.settle, { id: blue.id })).statusCode).toBe(409);
    stuck = await page<StuckRow>('yunling', invoiceStuckApi.page, { minutes: 30 });
    expect(stuck.rows.map((r) => r.id)).not.toContain(blue.id);
  });
});

describe('/invoice/disInvoicePage', () => {
  it('lists closed statements per distributor, requests one invoice per statement; a distributor sees its own', async () => {
    const b = await closedBatch();
    const mine = await page<SettlementInvoiceRow>('staff', invoiceSettlementApi.page, { batchNo: b.batchNo });
    expect(mine.rows.map((r) => [r.distributorId, r.amount, r.ticketCount]).sort()).toEqual(
      [
        [b.own, 28_000, 3],
        [b.other, 15_000, 2],
      ].sort(),
    );
    const ownRow = mine.rows.find((r) => r.distributorId === b.own)!;
    expect(ownRow).toMatchObject({ statementNo: `${b.batchNo}-${b.own}`, invoiceId: null });
    // the distributor: its own statement only; it cannot request
    const agent = await page<SettlementInvoiceRow>('agent', invoiceSettlementApi.page, {});
    expect(agent.rows.map((r) => r.distributorId)).toEqual([b.own]);
    const other = await page<SettlementInvoiceRow>('agent', invoiceSettlementApi.page, {
      distributorId: b.other,
    });
    expect(other.rows.map((r) => r.distributorId)).toEqual([b.own]);
    // another area lists none of them and cannot invoice them
    const theirs = await page<SettlementInvoiceRow>('yunling', invoiceSettlementApi.page, {});
    expect(theirs.rows.map((r) => r.batchNo)).not.toContain(b.batchNo);

    const body = {
      batchId: b.batchId,
      distributorId: b.own,
      buyerType: 2,
      buyerName: ownRow.distributorName,
      buyerTaxId: '91530100MA6K0XYZ34',
    };
    expect400(
      await call('staff', 'POST', invoiceSettlementApi.request, { ...body, buyerTaxId: '' }),
      'buyerTaxId',
    );
    expect400(await call('staff', 'POST', invoiceSettlementApi.request, { ...body, batchId: 0 }), 'batchId');
    expect((await call('agent', 'POST', invoiceSettlementApi.request, body)).statusCode).toBe(403);
    expect((await call('yunling', 'POST', invoiceSettlementApi.request, body)).statusCode).toBe(404);
    const asked = await post<InvoiceRowView>('staff', invoiceSettlementApi.request, body);
    expect(asked).toMatchObject({
      source: 'settlement',
      sourceNo: ownRow.statementNo,
      amount: 28_000,
      state: 0,
    });
    expect((await call('staff', 'POST', invoiceSettlementApi.request, body)).statusCode).toBe(409);
    const issued = await post<InvoiceRowView>('staff', invoiceApi.issue, { id: asked.id });
    expect(issued.state).toBe(1);
    const listed = await page<SettlementInvoiceRow>('agent', invoiceSettlementApi.page, { invoiced: 1 });
    expect(listed.rows[0]).toMatchObject({ invoiceId: asked.id, invoiceState: 1, invoiceAmount: 28_000 });
    const open = await page<SettlementInvoiceRow>('staff', invoiceSettlementApi.page, {
      batchNo: b.batchNo,
      invoiced: 0,
    });
    expect(open.rows.map((r) => r.distributorId)).toEqual([b.other]);
    const xlsx = await call('agent', 'POST', invoiceSettlementApi.export, {});
    expect(xlsx.statusCode).toBe(200);
    expect(xlsxText(xlsx.rawPayload)).toContain(ownRow.statementNo);
    expect(xlsxText(xlsx.rawPayload)).not.toContain(`${b.batchNo}-${b.other}`);
  });
});
