import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrepayAnswer } from '../../../../shared/api/payments.ts';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { openWidePool, rush } from '../../../test/concurrency.ts';
import { data } from '../../../test/replies.ts';
import { receiveNotification } from '../../payments/online-pay.service.ts';
import { openShopPay, type ShopPayWorld } from './shop-online-pay.fixture.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'shop orders paid online under concurrency (PostgreSQL)',
  () => {
    let s: ShopPayWorld;
    let wide: Database;

    beforeAll(async () => {
      s = await openShopPay(['13700006001']);
      wide = await openWidePool(s.w.db, 15);
    }, 60_000);
    afterAll(async () => {
      await wide?.close();
      await s?.w.close();
    });

    it('the same notification 10 times at once gives one payment, S2 once, one audit row', async () => {
      const { orderNo, skuId } = await s.order(2);
      const pay = await data<PrepayAnswer>(s.prepay(orderNo));
      s.w.intercept = true;
      await s.w.sandbox.control.pay(pay.paymentNo);
      s.w.intercept = false;
      const note = s.w.notified.at(-1)!;
      const replies = await rush(10, () =>
        receiveNotification(
          wide.db,
          { publicUrl: s.w.t.config.publicUrl, log: s.w.t.app.log, scenicId: s.k.scenicId, payWay: 2 },
          { headers: note.headers, rawBody: note.body },
        ),
      );
      expect(replies.unexpected).toEqual([]);
      expect(replies.values.map((r) => r.status)).toEqual(Array(10).fill(204));
      expect(await s.payments(orderNo)).toEqual([
        expect.objectContaining({ provider: 'wechat', amount: 10_000, status: 'confirmed' }),
      ]);
      expect(await s.k.history(orderNo)).toEqual(['S1:101', 'S2:201']);
      expect(await s.k.stock(skuId)).toBe(8);
      const [audits] = await queryRows<{ n: number }>(
        s.w.db,
        sql`select count(*)::int as n from audit_logs where module = 'shop' and action = 'pay' and target_id = ${orderNo}`,
      );
      expect(audits!.n).toBe(1);
    });
  },
);
