import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSettingApi, type InvoiceSettings } from '../../../shared/api/invoice-settings.ts';
import {
  invoiceApi,
  invoiceRecordApi,
  type InvoiceDetail,
  type InvoiceRecordRow,
} from '../../../shared/api/invoices.ts';
import { orderApi } from '../../../shared/api/orders.ts';
import { openOrderApi } from '../../../shared/api/selling.ts';
import { invoiceMachine } from '../../../shared/domain/invoice-transitions.ts';
import { startMailSandbox, type MailSandbox } from '../../../mail-sandbox/mail-sandbox.ts';
import { startPaySandbox, type PaySandbox } from '../../../pay-sandbox/sandbox.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { mapDbError } from '../../http/db-errors.ts';
import { useEgressAllow } from '../../lib/egress.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expect400 } from '../../test/replies.ts';
import { createOrderFixtures, type OrderFixtures } from '../orders/orders.fixture.ts';
import { runOutbox } from '../messaging/messaging-outbox.ts';
import { invoicePass } from './invoice-jobs.ts';

const SELLER = { taxId: '91530700MA6K0A1B2E', name: '玉龙雪山旅游开发有限公司' };
const APP = { appKey: 'SD00000001', appSecret: 'SDSECRET0123456789', accessToken: 'tok-0123456789abcdef' };

let t: TestApp;
let db: Db;
let f: OrderFixtures;
let sandbox: PaySandbox;
let mails: MailSandbox;
let seller: string;
let key = 0;
const tok: Record<string, string> = {};
const answers: string[] = [];

async function call(who: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await t.call(tok[who]!, method, url, body as Record<string, unknown> | undefined);
  answers.push(res.body);
  return res;
}
const data = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;
async function ok<T>(who: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await call(who, method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return data<T>(res);
}

/** A paid order of two regular tickets (cash, 2 × 100.00 yuan) sold by the window of the fixture area. */
async function paidOrder(): Promise<{ orderNo: string; id: number }> {
  const res = await t.call(
    seller,
    'POST',
    openOrderApi.create,
    {
      buyer: { name: '游客', phone: '13900000000' },
      lines: [{ productId: f.regular, date: f.date, quantity: 2 }],
      payNow: { payWay: 1 },
    },
    { 'x-scenic-id': String(f.scenicId), 'idempotency-key': `inv-${++key}` },
  );
  expect(res.statusCode, res.body).toBe(200);
  const { orderNo } = res.json<{ data: { orderNo: string } }>().data;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from ticket_orders where order_no = ${orderNo}`,
  );
  return { orderNo, id: Number(row!.id) };
}

const buyer = {
  buyerType: 2,
  buyerName: '丽江某某旅行社有限公司',
  buyerTaxId: '91530700MA6K0XYZ12',
  buyerEmail: 'fin@example.com',
};
const issuer = {
  kind: 1,
  name: SELLER.name,
  taxId: SELLER.taxId,
  address: '云南省丽江市玉龙县',
  phone: '0888-5131000',
  bankName: '',
  bankAccount: '',
  mode: 2,
  lineKind: 'p',
  taxRules: {
    ticket: { itemName: '*旅游服务*门票', taxCode: '3070201020000000000', rate: 600, zeroRate: 0 },
  },
  seriesCode: '053070026001',
  provider: 'nuonuo',
  providerUrl: '',
  appKey: APP.appKey,
  appSecret: APP.appSecret,
  accessToken: APP.accessToken,
  enabled: true,
  remarks: '',
};

beforeAll(async () => {
  mails = await startMailSandbox();
  t = await createTestApp({ smtp: { url: mails.url, from: 'invoice@yulong.example' } });
  db = t.database.db;
  f = await createOrderFixtures(db);
  sandbox = await startPaySandbox({ port: 0 });
  useEgressAllow([new URL(sandbox.url).host]);
  sandbox.control.registerNuonuoApp({ ...APP, sellers: [SELLER] });
  issuer.providerUrl = sandbox.url;
  seller = await t.clientToken('winManagement');
  await t.grant('staff', ['admin:invoice:query', 'admin:invoice:issue', 'admin:invoice:setting:query']);
  await t.grant('yunling', [
    'admin:invoice:setting:query',
    'admin:invoice:setting:update',
    'admin:invoice:query',
    'admin:invoice:issue',
    'admin:invoice:record:query',
    'admin:order:refund',
  ]);
  for (const name of ['staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
});
afterAll(async () => {
  // the platform's secret and token are never answered
  expect(answers.join('\n')).not.toContain(APP.appSecret);
  expect(answers.join('\n')).not.toContain(APP.accessToken);
  useEgressAllow([]);
  await sandbox.close();
  await mails.close();
  await t.close();
});

describe('/invoice/invoiceSetting', () => {
  it('saves the area issuer: bad input named, secrets sealed and answered as set, a connection test', async () => {
    expect400(await call('yunling', 'POST', invoiceSettingApi.save, { ...issuer, taxId: '123' }), 'taxId');
    expect400(
      await call('yunling', 'POST', invoiceSettingApi.save, { ...issuer, seriesCode: '12' }),
      'seriesCode',
    );
    expect400(
      await call('yunling', 'POST', invoiceSettingApi.save, {
        ...issuer,
        taxRules: { ticket: { ...issuer.taxRules.ticket, rate: 0 } },
      }),
      'taxRules.ticket.zeroRate',
    );
    expect((await call('staff', 'POST', invoiceSettingApi.save, issuer)).statusCode).toBe(403);
    const saved = await ok<InvoiceSettings>('yunling', 'POST', invoiceSettingApi.save, issuer);
    expect(saved.issuers[0]).toMatchObject({
      kind: 1,
      saved: true,
      seriesCode: '053070026001',
      nextNo: 1,
      secrets: { appSecret: true, accessToken: true },
    });
    const [row] = await queryRows<{ app_secret_sealed: string }>(
      db,
      sql`select app_secret_sealed from invoice_issuers where scenic_id = ${f.scenicId} and kind = 1`,
    );
    expect(row!.app_secret_sealed).toMatch(/^v2\./);
    const test = await ok<{ ok: boolean; hint: string }>('yunling', 'POST', invoiceSettingApi.test, {
      kind: 1,
    });
    expect(test).toMatchObject({ ok: true, hint: 'connected' });
    // another area sees its own (none saved)
    const other = await ok<InvoiceSettings>('staff', 'GET', invoiceSettingApi.query);
    expect(other.issuers.every((i) => !i.saved || i.taxId !== SELLER.taxId)).toBe(true);
  });
});

describe('/invoice/invoiceList', () => {
  let blue: InvoiceDetail;

  it('requests an invoice for a paid order once; another area or an unknown order is 404', async () => {
    const order = await paidOrder();
    const body = { source: 'ticket', sourceNo: order.orderNo, ...buyer };
    expect400(await call('yunling', 'POST', invoiceApi.request, { ...body, buyerTaxId: '' }), 'buyerTaxId');
    expect((await call('staff', 'POST', invoiceApi.request, body)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', invoiceApi.request, { ...body, sourceNo: 'T0' })).statusCode).toBe(
      404,
    );
    blue = await ok<InvoiceDetail>('yunling', 'POST', invoiceApi.request, body);
    expect(blue).toMatchObject({ state: 0, kind: 1, amount: 20_000, tax: 1132, number: null });
    expect((await call('yunling', 'POST', invoiceApi.request, body)).statusCode).toBe(409);
  });

  it('issues it through the platform: number from the series, the tax office number, the PDF kept', async () => {
    expect((await call('staff', 'POST', invoiceApi.issue, { id: blue.id })).statusCode).toBe(404);
    blue = await ok<InvoiceDetail>('yunling', 'POST', invoiceApi.issue, { id: blue.id });
    expect(blue).toMatchObject({ state: 1, code: '053070026001', number: '00000001', hasPdf: true });
    expect(blue.taxInvoiceNo).toMatch(/^\d{8}$/);
    const pdf = await call('yunling', 'GET', `${invoiceApi.pdf}?id=${blue.id}`);
    expect(pdf.statusCode).toBe(302);
    const file = await t.call(tok.yunling!, 'GET', pdf.headers.location as string);
    expect(file.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const records = await ok<{ rows: InvoiceRecordRow[] }>('yunling', 'POST', invoiceRecordApi.page, {
      invoiceId: blue.id,
    });
    expect(records.rows.map((r) => r.action).sort()).toEqual(['issue', 'query']);
    expect(JSON.stringify(records)).not.toContain(APP.appSecret);
  });

  it('reverses part of it by a red letter; never more than is left, never a red of a red', async () => {
    const red = await ok<InvoiceDetail>('yunling', 'POST', invoiceApi.red, {
      id: blue.id,
      amount: 5000,
      reason: '部分退款',
    });
    expect(red).toMatchObject({ kind: 2, blueId: blue.id, state: 1, amount: 5000, number: '00000002' });
    const over = await call('yunling', 'POST', invoiceApi.red, { id: blue.id, amount: 15_001, reason: 'x' });
    expect(over.statusCode).toBe(409);
    expect((await call('yunling', 'POST', invoiceApi.red, { id: red.id, reason: 'x' })).statusCode).toBe(409);
    // a reversed invoice cannot be voided
    expect((await call('yunling', 'POST', invoiceApi.void, { id: blue.id, reason: '开错' })).statusCode).toBe(
      409,
    );
  });

  it('voids an invoice of this month; a failure is kept with its reason and retried under its number', async () => {
    const order = await paidOrder();
    const one = await ok<InvoiceDetail>('yunling', 'POST', invoiceApi.request, {
      source: 'ticket',
      sourceNo: order.orderNo,
      ...buyer,
    });
    sandbox.control.failNuonuoIssues(1, '购方税号有误');
    const failed = await ok<InvoiceDetail>('yunling', 'POST', invoiceApi.issue, { id: one.id });
    expect(failed).toMatchObject({ state: 2, number: '00000003' });
    expect(failed.failReason).toContain('购方税号有误');
    const issued = await ok<InvoiceDetail>('yunling', 'POST', invoiceApi.issue, { id: one.id });
    expect(issued).toMatchObject({ state: 1, number: '00000003' });
    const voided = await ok<InvoiceDetail>('yunling', 'POST', invoiceApi.void, {
      id: one.id,
      reason: '开错',
    });
    expect(voided.state).toBe(7);
    expect((await call('yunling', 'POST', invoiceApi.issue, { id: one.id })).statusCode).toBe(409);
  });

  it("requests the red letter in the refund's transaction; the job issues it", async () => {
    const order = await paidOrder();
    const inv = await ok<InvoiceDetail>('yunling', 'POST', invoiceApi.request, {
      source: 'ticket',
      sourceNo: order.orderNo,
      ...buyer,
    });
    await ok('yunling', 'POST', invoiceApi.issue, { id: inv.id });
    const [ticket] = await queryRows<{ id: number }>(
      db,
      sql`select id from order_tickets where order_id = ${order.id} limit 1`,
    );
    await ok('yunling', 'POST', orderApi.staffRefund, {
      orderId: order.id,
      ticketIds: [Number(ticket!.id)],
      reason: '天气',
    });
    const requested = await ok<InvoiceDetail>('yunling', 'GET', `${invoiceApi.detail}?id=${inv.id}`);
    expect(requested.related).toEqual([expect.objectContaining({ kind: 2, state: 0, amount: 10_000 })]);
    expect(await invoicePass(db, t.app.ctx.uploadDir)).toMatchObject({ issued: 1, reds: 0 });
    const after = await ok<InvoiceDetail>('yunling', 'GET', `${invoiceApi.detail}?id=${inv.id}`);
    expect(after.related).toEqual([expect.objectContaining({ kind: 2, state: 1, amount: 10_000 })]);
    expect(await invoicePass(db, t.app.ctx.uploadDir)).toMatchObject({ issued: 0, reds: 0 });
  });

  it("lists and exports the area's invoices only; the database refuses an edge the table does not hold", async () => {
    const page = await ok<{ total: number }>('yunling', 'POST', invoiceApi.page, { kind: 2 });
    expect(page.total).toBe(2);
    expect((await ok<{ total: number }>('staff', 'POST', invoiceApi.page, {})).total).toBe(0);
    expect((await call('yunling', 'POST', invoiceApi.export, {})).statusCode).toBe(200);
    const refused = await db
      .execute(sql`update invoices set state = 0 where id = ${blue.id}`)
      .catch((e: unknown) => e);
    expect(mapDbError(refused)?.statusCode).toBe(409);
    const table = await queryRows<{ from_state: number; to_state: number }>(
      db,
      sql`select from_state, to_state from invoice_state_transitions order by 1, 2`,
    );
    expect(table.map((r) => [Number(r.from_state), Number(r.to_state)])).toEqual(
      invoiceMachine.pairs().sort((a, b) => a[0] - b[0] || a[1] - b[1]),
    );
  });
});

describe('/invoice/invoiceRecord', () => {
  it('lists every call with its request and answer: the test connection too, filtered by number, method and result', async () => {
    // a refused test is a record as well (the platform's words kept)
    sandbox.control.registerNuonuoApp({ ...APP, accessToken: 'tok-other', sellers: [SELLER] });
    const refused = await ok<{ ok: boolean; hint: string; code: string }>(
      'yunling',
      'POST',
      invoiceSettingApi.test,
      { kind: 1 },
    );
    expect(refused).toMatchObject({ ok: false, hint: 'refused', code: '070302' });
    sandbox.control.registerNuonuoApp({ ...APP, sellers: [SELLER] });
    const tests = await ok<{ rows: InvoiceRecordRow[]; total: number }>(
      'yunling',
      'POST',
      invoiceRecordApi.page,
      {
        action: 'test',
        sort: 'createTime',
        order: 'asc',
      },
    );
    expect(tests.rows.map((r) => [r.ok, r.invoiceId, r.invoiceNumber])).toEqual([
      [true, null, ''],
      [false, null, ''],
    ]);
    expect(tests.rows[1]!.message).toContain('070302');
    expect(JSON.parse(tests.rows[0]!.request)).toEqual({ serialNos: ['0'], isOfferInvoiceDetail: '0' });
    expect(JSON.parse(tests.rows[0]!.answer)).toMatchObject({ code: 'E0000' });

    const failed = await ok<{ rows: InvoiceRecordRow[] }>('yunling', 'POST', invoiceRecordApi.page, {
      action: 'query',
      ok: false,
    });
    // the issue that failed was read back as status 22: the query went through, the issue did not
    expect(failed.rows).toEqual([]);
    const byNumber = await ok<{ rows: InvoiceRecordRow[] }>('yunling', 'POST', invoiceRecordApi.page, {
      invoiceNo: '00000003',
    });
    expect(new Set(byNumber.rows.map((r) => r.invoiceNumber))).toEqual(new Set(['05307002600100000003']));
    expect(byNumber.rows.map((r) => r.action)).toContain('void');
    expect((await call('yunling', 'POST', invoiceRecordApi.export, { action: 'test' })).statusCode).toBe(200);
  });

  it('refuses bad filters by name, callers without the permission, and shows no other area its records', async () => {
    expect400(await call('yunling', 'POST', invoiceRecordApi.page, { action: 'print' }), 'action');
    expect400(
      await call('yunling', 'POST', invoiceRecordApi.page, { invoiceNo: 'x'.repeat(41) }),
      'invoiceNo',
    );
    expect400(
      await call('yunling', 'POST', invoiceRecordApi.page, { createTimeFrom: 'yesterday' }),
      'createTimeFrom',
    );
    expect((await call('staff', 'POST', invoiceRecordApi.page, {})).statusCode).toBe(403);
    expect((await call('staff', 'POST', invoiceRecordApi.export, {})).statusCode).toBe(403);
    await t.grant('staff', ['admin:invoice:record:query']);
    tok.staff = (await t.login('staff')).access_token;
    const mine = await ok<{ rows: InvoiceRecordRow[] }>('yunling', 'POST', invoiceRecordApi.page, {});
    expect(mine.rows.length).toBeGreaterThan(0);
    const other = await ok<{ total: number }>('staff', 'POST', invoiceRecordApi.page, {});
    expect(other.total).toBe(0);
    const byId = await ok<{ total: number }>('staff', 'POST', invoiceRecordApi.page, {
      invoiceId: mine.rows.find((r) => r.invoiceId !== null)!.invoiceId,
    });
    expect(byId.total).toBe(0);
  });
});

describe('invoice messages (V3, resend)', () => {
  it('an issued invoice sends SMS template 9 and an e-mail with its PDF through the outbox; resend sends them again', async () => {
    await db.execute(
      sql`insert into sms_templates (scenic_id, template, enabled, content)
          values (${f.scenicId}, 9, true, '【\${area}】发票\${invoiceNo}已开具') on conflict do nothing`,
    );
    // every message due (the orders' SMS too), pass after pass, at that time
    const drain = async (at: number) => {
      for (let pass = await runOutbox(db, () => new Date(at)); pass.sent + pass.retry + pass.failed > 0;)
        pass = await runOutbox(db, () => new Date(at));
    };
    // the earlier tests' invoices were e-mailed too: delivered and forgotten first
    await drain(Date.now());
    mails.received.length = 0;
    const order = await paidOrder();
    const inv = await ok<InvoiceDetail>('yunling', 'POST', invoiceApi.request, {
      source: 'ticket',
      sourceNo: order.orderNo,
      ...buyer,
      buyerPhone: '13900000001',
      buyerEmail: 'finance.department.of.a.travel.agency@example.com',
    });
    // not issued yet: nothing to send
    expect((await call('yunling', 'POST', invoiceApi.resend, { id: inv.id })).statusCode).toBe(409);
    const issued = await ok<InvoiceDetail>('yunling', 'POST', invoiceApi.issue, { id: inv.id });
    expect(issued.state).toBe(1);
    const queued = () =>
      queryRows<{ channel: number; template: number; recipient: string }>(
        db,
        sql`select channel, template, recipient from outbox_messages
            where event_key like ${`invoice:${inv.id}:%`} order by channel, id`,
      );
    expect((await queued()).map((m) => [m.channel, m.template, m.recipient])).toEqual([
      [1, 9, '13900000001'],
      [3, 9, 'finance.department.of.a.travel.agency@example.com'],
    ]);

    // the SMTP server refuses for now: the outbox keeps it and tries again
    mails.refuse(1, 421);
    await drain(Date.now());
    expect(mails.received).toHaveLength(0);
    await drain(Date.now() + 60_000);
    expect(mails.received).toHaveLength(1);
    const mail = await simpleParser(mails.received[0]!.raw);
    expect(mails.received[0]!.to).toEqual(['finance.department.of.a.travel.agency@example.com']);
    expect(mail.from?.text).toContain('invoice@yulong.example');
    expect(mail.subject).toContain(Number(issued.taxInvoiceNo) ? issued.taxInvoiceNo : '');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
    expect(mail.attachments[0]!.content.subarray(0, 4).toString()).toBe('%PDF');
    // delivered once: another pass sends nothing again
    await drain(Date.now() + 120_000);
    expect(mails.received).toHaveLength(1);

    expect(await ok('yunling', 'POST', invoiceApi.resend, { id: inv.id })).toEqual({ queued: 2 });
    expect(await queued()).toHaveLength(4);
    await drain(Date.now() + 180_000);
    expect(mails.received).toHaveLength(2);
  });

  it('resend: bad input named, 403 without the permission, 404 for another area', async () => {
    const [issued] = await queryRows<{ id: number }>(
      db,
      sql`select id from invoices where scenic_id = ${f.scenicId} and state = 1 order by id limit 1`,
    );
    expect400(await call('yunling', 'POST', invoiceApi.resend, { id: 'x' }), 'id');
    tok.shop = (await t.login('shop')).access_token;
    expect((await call('shop', 'POST', invoiceApi.resend, { id: Number(issued!.id) })).statusCode).toBe(403);
    expect((await call('staff', 'POST', invoiceApi.resend, { id: Number(issued!.id) })).statusCode).toBe(404);
  });
});
