import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelSeats, type SeatCell, type ShowRow, type TheatreDetail } from '../../../shared/api/theatres.ts';
import { SEAT_STATUS } from '../../../shared/dict/theatres.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { auditLogs } from '../audit/audit.table.ts';
import { dayFromNow, insertDemoHall, insertProduct } from './theatres.fixture.ts';
import { demoSeatMap } from './theatres.seed.ts';
import { claimSeats, releaseSeats, sellSeats } from './theatres.service.ts';
import { showSeats, theatres, theatreShows } from './theatres.table.ts';

const BASE = '/web/api/admin/theatre';

let t: TestApp;
const tok = { admin: '', staff: '', yunling: '' };
/** Performance and regular products of area 1, a performance product of area 2. */
const prod = { perf: 0, regular: 0, perf2: 0 };

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  // yunling (area 2) may do everything here, but only in area 2; staff (area 1) has no theatre perms
  await t.grant('yunling', [
    'admin:theatre:page',
    'admin:theatre:create',
    'admin:theatre:update',
    'admin:theatre:delete',
  ]);
  for (const name of Object.keys(tok) as (keyof typeof tok)[]) tok[name] = (await t.login(name)).access_token;
  const db = t.database.db;
  prod.perf = await insertProduct(db, 1, 3, '测试演出');
  prod.regular = await insertProduct(db, 1, 1, '测试门票');
  prod.perf2 = await insertProduct(db, 2, 3, '古镇演出');
});
afterAll(() => t.close());

const call = (who: keyof typeof tok, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.call(
    tok[who],
    /(^|\/)(delete|query|seats)(\?|$)/.test(path) ? 'GET' : 'POST',
    `${BASE}/${path}`,
    body,
    headers,
  );

async function data<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ data: T }>().data;
}

function expect400(res: Awaited<ReturnType<typeof call>>, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json<{ msg: string }>().msg).toContain(field);
}

async function createTheatre(who: keyof typeof tok, body: Record<string, unknown>) {
  return data<TheatreDetail>(await call(who, 'create', { address: '东门', ...body }));
}

async function theatreInDb(id: number) {
  const [row] = await t.database.db.select().from(theatres).where(eq(theatres.id, id));
  return row;
}

describe('theatres', () => {
  let hall: TheatreDetail;
  let other: TheatreDetail;

  it('creates a theatre as a full grid of seats in one default tier', async () => {
    hall = await createTheatre('admin', { name: '测试剧场', rows: 3, cols: 4, remark: '小厅' });
    expect(hall).toMatchObject({ name: '测试剧场', rows: 3, cols: 4, seatCount: 12, status: 1 });
    expect(hall.areas).toEqual([{ key: 'A', name: '普通区', color: '#409EFF', price: 0 }]);
    expect(hall.seats[0]).toEqual({ r: 0, c: 0, kind: 1, area: 'A', label: '1排1号' });
    expect(hall.seats.at(-1)).toEqual({ r: 2, c: 3, kind: 1, area: 'A', label: '3排4号' });
    other = await createTheatre('yunling', { name: '古镇戏台', rows: 2, cols: 2 });
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, 'theatres'), eq(auditLogs.targetId, String(hall.id))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses bad input naming the field, and a taken name', async () => {
    expect400(await call('admin', 'create', { name: 'x', rows: 0, cols: 4 }), 'rows');
    expect400(await call('admin', 'create', { name: 'x', rows: 3, cols: 101 }), 'cols');
    expect400(await call('admin', 'create', { rows: 3, cols: 3 }), 'name');
    expect400(await call('admin', 'create', { name: 'x', rows: 3, cols: 3, extra: 1 }), 'extra');
    const dup = await call('admin', 'create', { name: '测试剧场', rows: 1, cols: 1 });
    expect(dup.statusCode).toBe(409);
  });

  it('needs the permissions', async () => {
    expect((await call('staff', 'page', {})).statusCode).toBe(403);
    expect((await call('staff', 'create', { name: 'x', rows: 1, cols: 1 })).statusCode).toBe(403);
    expect((await call('staff', 'update', { id: hall.id, name: 'y' })).statusCode).toBe(403);
    expect((await call('staff', `delete?id=${hall.id}`)).statusCode).toBe(403);
    expect((await call('staff', `query?id=${hall.id}`)).statusCode).toBe(403);
    expect((await call('staff', 'export', {})).statusCode).toBe(403);
    expect((await call('staff', 'products', {})).statusCode).toBe(403);
  });

  it('lists, filters and sorts the area’s theatres only', async () => {
    await createTheatre('admin', { name: '北厅', rows: 1, cols: 2 });
    const all = await data<{ rows: { name: string; seatCount: number }[]; total: number }>(
      await call('admin', 'page', { sort: 'name', order: 'asc' }),
    );
    expect(all.rows.map((r) => r.name)).toContain('测试剧场');
    expect(all.rows.map((r) => r.name)).not.toContain('古镇戏台');
    const filtered = await data<{ rows: { name: string; seatCount: number }[]; total: number }>(
      await call('admin', 'page', { name: '北', status: 1 }),
    );
    expect(filtered).toMatchObject({ total: 1, rows: [{ name: '北厅', seatCount: 2 }] });
    const theirs = await data<{ rows: { name: string }[] }>(await call('yunling', 'page', {}));
    expect(theirs.rows.map((r) => r.name)).toEqual(['古镇戏台']);
    expect400(await call('admin', 'page', { sort: 'address' }), 'sort');
    expect400(await call('admin', 'page', { foo: 1 }), 'foo');
    // a platform administrator picks area 2
    const area2 = await data<{ rows: { name: string }[] }>(
      await call('admin', 'page', {}, { 'x-scenic-id': '2' }),
    );
    expect(area2.rows.map((r) => r.name)).toEqual(['古镇戏台']);
  });

  it('answers one theatre with its map; another area’s is 404', async () => {
    const one = await data<TheatreDetail>(await call('admin', `query?id=${hall.id}`));
    expect(one.seats).toHaveLength(12);
    expect((await call('admin', `query?id=${other.id}`)).statusCode).toBe(404);
    expect((await call('yunling', `query?id=${hall.id}`)).statusCode).toBe(404);
    expect400(await call('admin', 'query?id=abc'), 'id');
  });

  it('exports the list', async () => {
    const res = await call('admin', 'export', { name: '测试' });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('测试剧场');
    expect(text).toContain('座位数');
    expect(text).not.toContain('古镇戏台');
  });

  it('saves a seat map, labelling seats by counting only seats', async () => {
    const seats: SeatCell[] = [
      { r: 0, c: 0, kind: 1, area: 'V' },
      { r: 0, c: 1, kind: 2 },
      { r: 0, c: 2, kind: 1, area: 'N' },
      { r: 0, c: 3, kind: 1, area: 'N', label: '贵宾1' },
      // row 1 is a cross aisle: the next seat row is "2排"
      { r: 1, c: 0, kind: 2 },
      { r: 2, c: 1, kind: 3 },
      { r: 2, c: 2, kind: 1, area: 'N' },
    ];
    const saved = await data<TheatreDetail>(
      await call('admin', 'update', {
        id: hall.id,
        areas: [
          { key: 'V', name: 'VIP', color: '#ff0000', price: 28_000 },
          { key: 'N', name: '普通', color: '#00ff00', price: 10_000 },
        ],
        seats,
      }),
    );
    expect(saved.seatCount).toBe(4);
    expect(saved.seats.filter((s) => s.kind === 1).map((s) => s.label)).toEqual([
      '1排1号',
      '1排2号',
      '贵宾1',
      '2排1号',
    ]);
    expect(saved.seats.find((s) => s.kind === 2)).toEqual({ r: 0, c: 1, kind: 2 });
    const renamed = await data<TheatreDetail>(await call('admin', 'update', { id: hall.id, name: '主剧场' }));
    expect(renamed).toMatchObject({ name: '主剧场', seatCount: 4 });
    hall = renamed;
  });

  it('refuses a wrong seat map naming the cell', async () => {
    const areas = [{ key: 'N', name: '普通', color: '#00ff00', price: 100 }];
    const update = (body: Record<string, unknown>) => call('admin', 'update', { id: hall.id, ...body });
    expect400(await update({ areas, seats: [{ r: 3, c: 0, kind: 1, area: 'N' }] }), 'seats.0');
    expect400(
      await update({
        areas,
        seats: [
          { r: 0, c: 0, kind: 1, area: 'N' },
          { r: 0, c: 0, kind: 2 },
        ],
      }),
      'seats.1',
    );
    expect400(await update({ areas, seats: [{ r: 0, c: 0, kind: 1, area: 'X' }] }), 'seats.0.area');
    expect400(await update({ areas, seats: [{ r: 0, c: 0, kind: 1 }] }), 'seats.0.area');
    expect400(await update({ areas: [...areas, ...areas], seats: [] }), 'areas.1.key');
    const many = Array.from({ length: 13 }, (_, i) => ({
      key: `k${i}`,
      name: `${i}`,
      color: '#000000',
      price: 0,
    }));
    expect400(await update({ areas: many, seats: [] }), 'areas');
    expect400(await update({ areas: [{ ...areas[0], color: 'red' }], seats: [] }), 'areas.0.color');
    expect400(await update({ seats: [{ r: 0, c: 0, kind: 5 }] }), 'seats.0.kind');
    // the map has seats in row 2: shrinking to 2 rows without sending a map names rows
    expect400(await update({ rows: 2 }), 'rows');
    // dropping the tier the seats use without sending the seats names areas
    expect400(await update({ areas: [{ key: 'Z', name: 'z', color: '#000000', price: 0 }] }), 'areas');
    expect((await theatreInDb(hall.id))?.seats).toHaveLength(7);
  });

  it('does not let another area edit or delete a theatre', async () => {
    expect((await call('yunling', 'update', { id: hall.id, name: '改名' })).statusCode).toBe(404);
    expect((await call('yunling', `delete?id=${hall.id}`)).statusCode).toBe(404);
    expect((await theatreInDb(hall.id))?.name).toBe('主剧场');
  });

  it('lists the area’s performance products for the selects', async () => {
    const mine = await data<{ id: number; name: string }[]>(await call('admin', 'products', {}));
    expect(mine.map((p) => p.id)).toContain(prod.perf);
    expect(mine.map((p) => p.id)).not.toContain(prod.regular);
    expect(mine.map((p) => p.id)).not.toContain(prod.perf2);
    const theirs = await data<{ id: number }[]>(await call('yunling', 'products'));
    expect(theirs.map((p) => p.id)).toEqual([prod.perf2]);
    expect400(await call('admin', 'products', { x: 1 }), 'x');
  });

  describe('shows', () => {
    const from = dayFromNow(1);
    const to = dayFromNow(14);
    let shows: ShowRow[] = [];
    const showBody = () => ({
      productId: prod.perf,
      theatreId: hall.id,
      from,
      to,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      startTime: '19:30',
      endTime: '21:00',
    });
    const listShows = async (who: keyof typeof tok, body: Record<string, unknown> = {}) =>
      data<{ rows: ShowRow[]; total: number }>(await call(who, 'show/page', { limit: 100, ...body }));

    it('creates one show per matching day and copies the seats with their prices', async () => {
      const res = await data<{ created: number; skipped: number }>(
        await call('admin', 'show/create', showBody()),
      );
      expect(res).toEqual({ created: 14, skipped: 0 });
      // only weekends of the same range: all already taken at that time
      const again = await data<{ created: number; skipped: number }>(
        await call('admin', 'show/create', {
          ...showBody(),
          weekdays: [6, 7],
          startTime: '20:00',
          endTime: '22:00',
        }),
      );
      expect(again.created).toBe(0);
      expect(again.skipped).toBeGreaterThanOrEqual(3);
      const list = await listShows('admin', { productId: prod.perf });
      expect(list.total).toBe(14);
      shows = list.rows;
      expect(shows[0]).toMatchObject({
        showDate: from,
        startTime: '19:30',
        endTime: '21:00',
        theatreName: '主剧场',
        productName: '测试演出',
        total: 4,
        sold: 0,
        held: 0,
        status: 1,
      });
      const seats = await t.database.db.select().from(showSeats).where(eq(showSeats.showId, shows[0]!.id));
      expect(seats.map((s) => [s.label, s.areaKey, s.price]).sort()).toEqual(
        [
          ['1排1号', 'V', 28_000],
          ['1排2号', 'N', 10_000],
          ['贵宾1', 'N', 10_000],
          ['2排1号', 'N', 10_000],
        ].sort(),
      );
      const later = await data<{ created: number }>(
        await call('admin', 'show/create', {
          ...showBody(),
          weekdays: [1],
          startTime: '14:00',
          endTime: '15:30',
        }),
      );
      expect(later.created).toBe(2);
    });

    it('refuses bad show input naming the field', async () => {
      const create = (patch: Record<string, unknown>) =>
        call('admin', 'show/create', { ...showBody(), ...patch });
      expect400(await create({ productId: prod.regular }), 'productId');
      expect400(await create({ endTime: '19:00' }), 'endTime');
      expect400(await create({ startTime: '25:00' }), 'startTime');
      expect400(await create({ to: dayFromNow(100) }), 'to');
      expect400(await create({ to: dayFromNow(0), from: dayFromNow(3) }), 'to');
      expect400(await create({ weekdays: [] }), 'weekdays');
      expect400(await create({ weekdays: [8] }), 'weekdays.0');
      expect400(await call('admin', 'show/page', { status: 9 }), 'status');
      expect400(await call('admin', 'show/page', { from: '2024-02-30' }), 'from');
      expect400(await call('admin', 'show/update', { id: shows[0]!.id, startTime: '22:00' }), 'endTime');
      expect400(
        await call('admin', 'show/seatStatus', { showId: shows[0]!.id, seats: [], status: 4 }),
        'seats',
      );
      expect400(
        await call('admin', 'show/seatStatus', {
          showId: shows[0]!.id,
          seats: [{ row: 0, col: 0 }],
          status: 3,
        }),
        'status',
      );
      expect400(
        await call('admin', 'show/seatStatus', {
          showId: shows[0]!.id,
          seats: [{ row: 0, col: 1 }],
          status: 4,
        }),
        'seats',
      );
    });

    it('keeps another area’s shows, theatres and products out of reach', async () => {
      expect((await call('admin', 'show/create', { ...showBody(), productId: prod.perf2 })).statusCode).toBe(
        404,
      );
      expect((await call('admin', 'show/create', { ...showBody(), theatreId: other.id })).statusCode).toBe(
        404,
      );
      expect(
        (await call('yunling', 'show/create', { ...showBody(), productId: prod.perf2 })).statusCode,
      ).toBe(404);
      const id = shows[0]!.id;
      expect((await listShows('yunling')).total).toBe(0);
      expect((await call('yunling', `show/seats?id=${id}`)).statusCode).toBe(404);
      expect((await call('yunling', 'show/update', { id, status: 2 })).statusCode).toBe(404);
      expect((await call('yunling', `show/delete?id=${id}`)).statusCode).toBe(404);
      expect(
        (await call('yunling', 'show/seatStatus', { showId: id, seats: [{ row: 0, col: 0 }], status: 4 }))
          .statusCode,
      ).toBe(404);
      const [still] = await t.database.db.select().from(theatreShows).where(eq(theatreShows.id, id));
      expect(still?.status).toBe(1);
    });

    it('needs the permissions for shows', async () => {
      const id = shows[0]!.id;
      expect((await call('staff', 'show/page', {})).statusCode).toBe(403);
      expect((await call('staff', 'show/create', showBody())).statusCode).toBe(403);
      expect((await call('staff', 'show/update', { id, status: 2 })).statusCode).toBe(403);
      expect((await call('staff', `show/delete?id=${id}`)).statusCode).toBe(403);
      expect((await call('staff', `show/seats?id=${id}`)).statusCode).toBe(403);
      expect(
        (await call('staff', 'show/seatStatus', { showId: id, seats: [{ row: 0, col: 0 }], status: 4 }))
          .statusCode,
      ).toBe(403);
    });

    it('filters shows by date range and theatre', async () => {
      const some = await listShows('admin', { from: dayFromNow(2), to: dayFromNow(3), theatreId: hall.id });
      expect(some.rows.length).toBeGreaterThanOrEqual(2);
      expect(some.rows.every((r) => r.showDate >= dayFromNow(2) && r.showDate <= dayFromNow(3))).toBe(true);
      const sorted = await listShows('admin', { sort: 'showDate', order: 'desc' });
      expect(sorted.rows[0]!.showDate >= sorted.rows.at(-1)!.showDate).toBe(true);
    });

    it('blocks and frees seats, shows the map, and refuses to block a sold seat', async () => {
      const id = shows[0]!.id;
      const blocked = await data<{ changed: number }>(
        await call('admin', 'show/seatStatus', {
          showId: id,
          seats: [
            { row: 0, col: 0 },
            { row: 0, col: 2 },
          ],
          status: 4,
        }),
      );
      expect(blocked.changed).toBe(2);
      await t.database.db.transaction(async (tx) => {
        await claimSeats(tx, { scenicId: 1, showId: id, seats: [{ row: 2, col: 2 }], holdRef: 'order-1' });
        expect(await sellSeats(tx, { showId: id, holdRef: 'order-1' })).toBe(1);
      });
      const refused = await call('admin', 'show/seatStatus', {
        showId: id,
        seats: [{ row: 2, col: 2 }],
        status: 4,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ msg: string }>().msg).toContain('2排1号');
      const map = await data<{
        show: ShowRow;
        rows: number;
        cols: number;
        cells: SeatCell[];
        seats: { row: number; col: number; status: number; label: string }[];
        areas: { key: string }[];
      }>(await call('admin', `show/seats?id=${id}`));
      expect(map).toMatchObject({ rows: 3, cols: 4 });
      expect(map.show).toMatchObject({ sold: 1, blocked: 2, total: 4 });
      expect(map.cells).toEqual(
        expect.arrayContaining([
          { r: 0, c: 1, kind: 2 },
          { r: 2, c: 1, kind: 3 },
        ]),
      );
      expect(map.areas.map((a) => a.key)).toEqual(['V', 'N']);
      expect(map.seats.find((s) => s.row === 0 && s.col === 0)?.status).toBe(SEAT_STATUS.blocked);
      const freed = await data<{ changed: number }>(
        await call('admin', 'show/seatStatus', { showId: id, seats: [{ row: 0, col: 0 }], status: 1 }),
      );
      expect(freed.changed).toBe(1);
      // a row per change on the show (none of the refused one), the action by the status asked for
      const audit = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetType, 'theatreShow'), eq(auditLogs.targetId, String(id))))
        .orderBy(auditLogs.id);
      const seatsOf = (after: unknown) =>
        (after as { seats: { row: number; col: number }[] }).seats.map((c) => `${c.row}:${c.col}`).sort();
      expect(
        audit.filter((a) => a.action.endsWith('Seats')).map((a) => [a.action, seatsOf(a.after)]),
      ).toEqual([
        ['blockSeats', ['0:0', '0:2']],
        ['unblockSeats', ['0:0']],
      ]);
    });

    it('editing the map leaves existing shows’ seats as they were', async () => {
      const before = await t.database.db.select().from(showSeats).where(eq(showSeats.showId, shows[1]!.id));
      await data(
        await call('admin', 'update', {
          id: hall.id,
          rows: 2,
          cols: 2,
          areas: [{ key: 'Q', name: '新区', color: '#123456', price: 1 }],
          seats: [{ r: 0, c: 0, kind: 1, area: 'Q' }],
        }),
      );
      const after = await t.database.db.select().from(showSeats).where(eq(showSeats.showId, shows[1]!.id));
      expect(after).toEqual(before);
      const map = await data<{ rows: number; cols: number; seats: unknown[]; areas: { key: string }[] }>(
        await call('admin', `show/seats?id=${shows[1]!.id}`),
      );
      expect(map).toMatchObject({ rows: 3, cols: 4 });
      expect(map.seats).toHaveLength(4);
      expect(map.areas.map((a) => a.key).sort()).toEqual(['N', 'Q', 'V']);
    });

    it('closes and reopens a show, moves its time, refuses an overlap', async () => {
      const id = shows[2]!.id;
      const closed = await data<ShowRow>(await call('admin', 'show/update', { id, status: 2 }));
      expect(closed.status).toBe(2);
      const moved = await data<ShowRow>(
        await call('admin', 'show/update', { id, status: 1, startTime: '19:00', endTime: '20:30' }),
      );
      expect(moved).toMatchObject({ status: 1, startTime: '19:00', endTime: '20:30' });
      // shows[2] is a Monday-or-not; make a second show the same day and collide with it
      await data(
        await call('admin', 'show/create', {
          ...showBody(),
          from: moved.showDate,
          to: moved.showDate,
          startTime: '10:00',
          endTime: '11:00',
        }),
      );
      const clash = await call('admin', 'show/update', { id, startTime: '10:30', endTime: '12:00' });
      expect(clash.statusCode).toBe(409);
    });

    it('deletes a show without sales, refuses one with sold seats, and a theatre with shows', async () => {
      const sold = await call('admin', `show/delete?id=${shows[0]!.id}`);
      expect(sold.statusCode).toBe(409);
      expect((await call('admin', `show/delete?id=${shows[3]!.id}`)).statusCode).toBe(200);
      expect(await t.database.db.select().from(showSeats).where(eq(showSeats.showId, shows[3]!.id))).toEqual(
        [],
      );
      const busy = await call('admin', `delete?id=${hall.id}`);
      expect(busy.statusCode).toBe(409);
      expect(busy.json<{ msg: string }>().msg).toContain('主剧场');
      const empty = await createTheatre('admin', { name: '待删剧场', rows: 1, cols: 1 });
      expect((await call('admin', `delete?id=${empty.id}`)).statusCode).toBe(200);
      expect(await theatreInDb(empty.id)).toBeUndefined();
      expect400(await call('admin', 'show/delete?id=0'), 'id');
    });
  });
});

describe('demo seed', () => {
  it('has 青山剧院 with a month of evening shows, a few seats sold', async () => {
    const db = t.database.db;
    const [hall] = await db.select().from(theatres).where(eq(theatres.name, '青山剧院'));
    expect(hall).toMatchObject({ scenicId: 1, rows: 12, cols: 18 });
    expect(hall!.areas.map((a) => [a.name, a.price])).toEqual([
      ['VIP', 28_000],
      ['甲区', 18_000],
      ['乙区', 12_000],
    ]);
    const shows = await db.select().from(theatreShows).where(eq(theatreShows.theatreId, hall!.id));
    if (!shows.length) return; // no performance product in the products seed
    expect(shows.filter((s) => s.startTime === '19:30')).toHaveLength(30);
    const sold = await db
      .select()
      .from(showSeats)
      .where(
        and(
          eq(showSeats.showId, shows.find((s) => s.showDate === dayFromNow(0))!.id),
          eq(showSeats.status, 3),
        ),
      );
    expect(sold.length).toBeGreaterThan(0);
  });
});

describe('seat claims (theatres.service)', () => {
  let showId = 0;
  let pastShowId = 0;

  beforeAll(async () => {
    const db = t.database.db;
    const hallId = await insertDemoHall(db, '服务测试厅');
    const [show, past] = await db
      .insert(theatreShows)
      .values([
        {
          scenicId: 1,
          theatreId: hallId,
          productId: prod.perf,
          showDate: dayFromNow(3),
          startTime: '19:30',
          endTime: '21:00',
        },
        {
          scenicId: 1,
          theatreId: hallId,
          productId: prod.perf,
          showDate: dayFromNow(-1),
          startTime: '19:30',
          endTime: '21:00',
        },
      ])
      .returning();
    showId = show!.id;
    pastShowId = past!.id;
    const { copySeats } = await import('./theatres.service.ts');
    await copySeats(db, [showId, pastShowId]);
  });

  const seatsOf = async (holdRef: string) =>
    t.database.db
      .select()
      .from(showSeats)
      .where(and(eq(showSeats.showId, showId), eq(showSeats.holdRef, holdRef)));

  it('holds seats with their prices, then sells them', async () => {
    const claimed = await t.database.db.transaction((tx) =>
      claimSeats(tx, {
        scenicId: 1,
        showId,
        seats: [
          { row: 0, col: 5 },
          { row: 9, col: 0 },
          { row: 0, col: 5 },
        ],
        holdRef: 'A1',
      }),
    );
    expect(claimed).toEqual([
      { row: 0, col: 5, label: '1排5号', areaKey: 'VIP', price: 28_000 },
      { row: 9, col: 0, label: '10排1号', areaKey: 'B', price: 12_000 },
    ]);
    expect((await seatsOf('A1')).map((s) => s.status)).toEqual([2, 2]);
    expect(await sellSeats(t.database.db, { showId, holdRef: 'A1' })).toBe(2);
    expect((await seatsOf('A1')).map((s) => s.status)).toEqual([3, 3]);
  });

  it('is all or nothing: a taken seat is a 409 naming it and nothing else is held', async () => {
    const attempt = t.database.db.transaction((tx) =>
      claimSeats(tx, {
        scenicId: 1,
        showId,
        seats: [
          { row: 0, col: 6 },
          { row: 0, col: 5 },
        ],
        holdRef: 'B1',
      }),
    );
    await expect(attempt).rejects.toMatchObject({
      statusCode: 409,
      msgKey: 'seatsTaken',
      options: { params: { seats: '1排5号' } },
    });
    expect(await seatsOf('B1')).toEqual([]);
    // a caller that catches the 409 and goes on still keeps no partial claim (savepoint)
    await t.database.db.transaction(async (tx) => {
      await expect(
        claimSeats(tx, {
          scenicId: 1,
          showId,
          seats: [
            { row: 0, col: 7 },
            { row: 0, col: 5 },
          ],
          holdRef: 'B2',
        }),
      ).rejects.toMatchObject({ statusCode: 409 });
    });
    expect(await seatsOf('B2')).toEqual([]);
    // an aisle is not a seat of the show
    await expect(
      claimSeats(t.database.db, { scenicId: 1, showId, seats: [{ row: 0, col: 4 }], holdRef: 'B3' }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  it('refuses closed, past and other areas’ shows', async () => {
    await expect(
      claimSeats(t.database.db, { scenicId: 2, showId, seats: [{ row: 1, col: 0 }], holdRef: 'C1' }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      claimSeats(t.database.db, {
        scenicId: 1,
        showId: pastShowId,
        seats: [{ row: 1, col: 0 }],
        holdRef: 'C1',
      }),
    ).rejects.toMatchObject({ statusCode: 409, msgKey: 'showPast' });
    await t.database.db.update(theatreShows).set({ status: 2 }).where(eq(theatreShows.id, showId));
    await expect(
      claimSeats(t.database.db, { scenicId: 1, showId, seats: [{ row: 1, col: 0 }], holdRef: 'C1' }),
    ).rejects.toMatchObject({ statusCode: 409, msgKey: 'showClosed' });
    await t.database.db.update(theatreShows).set({ status: 1 }).where(eq(theatreShows.id, showId));
  });

  it('releases held seats, and sold ones only when asked', async () => {
    await claimSeats(t.database.db, {
      scenicId: 1,
      showId,
      seats: [
        { row: 1, col: 0 },
        { row: 1, col: 1 },
        { row: 1, col: 2 },
      ],
      holdRef: 'D1',
    });
    expect(await releaseSeats(t.database.db, { showId, holdRef: 'D1', seats: [{ row: 1, col: 0 }] })).toBe(1);
    expect(await releaseSeats(t.database.db, { showId, holdRef: 'D1' })).toBe(2);
    expect(await seatsOf('D1')).toEqual([]);
    expect(await releaseSeats(t.database.db, { showId, holdRef: 'A1' })).toBe(0);
    expect(await releaseSeats(t.database.db, { showId, holdRef: 'A1', sold: true })).toBe(2);
    const again = await claimSeats(t.database.db, {
      scenicId: 1,
      showId,
      seats: [{ row: 0, col: 5 }],
      holdRef: 'D2',
    });
    expect(again).toHaveLength(1);
  });

  it('labels the demo map row by row, skipping aisles', () => {
    const map = demoSeatMap();
    expect(map.filter((c) => c.kind === 1)).toHaveLength(12 * 16 - 8);
    expect(map.find((c) => c.r === 0 && c.c === 5)?.label).toBe('1排5号');
    expect(labelSeats(map)).toEqual(map);
  });
});
