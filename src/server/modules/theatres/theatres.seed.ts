import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { labelSeats, type SeatArea, type SeatCell } from '../../../shared/api/theatres.ts';
import { PRODUCT_TYPE } from '../../../shared/dict/product.ts';
import { SEAT_KIND, SEAT_STATUS } from '../../../shared/dict/theatres.ts';
import type { Db } from '../../db/client.ts';
import { addDays, areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { ticketProducts } from '../products/index.ts';
import { copySeats } from './theatres.service.ts';
import { showSeats, theatres, theatreShows } from './theatres.table.ts';

const ROWS = 12;
const COLS = 18;
const AISLES = [4, 13];

const AREAS: SeatArea[] = [
  { key: 'VIP', name: 'VIP', color: '#E6A23C', price: 28_000 },
  { key: 'A', name: '甲区', color: '#409EFF', price: 18_000 },
  { key: 'B', name: '乙区', color: '#67C23A', price: 12_000 },
];

/** 青山剧院: two aisles, disabled back corners, VIP in the front centre, 甲区 around it, 乙区 at the back. */
export function demoSeatMap(): SeatCell[] {
  const cells: SeatCell[] = [];
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLS; c++) {
      if (AISLES.includes(c)) {
        cells.push({ r, c, kind: SEAT_KIND.aisle });
      } else if (r >= ROWS - 2 && (c < 2 || c >= COLS - 2)) {
        cells.push({ r, c, kind: SEAT_KIND.disabled });
      } else {
        const centre = c > AISLES[0]! && c < AISLES[1]!;
        const area = r < 4 && centre ? 'VIP' : r < 8 ? 'A' : 'B';
        cells.push({ r, c, kind: SEAT_KIND.seat, area });
      }
    }
  }
  return labelSeats(cells);
}

/** Demo data of this module for one scenic area (called by src/server/seed/index.ts). */
export async function seedDemoTheatres(db: Db, scenicId: number): Promise<void> {
  const [theatre] = await db
    .insert(theatres)
    .values({
      scenicId,
      name: '青山剧院',
      address: '青山湖风景区游客中心东侧',
      rows: ROWS,
      cols: COLS,
      areas: AREAS,
      seats: demoSeatMap(),
      remark: '实景演出主剧场',
    })
    .returning({ id: theatres.id });
  if (!theatre) return;

  const products = await db
    .select({ id: ticketProducts.id })
    .from(ticketProducts)
    .where(
      and(eq(ticketProducts.scenicId, scenicId), eq(ticketProducts.productType, PRODUCT_TYPE.performance)),
    )
    .orderBy(asc(ticketProducts.sort), asc(ticketProducts.id));
  if (!products.length) return;

  // one hall, one show a night: the first performance product plays 19:30 and the others 21:30
  const today = areaDay(new Date(), await areaTimeZone(db, scenicId));
  const values: (typeof theatreShows.$inferInsert)[] = [];
  for (let day = 0; day < 30; day++) {
    products.slice(0, 2).forEach((p, i) =>
      values.push({
        scenicId,
        theatreId: theatre.id,
        productId: p.id,
        showDate: addDays(today, day),
        startTime: i === 0 ? '19:30' : '21:30',
        endTime: i === 0 ? '21:00' : '23:00',
      }),
    );
  }
  const shows = await db.insert(theatreShows).values(values).returning({ id: theatreShows.id });
  const ids = shows.map((s) => s.id);
  await copySeats(db, ids);

  // the first three nights: some of the best seats sold, a row end blocked for the crew
  const first = ids.slice(0, 3);
  if (!first.length) return;
  await db
    .update(showSeats)
    .set({ status: SEAT_STATUS.sold, holdRef: sql`'demo-' || ${showSeats.showId}` })
    .where(
      and(
        inArray(showSeats.showId, first),
        sql`((${showSeats.row} < 3 and ${showSeats.col} between 6 and 11) or (${showSeats.row} = 5 and ${showSeats.col} between 0 and 3))`,
      ),
    );
  await db
    .update(showSeats)
    .set({ status: SEAT_STATUS.blocked })
    .where(
      and(
        inArray(showSeats.showId, first),
        eq(showSeats.row, ROWS - 1),
        sql`${showSeats.col} in (${COLS - 3}, ${COLS - 4})`,
      ),
    );
}
