import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addDays, areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { admins } from '../accounts/index.ts';
import { cancelOrder, channelOfClient, confirmPayment, placeOrder } from '../orders/index.ts';
import { ticketProducts } from '../products/index.ts';
import { staffRefund } from '../refunds/index.ts';
import { travelDepartures, travelPackages, type TravelDeparture } from './travel.table.ts';

/** Two demo packages of the demo area built from its products, with departures over the next weeks. */
export async function seedDemoTravel(tx: Db, scenicId: number): Promise<void> {
  const products = await tx
    .select({ id: ticketProducts.id })
    .from(ticketProducts)
    .where(eq(ticketProducts.scenicId, scenicId))
    .orderBy(asc(ticketProducts.id))
    .limit(3);
  if (!products.length) return;
  const [a, b = a, c = b] = products.map((p) => p.id);
  const today = areaDay(new Date(), await areaTimeZone(tx, scenicId));
  const packages = await tx
    .insert(travelPackages)
    .values([
      {
        scenicId,
        name: '湖山一日游',
        days: 1,
        itinerary: [{ title: '湖光山色', description: '上午游湖，下午登山观景。', productIds: [a!] }],
        ticketProductId: a!,
        included: '景区门票、导游讲解',
        excluded: '午餐、个人消费',
        status: 1,
      },
      {
        scenicId,
        name: '湖山深度两日游',
        days: 2,
        itinerary: [
          { title: '湖区漫游', description: '乘船游湖，夜宿湖畔民宿。', productIds: [a!, b!] },
          { title: '登山看日出', description: '清晨登顶，午后返程。', productIds: [c!] },
        ],
        ticketProductId: a!,
        included: '景区门票、一晚住宿、导游讲解',
        excluded: '餐饮、往返大交通',
        status: 1,
      },
    ])
    .returning({ id: travelPackages.id });
  const values: (typeof travelDepartures.$inferInsert)[] = [];
  for (const [k, p] of packages.entries())
    for (let n = 3; n <= 28; n += 7)
      values.push({
        scenicId,
        packageId: p.id,
        date: addDays(today, n + k),
        capacity: k ? 20 : 40,
        price: k ? 59_900 : 19_900,
      });
  const departures = await tx.insert(travelDepartures).values(values).returning();
  await seedDemoTravelOrders(tx, scenicId, [
    departures.filter((d) => d.packageId === packages[0]!.id),
    departures.filter((d) => d.packageId === packages[1]!.id),
  ]);
}

type Outcome = 'paid' | 'pending' | 'cancelled' | 'refunded';

/**
 * Orders of the demo packages in each state, placed, paid, cancelled and refunded by the selling
 * and refund code (placeOrder, confirmPayment, cancelOrder, staffRefund), so each departure's
 * `sold` is the seats its active orders hold and the orders' money adds up. Departures are in the
 * future, so no traveller has entered yet. A pending order is left to the payment deadline (T5).
 */
async function seedDemoTravelOrders(tx: Db, scenicId: number, [one, two]: TravelDeparture[][]) {
  const clientId = 'ctripManagement';
  const channel = channelOfClient(clientId)!;
  const [admin] = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.username, 'admin'))
    .limit(1);
  const plan: [TravelDeparture | undefined, number, Outcome, string][] = [
    [one?.[0], 2, 'paid', '李明'],
    [one?.[0], 3, 'refunded', '赵丽'],
    [one?.[1], 4, 'paid', '孙强'],
    [one?.[1], 1, 'pending', '周敏'],
    [two?.[0], 2, 'paid', '吴磊'],
    [two?.[0], 2, 'cancelled', '郑洁'],
    [two?.[1], 3, 'paid', '陈晨'],
  ];
  let n = 0;
  for (const [departure, quantity, outcome, name] of plan) {
    if (!departure) continue;
    n += 1;
    const phone = `1390000${String(1000 + n)}`;
    const { order, tickets } = await placeOrder(tx, {
      scenicId,
      channel,
      clientId,
      buyer: { name, phone },
      lines: [{ departureId: departure.id, quantity, visitors: [{ name }] }],
    });
    if (outcome === 'pending') continue;
    if (outcome === 'cancelled') {
      await cancelOrder(tx, { scenicId, orderId: order.id, by: 'customer' });
      continue;
    }
    await confirmPayment(tx, {
      scenicId,
      orderNo: order.orderNo,
      payWay: 16,
      amount: order.totalAmount,
      provider: 'offline',
      providerTxnId: `demo-travel-${order.orderNo}`,
    });
    if (outcome === 'refunded' && admin)
      await staffRefund(tx, {
        scenicId,
        orderId: order.id,
        ticketIds: tickets.map((x) => x.id),
        reason: '行程取消',
        adminId: admin.id,
        adminName: 'admin',
      });
  }
}
