import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { ShowPage, ShowRow } from '../../../shared/api/theatres.ts';
import { SEAT_STATUS } from '../../../shared/dict/theatres.ts';
import type { Db } from '../../db/client.ts';
import { ticketProducts } from '../products/index.ts';
import { theatres, theatreShows } from './theatres.table.ts';

/** Seat counts of a show by status, as scalar subqueries of a show row. */
const countOf = (status?: number) =>
  sql<number>`(select count(*)::int from show_seats ss where ss.show_id = ${theatreShows.id}${
    status ? sql` and ss.status = ${status}` : sql``
  })`;

const showColumns = {
  id: theatreShows.id,
  productId: theatreShows.productId,
  productName: ticketProducts.name,
  theatreId: theatreShows.theatreId,
  theatreName: theatres.name,
  showDate: theatreShows.showDate,
  startTime: theatreShows.startTime,
  endTime: theatreShows.endTime,
  status: theatreShows.status,
  total: countOf(),
  sold: countOf(SEAT_STATUS.sold),
  held: countOf(SEAT_STATUS.held),
  blocked: countOf(SEAT_STATUS.blocked),
  createdAt: theatreShows.createdAt,
};

export function showWhere(scenicId: number, q: Partial<ShowPage>) {
  return and(
    eq(theatreShows.scenicId, scenicId),
    q.productId ? eq(theatreShows.productId, q.productId) : undefined,
    q.theatreId ? eq(theatreShows.theatreId, q.theatreId) : undefined,
    q.from ? gte(theatreShows.showDate, q.from) : undefined,
    q.to ? lte(theatreShows.showDate, q.to) : undefined,
    q.status ? eq(theatreShows.status, q.status) : undefined,
  );
}

/** Shows with their theatre and product names and seat counts by status. */
export function showQuery(db: Db) {
  return db
    .select(showColumns)
    .from(theatreShows)
    .innerJoin(theatres, eq(theatres.id, theatreShows.theatreId))
    .innerJoin(ticketProducts, eq(ticketProducts.id, theatreShows.productId));
}

export function toShowRow(r: Awaited<ReturnType<ReturnType<typeof showQuery>['execute']>>[number]): ShowRow {
  const { createdAt, ...rest } = r;
  return { ...rest, createTime: createdAt.toISOString() };
}
