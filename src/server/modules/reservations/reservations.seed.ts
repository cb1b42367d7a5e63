import { sql } from 'drizzle-orm';
import { idNumberCheckChar } from '../../../shared/api/staff-cards.ts';
import { RESERVATION_STATUS as R, type ReservationStatusCode } from '../../../shared/dict/reservations.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { addDays, areaDay, areaInstant, DEFAULT_TIME_ZONE } from '../../lib/area-clock.ts';
import { messageText, writeDemoSends, type DemoSend } from '../messaging/index.ts';
import { reservationSessions, reservationSites, reservations } from './reservations.table.ts';

type DemoSite = Omit<typeof reservationSites.$inferInsert, 'scenicId'>;

const SITES: DemoSite[] = [
  {
    name: '湖畔美术馆',
    location: '东岸游客中心北侧',
    capacity: 30,
    daysAhead: 7,
    closeMinutes: 30,
    rules: '请提前 10 分钟到场，凭预约码入馆；馆内请勿使用闪光灯。',
    realName: true,
  },
  {
    name: '非遗体验工坊',
    location: '渔村码头二楼',
    capacity: 12,
    daysAhead: 14,
    closeMinutes: 0,
    rules: '每场约 90 分钟，儿童须由成人陪同。',
    realName: false,
  },
];
const SLOTS = [
  { startTime: '09:30', endTime: '11:00' },
  { startTime: '14:00', endTime: '15:30' },
];
const NAMES = ['王芳', '李强', '张敏', '刘洋', '陈静', '杨磊', '赵丽', '黄伟', '周婷', '吴杰'];

/** A valid demo ID number (Hangzhou, born 1990-01-01 + n days), unique per n. */
function demoIdNumber(n: number): string {
  const birth = new Date(Date.UTC(1990, 0, 1 + (n % 9000))).toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `330106${birth}${String(n % 1000).padStart(3, '0')}`;
  return first17 + idNumberCheckChar(first17);
}

/**
 * Every demo area: two sites with two sessions a day from two weeks ago to two weeks ahead, and
 * bookings in all four states (past sessions: arrived, expired, cancelled; coming ones: booked,
 * cancelled). Each session's booked count equals its bookings in state 0 or 1. Codes of the demo
 * start with 0, which booking codes never do.
 */
export async function seedDemoReservations(db: Db, _scenicId: number, now = new Date()): Promise<void> {
  const areas = await queryRows<{ id: number; name: string; time_zone: string | null }>(
    db,
    sql`select id, name, time_zone from scenic_areas order by id`,
  );
  let n = 0;
  for (const area of areas) {
    const zone = area.time_zone ?? DEFAULT_TIME_ZONE;
    const today = areaDay(now, zone);
    const sites = await db
      .insert(reservationSites)
      .values(SITES.map((s) => ({ ...s, scenicId: area.id })))
      .returning();
    for (const site of sites) {
      const sessions: (typeof reservationSessions.$inferInsert)[] = [];
      for (let d = -14; d <= 15; d++)
        for (const slot of SLOTS)
          sessions.push({
            scenicId: area.id,
            siteId: site.id,
            date: addDays(today, d),
            ...slot,
            capacity: site.capacity,
          });
      const created = await db.insert(reservationSessions).values(sessions).returning();
      const bookings: (typeof reservations.$inferInsert)[] = [];
      const booked = new Map<number, number>();
      for (const [i, session] of created.entries()) {
        const end = areaInstant(session.date, session.endTime, zone);
        const start = areaInstant(session.date, session.startTime, zone);
        const over = end <= now;
        const started = start <= now;
        // past: arrived, arrived, expired, cancelled; coming: booked, booked, booked, cancelled
        const states: ReservationStatusCode[] = over
          ? [R.arrived, R.arrived, R.expired, R.cancelled]
          : started
            ? [R.booked, R.arrived, R.cancelled]
            : [R.booked, R.booked, R.booked, R.cancelled];
        for (const [k, status] of states.slice(0, 2 + ((i + k0(site.id)) % (states.length - 1))).entries()) {
          n += 1;
          const idNumber = site.realName ? demoIdNumber(n) : '';
          const phone = `139${String(10_000_000 + n).slice(-8)}`;
          const bookedAt = new Date(start.getTime() - (2 + ((n * 7) % 70)) * 3_600_000);
          bookings.push({
            scenicId: area.id,
            siteId: site.id,
            sessionId: session.id,
            code: `0${String(n).padStart(11, '0')}`,
            visitorName: NAMES[(n + k) % NAMES.length]!,
            phone,
            idNumber,
            visitorKey: idNumber || phone,
            clientId: 'weixinManagement',
            channel: 4,
            status,
            bookedAt,
            arrivedAt: status === R.arrived ? new Date(start.getTime() - 5 * 60_000) : null,
            closedAt:
              status === R.cancelled
                ? new Date(bookedAt.getTime() + 3_600_000)
                : status === R.expired
                  ? end
                  : null,
          });
          if (status === R.booked || status === R.arrived)
            booked.set(session.id, (booked.get(session.id) ?? 0) + 1);
        }
      }
      const saved = await db.insert(reservations).values(bookings).returning();
      await seedBookingSends(db, saved, { area: area.name, site: site.name, sessions: created, now });
      for (const [sessionId, count] of booked)
        await db.execute(sql`update reservation_sessions set booked = ${count} where id = ${sessionId}`);
    }
  }
}

/**
 * The SMS the last week's bookings sent (template 8, in the send log as the worker left them) where
 * the area has the template on: the same variables as the live path (reservation-messages.ts).
 */
async function seedBookingSends(
  db: Db,
  saved: (typeof reservations.$inferSelect)[],
  at: { area: string; site: string; sessions: (typeof reservationSessions.$inferSelect)[]; now: Date },
): Promise<void> {
  const scenicId = saved[0]?.scenicId;
  if (scenicId == null || !(await messageText(db, { scenicId, template: 8, variables: {} }))) return;
  const since = at.now.getTime() - 7 * 86_400_000;
  const sessions = new Map(at.sessions.map((x) => [x.id, x]));
  const sends: DemoSend[] = saved
    .filter((b) => b.bookedAt.getTime() >= since && b.bookedAt <= at.now)
    .map((b) => {
      const session = sessions.get(b.sessionId)!;
      return {
        template: 8,
        phone: b.phone,
        variables: {
          area: at.area,
          name: b.visitorName,
          place: at.site,
          date: session.date,
          session: `${session.startTime}-${session.endTime}`,
          bookingCode: b.code,
        },
        eventKey: `booking:${b.id}`,
        ref: b.code,
        use: 6,
        at: b.bookedAt,
      };
    });
  await writeDemoSends(db, scenicId, sends, at.now);
}

/** A small offset per site, so the two sites' sessions do not hold the same number of bookings. */
const k0 = (siteId: number) => siteId % 3;
