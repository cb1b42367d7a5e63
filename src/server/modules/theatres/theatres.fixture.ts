import type { Db } from '../../db/client.ts';
import { DEFAULT_TIME_ZONE, addDays, areaDay } from '../../lib/area-clock.ts';
import { insertTicketProduct } from '../../test/products.ts';
import { demoSeatMap } from './theatres.seed.ts';
import { theatres } from './theatres.table.ts';

/** A ticket category and a product of a given type in an area, straight in the database (tests). */
export async function insertProduct(db: Db, scenicId: number, productType: number, name: string) {
  return (await insertTicketProduct(db, `${name}-类`, { scenicId, productType, name, shelfStatus: 1 })).id;
}

/** A date `days` from today on the area's clock (the demo areas keep the default zone), "YYYY-MM-DD". */
export function dayFromNow(days: number, timeZone = DEFAULT_TIME_ZONE): string {
  return addDays(areaDay(new Date(), timeZone), days);
}

/** A hall of area 1 with the demo's 12 × 18 seat map and its three priced areas; returns its id. */
export async function insertDemoHall(db: Db, name: string): Promise<number> {
  const [hall] = await db
    .insert(theatres)
    .values({
      scenicId: 1,
      name,
      rows: 12,
      cols: 18,
      areas: [
        { key: 'VIP', name: 'VIP', color: '#E6A23C', price: 28_000 },
        { key: 'A', name: '甲区', color: '#409EFF', price: 18_000 },
        { key: 'B', name: '乙区', color: '#67C23A', price: 12_000 },
      ],
      seats: demoSeatMap(),
    })
    .returning({ id: theatres.id });
  return hall!.id;
}
