import { sql } from 'drizzle-orm';
import { BALANCE_OP } from '../../../../shared/dict/members.ts';
import { STOCK_MOVE } from '../../../../shared/dict/shop.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { creditBalance, debitBalance } from '../../members/index.ts';
import { shopStockMoves } from '../shop.table.ts';
import { seedDemoShopMessages } from './shop-messages.seed.ts';
import {
  DAY,
  HOUR,
  MINUTE,
  PAY_BALANCE,
  sum,
  type Plan,
  type Rnd,
  type Sku,
} from './shop-orders.seed-plan.ts';
import { walk } from './shop-orders.seed-walk.ts';
import {
  chunks,
  writeAftersales,
  writeHistory,
  writeOrders,
  writePayments,
} from './shop-orders.seed-write.ts';
import { seededRandom } from '../../../lib/seeded-random.ts';

type Member = { id: number; phone: string; nickname: string; balance: number };

/** The area's members with a phone, its SKUs with their goods, and the shop account. */
async function seedInputs(db: Db, scenicId: number) {
  const members = await queryRows<Member>(
    db,
    sql`select id, phone, nickname, balance from members
        where scenic_id = ${scenicId} and status = 1 and phone is not null order by id limit 200`,
  );
  const skus = (
    await queryRows<{
      id: number;
      goods_id: number;
      name: string;
      spec_values: string[];
      image: string;
      cover: string;
      price: number;
      stock: number;
    }>(
      db,
      sql`select s.id, s.goods_id, g.name, s.spec_values, s.image, g.cover, s.price, s.stock
          from shop_skus s join shop_goods g on g.id = s.goods_id
          where s.scenic_id = ${scenicId} order by s.id`,
    )
  ).map((s): Sku => ({
    id: Number(s.id),
    goodsId: Number(s.goods_id),
    goodsName: s.name,
    specText: s.spec_values.join(' '),
    image: s.image || s.cover,
    price: Number(s.price),
    stock: Number(s.stock),
  }));
  const [staff] = await queryRows<{ id: number }>(
    db,
    sql`select id from admins where username = 'shop' limit 1`,
  );
  return { members, skus, staffId: staff ? Number(staff.id) : null };
}

/** Every order walked from its creation, oldest first. */
function planOrders(rnd: Rnd, now: Date, total: number, members: Member[], skus: Sku[]): Plan[] {
  const balances = new Map(members.map((m) => [Number(m.id), Number(m.balance)]));
  const plans: Plan[] = [];
  const start = now.getTime() - 365 * DAY;
  for (let i = 0; i < total; i++) {
    // the newest few wait for payment; the rest spread over the year, more of them lately
    const age =
      i >= total - 6
        ? (total - i) * 4 * MINUTE
        : Math.max(40 * MINUTE, (1 - Math.sqrt(rnd.next())) * 365 * DAY);
    const plan = walk(rnd, {
      i,
      waiting: i >= total - 6,
      createdAt: new Date(Math.max(start, now.getTime() - age)),
      now,
      member: members[rnd.int(0, members.length - 1)]!,
      skus,
      balances,
    });
    plans.push(plan);
  }
  plans.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return plans;
}

/** Stock: every move replayed in time order; a SKU short of stock is restocked (reason 2) first. */
function replayStock(plans: Plan[], scenicId: number, staffId: number | null) {
  const moves = plans
    .flatMap((p, order) => p.stock.map((m) => ({ ...m, order })))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const ledger: (typeof shopStockMoves.$inferInsert & { order: number | null })[] = [];
  for (const m of moves) {
    if (m.sku.stock + m.delta < 0) {
      const delta = 50 + ((m.sku.id * 7) % 50);
      m.sku.stock += delta;
      ledger.push({
        scenicId,
        goodsId: m.sku.goodsId,
        skuId: m.sku.id,
        delta,
        stockAfter: m.sku.stock,
        reason: STOCK_MOVE.received,
        note: '补货入库',
        order: null,
        adminId: staffId,
        createdAt: new Date(m.at.getTime() - HOUR),
      });
    }
    m.sku.stock += m.delta;
    ledger.push({
      scenicId,
      goodsId: m.sku.goodsId,
      skuId: m.sku.id,
      delta: m.delta,
      stockAfter: m.sku.stock,
      reason: m.reason,
      order: m.order,
      adminId: m.staff ? staffId : null,
      createdAt: m.at,
    });
  }
  return ledger;
}

/** Member balance (pay way 9): debits and refunds through the members' ledger, in time order. */
async function moveBalances(db: Db, scenicId: number, plans: Plan[]) {
  const balanceMoves = plans
    .filter((p) => p.payWay === PAY_BALANCE && p.paidAt)
    .flatMap((p) => [
      { p, at: p.paidAt!, amount: sum(p.lines.map((l) => l.amount)), debit: true },
      ...p.refunds
        .filter((r) => r.status === 'done')
        .map((r) => ({ p, at: r.doneAt!, amount: r.amount, debit: false })),
    ])
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const m of balanceMoves) {
    const move = { scenicId, memberId: m.p.memberId, amount: m.amount, reference: m.p.orderNo };
    if (m.debit) await debitBalance(db, { ...move, operation: BALANCE_OP.consume, remark: '商城订单支付' });
    else await creditBalance(db, { ...move, operation: BALANCE_OP.refund, remark: '商城订单退款' });
  }
}

/**
 * A year of shop orders of the first demo area's members (issue 18), in all 13 statuses: each order
 * is walked along the machine (S1-S23) from its creation until the next step would be in the future,
 * so its payments, shipment, after-sales, refunds, review, history and stock moves agree with its
 * status. Stock is taken, put back and restocked through the ledger (replayed in memory, written in
 * bulk), goods sales are the paid pieces not refunded, and pay way 9 debits and refunds the member's
 * balance through the members module's ledger. The last week's SMS of those orders follow
 * (shop-messages.seed.ts).
 */
export async function seedDemoShopOrders(
  db: Db,
  scenicId: number,
  options: { orders?: number; now?: Date } = {},
): Promise<{ orders: number }> {
  const now = options.now ?? new Date();
  const total = options.orders ?? 1500;
  const rnd = seededRandom(18_2026);
  const { members, skus, staffId } = await seedInputs(db, scenicId);
  if (!members.length || !skus.length) return { orders: 0 };
  const plans = planOrders(rnd, now, total, members, skus);
  const ledger = replayStock(plans, scenicId, staffId);
  await moveBalances(db, scenicId, plans);

  const written = await writeOrders({ db, scenicId, staffId, plans });
  await writeAftersales(written, await writePayments(written));
  await writeHistory(written);
  const { orderIds } = written;
  for (const part of chunks(
    ledger.map(({ order, ...m }) => ({ ...m, orderId: order == null ? null : orderIds[order]! })),
  ))
    await db.insert(shopStockMoves).values(part);

  // SKU stock is where the ledger ended; sales are the paid pieces not refunded
  await db.execute(sql`update shop_skus s set stock = m.total, updated_at = now()
    from (select sku_id, sum(delta)::int as total from shop_stock_moves where scenic_id = ${scenicId} group by sku_id) m
    where m.sku_id = s.id`);
  await db.execute(sql`update shop_goods g set sales = coalesce((
      select sum(l.quantity - l.refunded_quantity)::int from shop_order_lines l
      join shop_orders o on o.id = l.order_id where l.goods_id = g.id and o.paid_at is not null), 0)
    where g.scenic_id = ${scenicId}`);
  // the week's payments and refunds in full told by SMS, once the orders and refunds exist
  await seedDemoShopMessages(db, scenicId, now);
  return { orders: plans.length };
}
