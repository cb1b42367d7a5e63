import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { INVOICE_ISSUER_KIND, INVOICE_STATE, type InvoiceGoodsCode } from '../../../shared/dict/invoices.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Config } from '../../lib/config.ts';
import { open, seal } from '../../lib/secret-box.ts';
import { SYSTEM } from '../audit/index.ts';
import { shopSellerOf } from './invoice-issuers.service.ts';
import { invoiceLines } from './invoice-lines.ts';
import { requestInvoice, requestRed } from './invoices.service.ts';
import {
  invoiceIssuers,
  invoiceLines as invoiceLineRows,
  invoiceRecords,
  invoices,
  invoiceSeries,
  type InvoiceTaxRule,
} from './invoices.table.ts';

let sandboxUrl = 'http://127.0.0.1:9460';

/** The demo's issuers point at the local invoicing platform (the pay sandbox, PAY_SANDBOX_URL). */
export function configureInvoicesDemo(config: Config): void {
  sandboxUrl = config.paySandboxUrl;
}

const rule = (itemName: string, rate = 600): InvoiceTaxRule => ({
  itemName,
  taxCode: '3070201020000000000',
  rate,
  zeroRate: 0,
});

/** The demo area's company, as printed on its invoices. */
const SELLER = {
  name: '青山湖风景区旅游开发有限公司',
  taxId: '91330185MA2KQ3H819',
  address: '浙江省杭州市临安区青山湖街道环湖路 1 号',
  phone: '0571-63721000',
  bankName: '中国农业银行临安支行',
  bankAccount: '19045101040012345',
};

/**
 * The demo area's issuers: the area's company (automatic: a requested invoice is issued by the job)
 * and the shop (manual), one app of the local Nuonuo platform acting for both sellers, made known
 * to it at each start (`startInvoicesDemo`).
 */
export async function seedDemoInvoices(tx: Db, scenicId: number): Promise<void> {
  const app = {
    provider: 'nuonuo',
    providerUrl: sandboxUrl,
    appKey: `SD${String(scenicId).padStart(8, '0')}`,
    appSecretSealed: seal(crypto.randomBytes(16).toString('hex')),
    accessTokenSealed: seal(crypto.randomBytes(16).toString('hex')),
    enabled: true,
  };
  const year = new Date().getFullYear();
  const issuers = await tx
    .insert(invoiceIssuers)
    .values([
      {
        ...app,
        ...SELLER,
        scenicId,
        kind: INVOICE_ISSUER_KIND.area,
        mode: 1,
        lineKind: 'p',
        taxRules: {
          ticket: rule('*旅游服务*门票'),
          card: rule('*旅游服务*畅游卡'),
          settlement: rule('*旅游服务*代理门票结算'),
        },
      },
      { ...app, scenicId, kind: INVOICE_ISSUER_KIND.shop, mode: 2, lineKind: 'p' },
    ])
    .returning({ id: invoiceIssuers.id, kind: invoiceIssuers.kind });
  await tx
    .insert(invoiceSeries)
    .values(issuers.map((i) => ({ issuerId: i.id, code: `03301${year}${i.kind}01`.slice(0, 12) })));
}

/**
 * At each start with the pay sandbox: the demo issuers' app made known to the local Nuonuo
 * platform (its secret and token as stored, the sellers it acts for), like the demo's pay ways.
 */
export async function startInvoicesDemo(db: Db, config: Config): Promise<void> {
  if (!config.paySandbox) return;
  const rows = await db.select().from(invoiceIssuers);
  type App = {
    appKey: string;
    appSecret: string;
    accessToken: string;
    sellers: { taxId: string; name: string }[];
  };
  const apps = new Map<string, App>();
  for (const row of rows) {
    if (!row.providerUrl.startsWith(config.paySandboxUrl) || !row.appKey) continue;
    const seller = row.kind === INVOICE_ISSUER_KIND.area ? row : await shopSellerOf(db, row.scenicId);
    if (!seller?.taxId) continue;
    const app: App = apps.get(row.appKey) ?? {
      appKey: row.appKey,
      appSecret: open(row.appSecretSealed) ?? '',
      accessToken: open(row.accessTokenSealed) ?? '',
      sellers: [],
    };
    app.sellers.push({ taxId: seller.taxId, name: seller.name });
    apps.set(row.appKey, app);
  }
  // an app whose secret or token cannot be opened (not set, sealed under another key) stays unknown there
  for (const app of [...apps.values()].filter((a) => a.appSecret && a.accessToken)) {
    const res = await fetch(`${config.paySandboxUrl}/control/nuonuo/apps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(app),
    });
    if (!res.ok) throw new Error(`pay sandbox nuonuo/apps: HTTP ${res.status}`);
  }
}

interface Paid {
  kind: InvoiceGoodsCode;
  id: number;
  order_no: string;
  paid_at: Date;
  paid: number;
  refunded: number;
  buyer_name: string;
  buyer_phone: string;
}

/** Travel agencies and companies that ask for company invoices in the demo. */
const COMPANIES = [
  { name: '丽江古城国际旅行社有限公司', taxId: '91530700MA6K2B3C4D' },
  { name: '云南康辉旅行社有限责任公司', taxId: '91530000216520874X' },
  { name: '昆明春城假日旅游有限公司', taxId: '91530100MA6N8P7Q2R' },
  { name: '大理风花雪月会务服务有限公司', taxId: '91532900MA6K9X8Y7Z' },
];

const system = (scenicId: number) => ({ username: SYSTEM, scenicId });
const HOUR = 3_600_000;

/** A blue invoice of a refunded ticket order for all it paid (issued before the refund), and its red. */
async function bluePaidInFull(tx: Db, scenicId: number, issuerId: number, o: Paid, buyer: Buyer) {
  const items = await queryRows<{ quantity: number; unit_price: number }>(
    tx,
    sql`select count(*)::int as quantity, price as unit_price from order_tickets
        where order_id = ${o.id} group by price order by price`,
  );
  const lines = invoiceLines(
    items.map((i) => ({
      ...rule('*旅游服务*门票'),
      quantity: Number(i.quantity),
      unitPrice: Number(i.unit_price),
    })),
    o.paid,
  );
  if (!lines) return null;
  const [row] = await tx
    .insert(invoices)
    .values({
      scenicId,
      issuerId,
      kind: 1,
      lineKind: 'p',
      state: INVOICE_STATE.notIssued,
      source: 'ticket',
      sourceId: o.id,
      sourceNo: o.order_no,
      ...buyer,
      amount: lines.reduce((s, l) => s + l.amount, 0),
      tax: lines.reduce((s, l) => s + l.tax, 0),
      requestedBy: 'member',
    })
    .onConflictDoNothing()
    .returning({ id: invoices.id });
  if (!row) return null;
  await tx.insert(invoiceLineRows).values(lines.map((l) => ({ ...l, invoiceId: row.id })));
  return row.id;
}

type Buyer = {
  buyerType: number;
  buyerName: string;
  buyerTaxId: string;
  buyerEmail: string;
  buyerPhone: string;
};

const buyerOf = (o: Paid, n: number): Buyer => {
  const company = n % 5 === 0 ? COMPANIES[n % COMPANIES.length]! : null;
  return company
    ? {
        buyerType: 2,
        buyerName: company.name,
        buyerTaxId: company.taxId,
        buyerEmail: `fin${n % 7}@example.com`,
        buyerPhone: '',
      }
    : {
        buyerType: 1,
        buyerName: o.buyer_name || '散客',
        buyerTaxId: '',
        buyerEmail: n % 3 ? '' : `guest${n}@example.com`,
        buyerPhone: o.buyer_phone,
      };
};

/** Tax office numbers of the demo's history: its own run, below the local platform's (seconds since 2024). */
let taxNo = 10_000_000;

/** An invoice of the history issued (or failed) at `at`: its series number, the platform's answer, its record. */
async function issueAt(tx: Db, id: number, at: Date, fail: string | null): Promise<void> {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, id));
  const [taken] = await tx
    .update(invoiceSeries)
    .set({ nextNo: sql`${invoiceSeries.nextNo} + 1` })
    .where(eq(invoiceSeries.issuerId, inv!.issuerId))
    .returning({ code: invoiceSeries.code, no: sql<number>`${invoiceSeries.nextNo} - 1` });
  const number = String(taken!.no).padStart(8, '0');
  const serial = `${at.getTime()}${String(id).padStart(7, '0')}`.slice(0, 20);
  await tx
    .update(invoices)
    .set({ state: INVOICE_STATE.issuing, code: taken!.code, number, seller: SELLER, createdAt: at })
    .where(eq(invoices.id, id));
  const done = new Date(at.getTime() + 40_000);
  await tx
    .update(invoices)
    .set(
      fail
        ? { state: INVOICE_STATE.failed, failReason: fail, updatedAt: done }
        : {
            state: INVOICE_STATE.issued,
            providerSerial: serial,
            taxInvoiceCode: `0${SELLER.taxId.slice(2, 6)}${String(at.getFullYear()).slice(2)}11101`,
            taxInvoiceNo: String(++taxNo),
            issuedAt: done,
            updatedAt: done,
          },
    )
    .where(and(eq(invoices.id, id), eq(invoices.state, INVOICE_STATE.issuing)));
  await tx.insert(invoiceRecords).values({
    scenicId: inv!.scenicId,
    invoiceId: id,
    action: 'issue',
    provider: 'nuonuo',
    ok: !fail,
    request: { method: 'nuonuo.OpeMplatform.requestBillingNew', orderNo: `${taken!.code}${number}` },
    answer: fail
      ? { code: 'E0000', result: { status: '22', failCause: fail } }
      : { code: 'E0000', result: { invoiceSerialNum: serial } },
    message: fail ?? '',
    durationMs: 180 + (id % 300),
    createdAt: done,
  });
}

/** Some issued invoices of the history moved on: voided the same day, a void refused, reissued, a reissue refused. */
const LATER = [
  { every: 53, through: [INVOICE_STATE.voiding, INVOICE_STATE.voided], action: 'void', fail: '' },
  {
    every: 71,
    through: [INVOICE_STATE.voiding, INVOICE_STATE.voidFailed],
    action: 'void',
    fail: '该发票已被购方勾选确认，不能作废',
  },
  { every: 61, through: [INVOICE_STATE.reissuing, INVOICE_STATE.reissued], action: 'reissue', fail: '' },
  {
    every: 89,
    through: [INVOICE_STATE.reissuing, INVOICE_STATE.reissueFailed],
    action: 'reissue',
    fail: '购方纳税人识别号校验不通过',
  },
] as const;

/** The `n`-th invoice of the history, issued at `at`, moved on two hours later when `LATER` says so. */
async function laterMoves(tx: Db, id: number, at: Date, n: number): Promise<void> {
  const move = LATER.find((m) => n % m.every === 0);
  if (!move) return;
  const [between, to] = move.through;
  const when = new Date(at.getTime() + 2 * HOUR);
  await tx.update(invoices).set({ state: between, updatedAt: when }).where(eq(invoices.id, id));
  const reissued = move.action === 'reissue' && !move.fail;
  await tx
    .update(invoices)
    .set({
      state: to,
      failReason: move.fail,
      updatedAt: when,
      ...(reissued ? { taxInvoiceNo: String(++taxNo), issuedAt: when } : {}),
    })
    .where(and(eq(invoices.id, id), eq(invoices.state, between)));
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, id));
  await tx.insert(invoiceRecords).values({
    scenicId: inv!.scenicId,
    invoiceId: id,
    action: move.action,
    provider: 'nuonuo',
    ok: !move.fail,
    request: {
      method:
        move.action === 'void'
          ? 'nuonuo.OpeMplatform.invoiceCancellation'
          : 'nuonuo.OpeMplatform.requestBillingNew',
      orderNo: `${inv!.code}${inv!.number}`,
    },
    answer: move.fail ? { code: 'E9203', describe: move.fail, result: null } : { code: 'E0000', result: {} },
    message: move.fail,
    durationMs: 150 + (id % 200),
    createdAt: when,
  });
}

/**
 * A year of invoices over the demo history (docs/invoices.md "Demo"): about one paid order in six
 * asked for one; refunded ticket orders carry the blue invoice of what they paid and the red letter
 * of the refund; the last two days' requests wait for the automatic issuer's job, which issues them
 * on the local platform at start (PDFs and all).
 */
export async function seedDemoInvoiceHistory(db: Db, scenicId: number, now: Date): Promise<void> {
  const [issuer] = await db
    .select()
    .from(invoiceIssuers)
    .where(and(eq(invoiceIssuers.scenicId, scenicId), eq(invoiceIssuers.kind, INVOICE_ISSUER_KIND.area)));
  if (!issuer) return;
  const paid = await queryRows<Paid>(
    db,
    sql`select 'ticket' as kind, id, order_no, paid_at, paid_amount as paid, refunded_amount as refunded, buyer_name, buyer_phone
          from ticket_orders where scenic_id = ${scenicId} and paid_at is not null and paid_amount > 0 and id % 6 = 0
        union all
        select 'card', id, order_no, paid_at, amount, refunded_amount, buyer_name, buyer_phone
          from card_orders where scenic_id = ${scenicId} and paid_at is not null and amount > 0 and id % 5 = 0
        order by paid_at, id`,
  );
  const recent = now.getTime() - 48 * HOUR;
  let n = 0;
  for (const o of paid) {
    const at = new Date(new Date(o.paid_at).getTime() + (1 + (o.id % 30)) * HOUR);
    if (at.getTime() > now.getTime()) continue;
    const buyer = buyerOf(o, ++n);
    const refundedTicket = o.kind === 'ticket' && Number(o.refunded) > 0;
    // a request of the last two days waits for the job, which issues what is left then
    const waiting = at.getTime() > recent;
    if (Number(o.paid) - Number(o.refunded) <= 0 && (!refundedTicket || waiting)) continue;
    await db.transaction(async (tx) => {
      const request = { ...buyer, buyerAddress: '', buyerBank: '', source: o.kind, sourceNo: o.order_no };
      const id =
        refundedTicket && !waiting
          ? await bluePaidInFull(tx, scenicId, issuer.id, o, buyer)
          : await requestInvoice(tx, scenicId, request, { by: 'staff' }, system(scenicId));
      if (!id) return;
      await tx.update(invoices).set({ createdAt: at, updatedAt: at }).where(eq(invoices.id, id));
      if (waiting) return;
      const fail = n % 97 === 0 && !refundedTicket ? '购方名称与纳税人识别号不一致' : null;
      await issueAt(tx, id, at, fail);
      if (!fail && !refundedTicket) await laterMoves(tx, id, at, n);
      if (refundedTicket) {
        const redId = await requestRed(tx, scenicId, id, Number(o.refunded), 'refund', system(scenicId));
        await issueAt(tx, redId, new Date(at.getTime() + 24 * HOUR), null);
      }
    });
  }
}
