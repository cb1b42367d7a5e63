import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopOrderApi } from '../../../../shared/api/shop-orders.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { data } from '../../../test/replies.ts';
import { outboxMessages } from '../../messaging/messaging.table.ts';
import { scenicAreas } from '../../scenic/index.ts';
import { shopKit, type ShopKit } from './shop-orders.fixture.ts';

let t: TestApp;
let k: ShopKit;
let shop: string;

const messagesOf = (ref: string, template: number) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.ref, ref), eq(outboxMessages.template, template)));

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  const areas = await t.database.db.select().from(scenicAreas);
  k = await shopKit(t, areas.find((a) => a.code === 'QSH')!.id, ['13700003001']);
  await k.credit(k.members[0]!.id, 1_000_000);
  shop = (await t.login('shop')).access_token;
});
afterAll(() => t.close());

describe("a shop order's SMS (templates 3 and 6)", () => {
  it('paid (S2) queues template 3; refunded in full (S18) queues template 6, each once', async () => {
    const sku = await k.newSku(10, 2500);
    const no = await k.place([{ skuId: sku, quantity: 2 }]);
    expect(await messagesOf(no, 3)).toEqual([]);
    await k.payBalance(no);
    const [paid] = await messagesOf(no, 3);
    expect(paid).toMatchObject({ status: 0, use: 6, eventKey: `shopPaid:${no}` });
    expect(paid!.variables).toMatchObject({ orderNo: no, amount: '50.00' });
    expect(paid!.recipient).toMatch(/^1\d{10}$/);

    const order = await k.order(no);
    await data(t.call(shop, 'POST', shopOrderApi.refund, { id: order.id, reason: '缺货' }));
    const [refunded] = await messagesOf(no, 6);
    expect(refunded).toMatchObject({ status: 0, eventKey: `shopRefunded:${no}` });
    expect(refunded!.variables).toMatchObject({ orderNo: no, amount: '50.00' });
    expect(await messagesOf(no, 3)).toHaveLength(1);
  });
});
