import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BuyerInvoiceOrderSchema,
  BuyerInvoiceRequestSchema,
  BuyerInvoiceSchema,
  invoiceMemberApi,
  invoiceOpenApi,
  type BuyerInvoice,
} from '../../../shared/api/invoice-buyers.ts';
import { envelopeSchema, pageResultSchema, PageQuerySchema } from '../../../shared/api/common.ts';
import { SPECIAL_LINE_KINDS } from '../../../shared/dict/invoices.ts';
import { SHOP_INVOICE_KIND } from '../../../shared/dict/shop-store.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { SELLER } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { conflict, FieldError, notFound } from '../../http/errors.ts';
import { actorOfRequest } from '../audit/index.ts';
import { memberApiContext, requireMember } from '../members/index.ts';
import { orderOwner } from '../orders/index.ts';
import { invoiceSource } from './invoice-sources.ts';
import { InvoiceFieldReason } from './invoices.messages.ts';
import { mayAsk, requestInvoice, type Requester } from './invoices.service.ts';
import { invoices, type InvoiceRow } from './invoices.table.ts';

// hand-registered (file): the buyers' own calls (a member's token, a channel's client token), not staff actions

const buyerInvoice = (r: InvoiceRow): BuyerInvoice => ({
  id: r.id,
  kind: r.kind,
  state: r.state,
  source: r.source,
  orderNo: r.sourceNo,
  lineKind: r.lineKind,
  buyerType: r.buyerType,
  buyerName: r.buyerName,
  buyerTaxId: r.buyerTaxId,
  buyerEmail: r.buyerEmail,
  amount: r.amount,
  tax: r.tax,
  taxInvoiceCode: r.taxInvoiceCode,
  taxInvoiceNo: r.taxInvoiceNo,
  issuedAt: r.issuedAt?.toISOString() ?? null,
  pdfUrl: r.pdfKey ? `/uploads/${r.pdfKey}` : null,
  failReason: r.failReason,
  createTime: r.createdAt.toISOString(),
});

interface Buyer {
  scenicId: number;
  who: Requester;
}

/** The caller of the selling API: the mini-program acts for its member, other channels for themselves. */
async function channelBuyer(db: Db, req: FastifyRequest): Promise<Buyer> {
  const owner = await orderOwner(db, req);
  return {
    scenicId: owner.scenicId,
    who:
      owner.memberId != null
        ? { by: 'member', memberId: owner.memberId }
        : { by: 'channel', clientId: owner.clientId },
  };
}

async function memberBuyer(db: Db, req: FastifyRequest): Promise<Buyer> {
  const m = await requireMember(db, req);
  return { scenicId: m.scenicId, who: { by: 'member', memberId: m.memberId } };
}

type OrderRef = z.infer<typeof BuyerInvoiceOrderSchema>;
type RequestBody = z.infer<typeof BuyerInvoiceRequestSchema>;

/**
 * /shop/storeInvoiceSet's word on its buyers: whether they may ask at all (409) and for which kinds
 * of invoice (a special VAT one only where the shop offers it: 400 `lineKind`).
 */
async function checkShopOffers(db: Db, scenicId: number, body: RequestBody): Promise<void> {
  const [row] = await queryRows<{ buyer_may_request: boolean; invoice_kinds: number[] }>(
    db,
    sql`select buyer_may_request, invoice_kinds from shop_store_settings where scenic_id = ${scenicId}`,
  );
  if (!row?.buyer_may_request) throw conflict('shopInvoiceNotOffered');
  const special = body.lineKind !== undefined && SPECIAL_LINE_KINDS.includes(body.lineKind);
  const kind = special ? SHOP_INVOICE_KIND.special : SHOP_INVOICE_KIND.normal;
  if (!row.invoice_kinds.map(Number).includes(kind))
    throw new FieldError('lineKind', InvoiceFieldReason.shopKindNotOffered);
}

/** V1 by the buyer of their own paid order (404 for anyone else's, as for a missing one). */
async function request(db: Db, req: FastifyRequest, buyer: Buyer, body: RequestBody): Promise<BuyerInvoice> {
  if (body.source === 'shop') await checkShopOffers(db, buyer.scenicId, body);
  const { orderNo, ...input } = body;
  const actor = { ...actorOfRequest(req), scenicId: buyer.scenicId };
  const id = await db.transaction((tx) =>
    requestInvoice(tx, buyer.scenicId, { ...input, sourceNo: orderNo }, buyer.who, actor),
  );
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return buyerInvoice(row!);
}

/** The invoices of the buyer's own order, blue first then its reds (404 when the order is not theirs). */
async function ofOrder(db: Db, buyer: Buyer, ref: OrderRef): Promise<BuyerInvoice[]> {
  const src = await invoiceSource(db, buyer.scenicId, ref.source, { no: ref.orderNo });
  if (!src || !mayAsk(src, buyer.who)) throw notFound('invoiceSourceNotFound');
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.scenicId, buyer.scenicId),
        eq(invoices.source, ref.source),
        eq(invoices.sourceId, src.id),
      ),
    )
    .orderBy(invoices.id);
  return rows.map(buyerInvoice);
}

/** The member's invoices over every order of theirs: ticket, shop and travel card orders. */
function ofMember(memberId: number): SQL {
  const owned = (table: string) =>
    sql`exists (select 1 from ${sql.raw(table)} o where o.id = ${invoices.sourceId} and o.member_id = ${memberId})`;
  return sql`((${invoices.source} = 'ticket' and ${owned('ticket_orders')})
    or (${invoices.source} = 'shop' and ${owned('shop_orders')})
    or (${invoices.source} = 'card' and ${owned('card_orders')}))`;
}

/**
 * Buyers' invoice calls (docs/api.md "Invoices: member and selling APIs"): a member asks for and reads
 * the invoices of their own orders; a sales channel those of the orders it placed.
 */
export async function invoiceBuyerRoutes(root: FastifyInstance) {
  const { app, db, headers, access } = memberApiContext(root);
  const open = root.withTypeProvider<ZodTypeProvider>();
  const openHeaders = z.object({
    'x-scenic-id': z.string().describe('The scenic area the call acts in (required)'),
    'x-member-token': z.string().optional().describe('The member asking, for the mini-program'),
  });
  const one = { 200: envelopeSchema(BuyerInvoiceSchema) };
  const many = { 200: envelopeSchema(z.array(BuyerInvoiceSchema)) };
  const requestSummary =
    'V1: a blue invoice for the paid and not refunded amount of an own order (409 invoiceExists when one is live, invoiceNothingLeft when nothing is left)';

  app.post(
    invoiceMemberApi.request,
    {
      config: access,
      schema: {
        tags: ['member', 'invoice'],
        summary: requestSummary,
        headers,
        body: BuyerInvoiceRequestSchema,
        response: one,
      },
    },
    async (req) => ok(req, await request(db, req, await memberBuyer(db, req), req.body)),
  );
  app.get(
    invoiceMemberApi.query,
    {
      config: access,
      schema: {
        tags: ['member', 'invoice'],
        summary: "The invoices of one of the member's orders (a blue one and its red letters)",
        headers,
        querystring: BuyerInvoiceOrderSchema,
        response: many,
      },
    },
    async (req) => ok(req, await ofOrder(db, await memberBuyer(db, req), req.query)),
  );
  app.get(
    invoiceMemberApi.list,
    {
      config: access,
      schema: {
        tags: ['member', 'invoice'],
        summary: "The member's invoices, newest first, paged",
        headers,
        querystring: PageQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(BuyerInvoiceSchema)) },
      },
    },
    async (req) => {
      const m = await requireMember(db, req);
      const where = and(eq(invoices.scenicId, m.scenicId), ofMember(m.memberId));
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(invoices)
          .where(where)
          .orderBy(desc(invoices.id))
          .limit(req.query.limit)
          .offset((req.query.page - 1) * req.query.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(invoices)
          .where(where),
      ]);
      return ok(req, { rows: rows.map(buyerInvoice), total: Number(count?.total ?? 0) });
    },
  );

  open.post(
    invoiceOpenApi.request,
    {
      config: { access: SELLER },
      schema: {
        tags: ['selling', 'invoice'],
        summary: requestSummary,
        headers: openHeaders,
        body: BuyerInvoiceRequestSchema,
        response: one,
      },
    },
    async (req) => ok(req, await request(db, req, await channelBuyer(db, req), req.body)),
  );
  open.get(
    invoiceOpenApi.query,
    {
      config: { access: SELLER },
      schema: {
        tags: ['selling', 'invoice'],
        summary: 'The invoices of an order this channel placed (a blue one and its red letters)',
        headers: openHeaders,
        querystring: BuyerInvoiceOrderSchema,
        response: many,
      },
    },
    async (req) => ok(req, await ofOrder(db, await channelBuyer(db, req), req.query)),
  );
}
