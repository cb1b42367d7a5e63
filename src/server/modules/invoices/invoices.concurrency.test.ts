import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceMemberApi, type BuyerInvoice } from '../../../shared/api/invoice-buyers.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { openWidePool, rush, rushTransactions } from '../../test/concurrency.ts';
import { SYSTEM } from '../audit/index.ts';
import { openCardSales, type CardSaleWorld } from '../cards/card-sales.fixture.ts';
import { saveAreaIssuer } from './invoices.fixture.ts';
import { requestInvoice, startIssue } from './invoices.service.ts';

const person = {
  buyerType: 1,
  buyerName: '王小明',
  buyerTaxId: '',
  buyerAddress: '',
  buyerBank: '',
  buyerEmail: '',
  buyerPhone: '',
};

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)('invoices under concurrency (PostgreSQL)', () => {
  let c: CardSaleWorld;
  let wide: Database;

  beforeAll(async () => {
    c = await openCardSales(['13700009001']);
    wide = await openWidePool(c.w.db, 50);
    await c.w.t.grant('yunling', ['admin:invoice:setting:update']);
    const staff = (await c.w.t.login('yunling')).access_token;
    await saveAreaIssuer(c.w.t, staff, c.w.sandbox.url, '053070026077');
  }, 180_000);
  afterAll(async () => {
    await wide?.close();
    await c?.w.close();
  });

  /** `n` travel card orders paid from the member's balance, each with a requested invoice. */
  async function requested(n: number): Promise<number[]> {
    const ids: number[] = [];
    await c.credit(0, 9900 * n);
    for (let i = 0; i < n; i++) {
      const order = await c.buy(0, { payWay: 9 });
      ids.push(
        await c.w.db.transaction((tx) =>
          requestInvoice(
            tx,
            c.scenicId,
            { ...person, source: 'card', sourceNo: order.orderNo },
            { by: 'staff' },
            { username: SYSTEM, scenicId: c.scenicId },
          ),
        ),
      );
    }
    return ids;
  }

  it('fifty invoices issued at once on one issuer take fifty consecutive numbers', async () => {
    const ids = await requested(50);
    const [before] = await queryRows<{ next_no: number }>(
      c.w.db,
      sql`select s.next_no from invoice_series s join invoice_issuers i on i.id = s.issuer_id
          where i.scenic_id = ${c.scenicId} and i.kind = 1`,
    );
    const start = Number(before!.next_no);
    const outcome = await rushTransactions(wide.db, 50, (tx, i) =>
      startIssue(tx, c.scenicId, ids[i]!, { username: SYSTEM, scenicId: c.scenicId }),
    );
    expect(outcome.unexpected).toEqual([]);
    expect(outcome.ok).toBe(50);
    const rows = await queryRows<{ number: string; state: number }>(
      c.w.db,
      sql`select number, state from invoices where id = any(${`{${ids.join(',')}}`}::bigint[]) order by number`,
    );
    expect(rows.map((r) => Number(r.state))).toEqual(Array(50).fill(9));
    expect(rows.map((r) => Number(r.number))).toEqual(Array.from({ length: 50 }, (_, i) => start + i));
  });

  it('one order asked for twice at once: one invoice, the other 409', async () => {
    await c.credit(0, 9900);
    const order = await c.buy(0, { payWay: 9 });
    const body = { source: 'card', orderNo: order.orderNo, ...person };
    const replies = await rush(2, () => c.member('POST', invoiceMemberApi.request, body));
    expect(replies.values.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const mine = (
      await c.member('GET', `${invoiceMemberApi.query}?source=card&orderNo=${order.orderNo}`)
    ).json<{
      data: BuyerInvoice[];
    }>().data;
    expect(mine).toHaveLength(1);
  });
});
