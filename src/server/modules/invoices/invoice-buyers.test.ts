// Buyers ask for their own invoices (issue 33): a member through the member API, a sales channel
// through the selling API; nobody reaches another buyer's order or another area's.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceMemberApi, invoiceOpenApi, type BuyerInvoice } from '../../../shared/api/invoice-buyers.ts';
import { invoiceApi } from '../../../shared/api/invoices.ts';
import { openOrderApi } from '../../../shared/api/selling.ts';
import { data, expect400 } from '../../test/replies.ts';
import { openCardSales, type CardSaleWorld } from '../cards/card-sales.fixture.ts';
import { saveAreaIssuer } from './invoices.fixture.ts';

let c: CardSaleWorld;
let staff: string;
const person = { buyerType: 1, buyerName: '王小明', buyerTaxId: '', buyerEmail: 'wxm@example.com' };

beforeAll(async () => {
  c = await openCardSales();
  await c.w.t.grant('yunling', ['admin:invoice:setting:update', 'admin:invoice:query']);
  staff = (await c.w.t.login('yunling')).access_token;
  await saveAreaIssuer(c.w.t, staff, c.w.sandbox.url, '053070026009');
});
afterAll(() => c.w.close());

/** A card bought by member `who` from their balance (9900, C2: paid at once). */
async function paidCard(who: number) {
  await c.credit(who, 9900);
  return c.buy(who, { payWay: 9 });
}

describe('the member API', () => {
  it('asks for the invoice of an own paid card order; reads it by order and in the list', async () => {
    const order = await paidCard(0);
    const body = { source: 'card', orderNo: order.orderNo, ...person };
    const asked = await data<BuyerInvoice>(c.member('POST', invoiceMemberApi.request, body));
    expect(asked).toMatchObject({
      kind: 1,
      state: 0,
      source: 'card',
      orderNo: order.orderNo,
      amount: 9900,
      pdfUrl: null,
    });
    expect(asked.tax).toBe(Math.round((9900 * 600) / 10600));
    // one live blue invoice per order
    const again = await c.member('POST', invoiceMemberApi.request, body);
    expect(again.statusCode, again.body).toBe(409);

    const mine = await data<BuyerInvoice[]>(
      c.member('GET', `${invoiceMemberApi.query}?source=card&orderNo=${order.orderNo}`),
    );
    expect(mine.map((i) => i.id)).toEqual([asked.id]);
    const list = await data<{ rows: BuyerInvoice[]; total: number }>(
      c.member('GET', `${invoiceMemberApi.list}?page=1&limit=10`),
    );
    expect(list.rows.map((i) => i.id)).toContain(asked.id);
    // staff see what the member asked for
    const detail = await data<{ requestedBy: string }>(
      c.w.t.call(staff, 'GET', `${invoiceApi.detail}?id=${asked.id}`),
    );
    expect(detail.requestedBy).toBe('member');
  });

  it('names what is wrong; an unpaid order has nothing to invoice', async () => {
    const order = await paidCard(0);
    expect400(
      await c.member('POST', invoiceMemberApi.request, {
        source: 'card',
        orderNo: order.orderNo,
        ...person,
        buyerType: 2,
      }),
      'buyerTaxId',
    );
    expect400(
      await c.member('POST', invoiceMemberApi.request, {
        source: 'settlement',
        orderNo: order.orderNo,
        ...person,
      }),
      'source',
    );
    expect400(await c.member('GET', `${invoiceMemberApi.list}?limit=7`), 'limit');
    const unpaid = await c.buy(0);
    const res = await c.member('POST', invoiceMemberApi.request, {
      source: 'card',
      orderNo: unpaid.orderNo,
      ...person,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ msg: string }>().msg).toBeTruthy();
  });

  it("never reaches another member's order, and needs the member's token", async () => {
    const order = await paidCard(0);
    const theirs = { source: 'card', orderNo: order.orderNo, ...person };
    expect((await c.member('POST', invoiceMemberApi.request, theirs, 1)).statusCode).toBe(404);
    expect(
      (await c.member('GET', `${invoiceMemberApi.query}?source=card&orderNo=${order.orderNo}`, undefined, 1))
        .statusCode,
    ).toBe(404);
    const other = await data<{ rows: BuyerInvoice[] }>(c.member('GET', invoiceMemberApi.list, undefined, 1));
    expect(other.rows.every((i) => i.orderNo !== order.orderNo)).toBe(true);
    const anonymous = await c.w.t.call(c.mini, 'POST', invoiceMemberApi.request, theirs, {
      'x-scenic-id': String(c.scenicId),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the shop's own rule (/shop/storeInvoiceSet)", () => {
  it('refuses shop buyers unless the shop lets them ask, and a kind it does not offer', async () => {
    const body = { source: 'shop', orderNo: 'S-NONE', ...person };
    const closed = await c.member('POST', invoiceMemberApi.request, body);
    expect(closed.statusCode, closed.body).toBe(409);
    await c.w.db.execute(
      sql`insert into shop_store_settings (scenic_id, issuer_name, taxpayer_id, item_name, tax_code, tax_rate, invoice_kinds, buyer_may_request)
          values (${c.scenicId}, '玉龙雪山商贸有限公司', '91530700MA6K0A1B2E', '*日用品*纪念品', '1060201070000000000', 1300, '{1}', true)
          on conflict (scenic_id) do update set buyer_may_request = true, invoice_kinds = '{1}'`,
    );
    expect400(
      await c.member('POST', invoiceMemberApi.request, {
        ...body,
        buyerType: 2,
        buyerTaxId: '91530700MA6K0XYZ12',
        buyerAddress: '丽江',
        buyerBank: '工行 123',
        lineKind: 's',
      }),
      'lineKind',
    );
    // offered: the request goes on to the order, which is not the member's
    expect((await c.member('POST', invoiceMemberApi.request, body)).statusCode).toBe(404);
  });
});

describe('the selling API', () => {
  it("asks for the invoice of the channel's own paid order; another channel or area finds nothing", async () => {
    const order = await c.w.order();
    await c.w.sandbox.control.pay((await c.w.prepay(order.orderNo)).paymentNo);
    await expect
      .poll(
        async () =>
          (await c.w.open('GET', `${openOrderApi.query}?orderNo=${order.orderNo}`)).json<{
            data: { status: number };
          }>().data.status,
      )
      .not.toBe(101);
    const body = {
      source: 'ticket',
      orderNo: order.orderNo,
      ...person,
      buyerType: 2,
      buyerName: '某某旅行社',
      buyerTaxId: '91530700MA6K0XYZ12',
    };
    const asked = await data<BuyerInvoice>(c.open('POST', invoiceOpenApi.request, body));
    expect(asked).toMatchObject({
      source: 'ticket',
      orderNo: order.orderNo,
      amount: 20000,
      buyerTaxId: '91530700MA6K0XYZ12',
    });
    const read = await data<BuyerInvoice[]>(
      c.open('GET', `${invoiceOpenApi.query}?source=ticket&orderNo=${order.orderNo}`),
    );
    expect(read.map((i) => i.id)).toEqual([asked.id]);

    // the window did not place it
    expect(
      (
        await c.open(
          'GET',
          `${invoiceOpenApi.query}?source=ticket&orderNo=${order.orderNo}`,
          undefined,
          c.win,
        )
      ).statusCode,
    ).toBe(404);
    // the same channel in another area
    const elsewhere = await c.w.t.call(
      c.w.seller,
      'GET',
      `${invoiceOpenApi.query}?source=ticket&orderNo=${order.orderNo}`,
      undefined,
      {
        'x-scenic-id': String(c.w.f.otherScenicId),
      },
    );
    expect([403, 404]).toContain(elsewhere.statusCode);
    expect400(
      await c.open('POST', invoiceOpenApi.request, { ...body, buyerEmail: 'not-an-email' }),
      'buyerEmail',
    );
  });
});
