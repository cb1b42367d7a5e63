import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardApi,
  cardCodeApi,
  type CardCodeBatchRow,
  type CardCodeRow,
  type CardKindRow,
  type CardOrderDetail,
  type CardRow,
} from '../../../shared/api/cards.ts';
import { CARD_ORDER_STATUS as S } from '../../../shared/dict/cards.ts';
import {
  allowedCardOrderPairs,
  CARD_ORDER_TRANSITIONS,
  cardTransitionFrom,
} from '../../../shared/domain/card-order-transitions.ts';
import { mapDbError } from '../../http/db-errors.ts';
import { AppError } from '../../http/errors.ts';
import { data } from '../../test/replies.ts';
import { transitionCardOrder } from './card-order-state.ts';
import { openCardApp } from './cards.fixture.ts';

let c: Awaited<ReturnType<typeof openCardApp>>;
let kind: CardKindRow;

beforeAll(async () => {
  c = await openCardApp();
  await c.t.grant('admin', ['admin:card:code:query', 'admin:card:code:update']);
  kind = await c.kind();
});
afterAll(() => c.t.close());

const setStatus = (id: number, status: number) =>
  c.t.database.db.execute(sql`update card_orders set status = ${status} where id = ${id}`);

describe('the card order machine as data (docs/domain.md C1-C10) and its trigger', () => {
  it('lists exactly the edges of the domain table', () => {
    expect(new Set(allowedCardOrderPairs().map(([a, b]) => `${a}>${b}`))).toEqual(
      new Set([
        '101>201',
        '101>501',
        '201>301',
        '201>203',
        '301>203',
        '401>203',
        '301>401',
        '301>502',
        '401>502',
        '201>501',
        '301>501',
        '401>501',
      ]),
    );
    expect(CARD_ORDER_TRANSITIONS.map((t) => t.id)).toEqual([
      'C1',
      'C2',
      'C3',
      'C4',
      'C5',
      'C6',
      'C7',
      'C8',
      'C9',
      'C10',
    ]);
  });

  it('the database holds exactly the pairs of the TypeScript table', async () => {
    const rows = await c.sqlRows<{ from_status: number; to_status: number }>(
      sql`select from_status, to_status from card_order_status_transitions`,
    );
    const inDb = rows.map((r) => `${r.from_status}>${r.to_status}`).sort();
    const inCode = allowedCardOrderPairs()
      .map(([from, to]) => `${from}>${to}`)
      .sort();
    expect(inDb).toEqual(inCode);
  });

  it('refuses an illegal edge written by raw SQL with a 409, and a start other than 101 or 201', async () => {
    const sold = await c.sell(kind.id);
    // 201 → 401 skips the activation; 201 → 502 expires a card never valid
    for (const to of [S.inUse, S.expired, S.unpaid]) {
      const refused = await setStatus(sold.id, to).catch((e: unknown) => e);
      expect(mapDbError(refused)?.statusCode, `201 → ${to}`).toBe(409);
    }
    await setStatus(sold.id, S.refunded); // C7
    for (const to of [S.paid, S.effective, S.invalid]) {
      const refused = await setStatus(sold.id, to).catch((e: unknown) => e);
      expect(mapDbError(refused)?.statusCode, `203 → ${to}`).toBe(409);
    }
    const [row] = await c.sqlRows<{ status: number }>(
      sql`select status from card_orders where id = ${sold.id}`,
    );
    expect(row!.status).toBe(S.refunded);
    const inserted = await c.t.database.db
      .execute(
        sql`insert into card_orders (scenic_id, order_no, kind_id, source, pay_way, amount, status)
          select scenic_id, 'C-TRIGGER-1', id, 'backstageManagement', 1, price, 301 from card_kinds where id = ${kind.id}`,
      )
      .catch((e: unknown) => e);
    expect(mapDbError(inserted)?.statusCode).toBe(409);
  });

  it('moves by compare-and-set along the table only (transitionCardOrder), 409 otherwise and unchanged', async () => {
    const sold = await c.sell(kind.id);
    const db = c.t.database.db;
    const moved = await db.transaction((tx) => transitionCardOrder(tx, { id: sold.id, transition: 'C5' }));
    expect(moved.status).toBe(S.effective);
    // C5 again: the order is no longer 201
    const again = await db
      .transaction((tx) => transitionCardOrder(tx, { id: sold.id, transition: 'C5' }))
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(AppError);
    expect((again as AppError).statusCode).toBe(409);
    // a caller that read another status than the one stored loses
    const stale = await db
      .transaction((tx) => transitionCardOrder(tx, { id: sold.id, transition: 'C10', from: S.paid }))
      .catch((e: unknown) => e);
    expect((stale as AppError).statusCode).toBe(409);
    expect(cardTransitionFrom('C9')).toEqual([S.effective, S.inUse]);
    const [row] = await c.sqlRows<{ status: number }>(
      sql`select status from card_orders where id = ${sold.id}`,
    );
    expect(row!.status).toBe(S.effective);
  });
});

describe('R3 after a replacement: the code reaches 301 when the new card is activated', () => {
  it('redeem a code, replace its card before activation, activate the new card: the code 301', async () => {
    const batch = await data<CardCodeBatchRow>(
      c.call('admin', 'POST', cardCodeApi.generate, { kindId: kind.id, count: 1, note: '' }),
    );
    const [code] = (await c.page<CardCodeRow>('admin', cardCodeApi.page, { batchId: batch.id })).rows;
    const sold = await data<CardOrderDetail>(
      c.call('admin', 'POST', cardCodeApi.redeem, {
        code: code!.code,
        buyer: { name: '王建华', phone: '13900001234' },
      }),
    );
    const old = sold.cards[0]!;
    const fresh = await data<CardRow>(
      c.call('admin', 'POST', cardApi.replace, { id: old.id, reason: '遗失' }),
    );
    expect(fresh.id).not.toBe(old.id);
    await data(c.call('admin', 'POST', cardApi.activate, { id: fresh.id, holder: { name: '李秀英' } }));
    const [after] = (await c.page<CardCodeRow>('admin', cardCodeApi.page, { batchId: batch.id })).rows;
    expect(after!.status).toBe(301);
    const [order] = await c.sqlRows<{ status: number }>(
      sql`select status from card_orders where id = ${sold.id}`,
    );
    expect(order!.status).toBe(S.effective);
  });
});
