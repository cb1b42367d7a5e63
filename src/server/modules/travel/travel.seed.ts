import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addDays, areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { ticketProducts } from '../products/index.ts';
import { travelDepartures, travelPackages } from './travel.table.ts';

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
  await tx.insert(travelDepartures).values(values);
}
