import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { closeWideApp, openWideApp, rushTransactions } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import { generateCodes, redeemCode } from './card-codes.service.ts';
import { activateCard, sellCard } from './card-issue.service.ts';
import { ID_NUMBER } from './cards.fixture.ts';

const holder = { name: '李秀英', idNumber: ID_NUMBER, phone: '', facePhoto: '/uploads/demo/picture-1.png' };

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'card activation and code redemption at once (PostgreSQL)',
  () => {
    let t: TestApp | undefined;
    let wide: Database | undefined;
    let db: Db;
    let scenicId: number;
    let adminId: number;
    let kindId: number;

    beforeAll(async () => {
      ({ t, wide, db } = await openWideApp(4));
      const [admin] = await queryRows<{ id: number; scenic_id: number }>(
        db,
        sql`select id, scenic_id from admins where username = 'admin'`,
      );
      ({ id: adminId, scenic_id: scenicId } = admin!);
      const [kind] = await queryRows<{ id: number }>(
        db,
        sql`select id from card_kinds where scenic_id = ${scenicId} and status = 1
          and channels @> '["backstageManagement"]'::jsonb order by id limit 1`,
      );
      kindId = kind!.id;
    });
    afterAll(() => closeWideApp(wide, t));

    const soldCard = async () =>
      (
        await db.transaction((tx) =>
          sellCard(tx, {
            scenicId,
            adminId,
            kindId,
            buyer: { name: '王建华', phone: '13900001234' },
            payWay: 1,
          }),
        )
      ).card.id;

    it('two activations of one card: one succeeds, the other finds it moved (409); the order moved once', async () => {
      const id = await soldCard();
      const outcome = await rushTransactions(db, 2, (tx) => activateCard(tx, { scenicId, id, holder }));
      expect(outcome.unexpected).toEqual([]);
      expect(outcome.ok).toBe(1);
      expect(outcome.conflicts).toEqual(['cardMoved']);
      const [row] = await queryRows<{ state: number; status: number }>(
        db,
        sql`select c.state, o.status from cards c join card_orders o on o.id = c.order_id where c.id = ${id}`,
      );
      expect(row).toEqual({ state: 2, status: 301 });
    });

    it('control: the same update without `WHERE state = 1` lets both through', async () => {
      const id = await soldCard();
      const outcome = await rushTransactions(db, 2, async (tx) => {
        const moved = await queryRows<{ id: number }>(
          tx,
          sql`update cards set state = 2, activated_at = now() where id = ${id} returning id`,
        );
        if (!moved.length) throw new Error('not moved');
      });
      expect(outcome.ok).toBe(2);
    });

    const freshCode = async () => {
      const batch = await db.transaction((tx) =>
        generateCodes(tx, { scenicId, adminId, kindId, count: 1, note: '' }),
      );
      const [code] = await queryRows<{ id: number; code: string }>(
        db,
        sql`select id, code from card_codes where batch_id = ${batch.id}`,
      );
      return code!;
    };
    const lastCardId = async () =>
      (await queryRows<{ id: number }>(db, sql`select coalesce(max(id), 0)::int as id from cards`))[0]!.id;
    const cardsSince = async (id: number) =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from cards where id > ${id}`))[0]!.n;

    it('one redeem code redeemed twice at once: one card, the other finds the code used (409)', async () => {
      const { code } = await freshCode();
      const since = await lastCardId();
      const buyer = { name: '王建华', phone: '13900001234' };
      const outcome = await rushTransactions(db, 2, (tx) =>
        redeemCode(tx, { scenicId, adminId, code, buyer }),
      );
      expect(outcome.unexpected).toEqual([]);
      expect(outcome.ok).toBe(1);
      expect(outcome.conflicts).toEqual(['cardCodeUsed']);
      expect(await cardsSince(since)).toBe(1);
    });

    it('control: the same redemption without `WHERE status = 101` issues two cards', async () => {
      const { id } = await freshCode();
      const since = await lastCardId();
      const outcome = await rushTransactions(db, 2, async (tx) => {
        const { card } = await sellCard(tx, {
          scenicId,
          adminId,
          kindId,
          buyer: { name: '王建华', phone: '13900001234' },
          payWay: 0,
        });
        const moved = await queryRows<{ id: number }>(
          tx,
          sql`update card_codes set status = 201, card_id = ${card.id} where id = ${id} returning id`,
        );
        if (!moved.length) throw new Error('not moved');
      });
      expect(outcome.ok).toBe(2);
      expect(await cardsSince(since)).toBe(2);
    });
  },
);
