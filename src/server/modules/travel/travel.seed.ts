import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addDays, areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { admins } from '../accounts/index.ts';
import { channelOfClient } from '../../../shared/dict/terminal-client.ts';
import { cancelOrder, confirmPayment, placeOrder } from '../orders/index.ts';
import { ticketProducts } from '../products/index.ts';
import { staffRefund } from '../refunds/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { travelDepartures, travelPackages, type TravelDeparture } from './travel.table.ts';

type PackageInsert = typeof travelPackages.$inferInsert;
type Outcome = 'paid' | 'pending' | 'cancelled' | 'refunded';

/** One demo area's packages, their departures and the orders placed on them. */
interface DemoTravel {
  /** The two packages, from the area's products (id and name, in the order of their ids). */
  packages: (products: { id: number; name: string }[]) => Omit<PackageInsert, 'scenicId'>[];
  /** Departures `first`, `first + 7`, … up to `last` days ahead (the second package's a day later). */
  departures: { first: number; last: number; capacity: [number, number]; price: [number, number] };
  /** package (0 or 1), its departure, travellers, outcome, buyer */
  orders: [number, number, number, Outcome, string][];
  /** The buyers' phones: this prefix and a number from 1001 on. */
  phonePrefix: string;
  /** The account that refunds (the area's own staff). */
  refunder: string;
}

const LAKE: DemoTravel = {
  packages: (products) => {
    const [a, b = a, c = b] = products.slice(0, 3).map((p) => p.id);
    return [
      {
        name: '湖山一日游',
        days: 1,
        itinerary: [{ title: '湖光山色', description: '上午游湖，下午登山观景。', productIds: [a!] }],
        ticketProductId: a!,
        included: '景区门票、导游讲解',
        excluded: '午餐、个人消费',
        status: 1,
      },
      {
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
    ];
  },
  departures: { first: 3, last: 28, capacity: [40, 20], price: [19_900, 59_900] },
  orders: [
    [0, 0, 2, 'paid', '李明'],
    [0, 0, 3, 'refunded', '赵丽'],
    [0, 1, 4, 'paid', '孙强'],
    [0, 1, 1, 'pending', '周敏'],
    [1, 0, 2, 'paid', '吴磊'],
    [1, 0, 2, 'cancelled', '郑洁'],
    [1, 1, 3, 'paid', '陈晨'],
  ],
  phonePrefix: '1390000',
  refunder: 'admin',
};

// The old town's products (products.seed.ts) by name; its packages need the gate ticket.
const TOWN: DemoTravel = {
  packages: (products) => {
    const id = (name: string) => products.find((p) => p.name === name)?.id;
    const gate = id('古镇成人票');
    if (gate == null) return [];
    const dye = id('扎染体验票') ?? gate;
    const stage = id('古戏台夜场') ?? gate;
    return [
      {
        name: '古镇慢游一日游',
        days: 1,
        itinerary: [
          {
            title: '四方街与扎染作坊',
            description: '上午逛四方街、茶马驿站，午后在扎染作坊亲手染一方手帕。',
            productIds: [gate, dye],
          },
        ],
        ticketProductId: gate,
        included: '古镇门票、扎染体验、导游讲解',
        excluded: '午餐、个人消费',
        status: 1,
      },
      {
        name: '茶马古道两日游',
        days: 2,
        itinerary: [
          {
            title: '古镇与古戏台',
            description: '游白族民居院落，晚上古戏台看歌舞，夜宿古镇客栈。',
            productIds: [gate, stage],
          },
          { title: '古道徒步', description: '沿茶马古道旧石阶上山，梯田观景台午餐后返程。', productIds: [] },
        ],
        ticketProductId: gate,
        included: '古镇门票、古戏台夜场、一晚客栈住宿、徒步向导',
        excluded: '餐饮、往返大交通',
        status: 1,
      },
    ];
  },
  departures: { first: 4, last: 25, capacity: [30, 16], price: [16_800, 46_800] },
  orders: [
    [0, 0, 2, 'paid', '段丽'],
    [0, 0, 1, 'refunded', '杨帆'],
    [0, 1, 3, 'pending', '和睿'],
    [1, 0, 2, 'paid', '苏晴'],
    [1, 0, 2, 'cancelled', '马骏'],
    [1, 1, 4, 'paid', '张一鸣'],
  ],
  phonePrefix: '1380000',
  refunder: 'yunling',
};

/**
 * Two demo packages in each demo area, built from its products, with departures over the next
 * weeks and orders on them: the lake area's, then the old town's (issue 15).
 */
export async function seedDemoTravel(tx: Db, scenicId: number): Promise<void> {
  await seedArea(tx, scenicId, LAKE);
  const [town] = await tx
    .select({ id: scenicAreas.id })
    .from(scenicAreas)
    .where(eq(scenicAreas.code, 'YLGZ'));
  if (town) await seedArea(tx, town.id, TOWN);
}

async function seedArea(tx: Db, scenicId: number, demo: DemoTravel): Promise<void> {
  const products = await tx
    .select({ id: ticketProducts.id, name: ticketProducts.name })
    .from(ticketProducts)
    .where(eq(ticketProducts.scenicId, scenicId))
    .orderBy(asc(ticketProducts.id));
  if (!products.length) return;
  const specs = demo.packages(products);
  if (!specs.length) return;
  const today = areaDay(new Date(), await areaTimeZone(tx, scenicId));
  const packages = await tx
    .insert(travelPackages)
    .values(specs.map((p) => ({ ...p, scenicId })))
    .returning({ id: travelPackages.id });
  const { first, last, capacity, price } = demo.departures;
  const values: (typeof travelDepartures.$inferInsert)[] = [];
  for (const [k, p] of packages.entries())
    for (let n = first; n <= last; n += 7)
      values.push({
        scenicId,
        packageId: p.id,
        date: addDays(today, n + k),
        capacity: capacity[k ? 1 : 0],
        price: price[k ? 1 : 0],
      });
  const departures = await tx.insert(travelDepartures).values(values).returning();
  await seedDemoTravelOrders(
    tx,
    scenicId,
    packages.map((p) => departures.filter((d) => d.packageId === p.id)),
    demo,
  );
}

/**
 * Orders of the demo packages in each state, placed, paid, cancelled and refunded by the selling
 * and refund code (placeOrder, confirmPayment, cancelOrder, staffRefund), so each departure's
 * `sold` is the seats its active orders hold and the orders' money adds up. Departures are in the
 * future, so no traveller has entered yet. A pending order is left to the payment deadline (T5).
 */
async function seedDemoTravelOrders(
  tx: Db,
  scenicId: number,
  byPackage: TravelDeparture[][],
  demo: DemoTravel,
) {
  const clientId = 'ctripManagement';
  const channel = channelOfClient(clientId)!;
  const [refunder] = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.username, demo.refunder))
    .limit(1);
  let n = 0;
  for (const [k, i, quantity, outcome, name] of demo.orders) {
    const departure = byPackage[k]?.[i];
    if (!departure) continue;
    n += 1;
    const phone = `${demo.phonePrefix}${String(1000 + n)}`;
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
    if (outcome === 'refunded' && refunder)
      await staffRefund(tx, {
        scenicId,
        orderId: order.id,
        ticketIds: tickets.map((x) => x.id),
        reason: '行程取消',
        adminId: refunder.id,
        adminName: demo.refunder,
      });
  }
}
