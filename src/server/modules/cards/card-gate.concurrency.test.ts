import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { areaInstant } from '../../lib/area-clock.ts';
import { closeWideApp, openWideApp, rush, rushTransactions } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import type { CheckinAnswer } from '../../../shared/api/checkin.ts';
import { sellCard } from './card-issue.service.ts';
import { cardKinds } from './cards.table.ts';
import { ID_NUMBER } from './cards.fixture.ts';
import { judgeCard, takeEntrySql, type CardAtGate } from './card-gate.ts';

const DAY = '2030-06-01';
const at = areaInstant(DAY, '10:00', 'Asia/Shanghai');

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a card with one entry left at two gates at once (PostgreSQL)',
  () => {
    let t: TestApp | undefined;
    let wide: Database | undefined;
    let db: Db;
    let scenicId: number;
    let adminId: number;
    let kindId: number;
    const gate: Record<string, number> = {};
    const handhelds: string[] = [];

    beforeAll(async () => {
      ({ t, wide, db } = await openWideApp(6));
      const [admin] = await queryRows<{ id: number; scenic_id: number }>(
        db,
        sql`select id, scenic_id from admins where username = 'admin'`,
      );
      ({ id: adminId, scenic_id: scenicId } = admin!);
      for (const g of await queryRows<{ id: number; code: string }>(
        db,
        sql`select id, code from gates where scenic_id = ${scenicId}`,
      ))
        gate[g.code] = g.id;
      // two registered handhelds of the area, one at each entrance
      for (let i = 0; i < 2; i++) handhelds.push((await t.deviceToken(scenicId, 'handManagement')).token);
      // one entry in all
      const [kind] = await db
        .insert(cardKinds)
        .values({
          scenicId,
          name: '单次并发卡',
          price: 100,
          validityType: 0,
          totalEntries: 1,
          status: 1,
          channels: ['backstageManagement'],
        })
        .returning();
      kindId = kind!.id;
    });
    afterAll(() => closeWideApp(wide, t));

    /** An active card of the one-entry kind, valid over 2030. */
    const freshCard = async () => {
      const { card } = await db.transaction((tx) =>
        sellCard(tx, {
          scenicId,
          adminId,
          kindId,
          buyer: { name: '王建华', phone: '13900001234' },
          payWay: 1,
          holder: { name: '李秀英', idNumber: ID_NUMBER, phone: '', facePhoto: '' },
        }),
      );
      await db.execute(
        sql`update cards set valid_from = '2030-01-01', valid_until = '2030-12-31' where id = ${card.id}`,
      );
      return card;
    };
    const stateOf = async (id: number) =>
      (
        await queryRows<{ entries_used: number; status: number; events: number; audits: number }>(
          db,
          sql`select c.entries_used, o.status,
            (select count(*)::int from gate_events e where e.card_no = c.card_no and e.result = 'ok') as events,
            (select count(*)::int from audit_logs a where a.target_type = 'cardOrder'
              and a.target_id = o.id::text and a.action = 'cardOrder.firstEntry') as audits
          from cards c join card_orders o on o.id = c.order_id where c.id = ${id}`,
        )
      )[0]!;

    it('two gates scan it at the same instant: one is admitted, the other refused; C6 once', async () => {
      for (let round = 0; round < 3; round++) {
        const card = await freshCard();
        const outcome = await rush(2, async (i) => {
          const res = await t!.call(
            handhelds[i]!,
            'POST',
            '/api/gate/scan',
            {
              gateId: i ? gate['N-IN-01'] : gate['S-IN-01'],
              deviceId: `race-${i}`,
              nonce: crypto.randomBytes(8).toString('hex'),
              readMode: 1,
              value: card.cardNo,
              scannedAt: at.toISOString(),
            },
            { 'x-scenic-id': String(scenicId) },
          );
          expect(res.statusCode, res.body).toBe(200);
          return (JSON.parse(res.body) as { data: CheckinAnswer }).data;
        });
        expect(outcome.unexpected).toEqual([]);
        expect(outcome.values.map((a) => a.reason ?? 'ok').sort()).toEqual(['ok', 'passCardUsedUp']);
        expect(await stateOf(card.id)).toEqual({ entries_used: 1, status: 401, events: 1, audits: 1 });
      }
    });

    /** The card as both gates read it before either writes. */
    const readAtGate = async (tx: Db, id: number): Promise<CardAtGate> => {
      const [r] = await queryRows<{ card_no: string; order_id: number }>(
        tx,
        sql`select card_no, order_id from cards where id = ${id}`,
      );
      return {
        id,
        cardNo: r!.card_no,
        orderId: r!.order_id,
        state: 2,
        holderName: '',
        validFrom: '2030-01-01',
        validUntil: '2030-12-31',
        entriesUsed: 0,
        entriesToday: 0,
        lastEntryDay: null,
        productIds: [],
        perDayEntries: 0,
        totalEntries: 1,
        blackoutDates: [],
        orderStatus: 401,
      };
    };
    const scanCtx = {
      gate: { id: 1, gateType: 10, status: 1 },
      direction: 'entry' as const,
      fact: false,
      admitsProduct: () => true,
    };

    it('the guarded statement of two transactions that both judged the card admissible counts one entry', async () => {
      const card = await freshCard();
      const outcome = await rushTransactions(db, 2, async (tx) => {
        const read = await readAtGate(tx, card.id);
        expect(judgeCard(read, scanCtx, DAY)).toBeNull();
        const taken = await queryRows(tx, takeEntrySql(read, DAY));
        if (!taken.length) throw new Error('not admitted');
      });
      expect(outcome.ok).toBe(1);
      expect((await stateOf(card.id)).entries_used).toBe(1);
    });

    it('control: the same entry without the limits in its WHERE admits twice', async () => {
      const card = await freshCard();
      const outcome = await rushTransactions(db, 2, async (tx) => {
        const read = await readAtGate(tx, card.id);
        expect(judgeCard(read, scanCtx, DAY)).toBeNull();
        const taken = await queryRows(tx, takeEntrySql(read, DAY, false));
        if (!taken.length) throw new Error('not admitted');
      });
      expect(outcome.ok).toBe(2);
      expect((await stateOf(card.id)).entries_used).toBe(2);
    });
  },
);
