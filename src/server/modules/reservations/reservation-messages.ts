import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { queueMessage, useOfChannel, type MessageKind } from '../messaging/index.ts';
import type { Reservation } from './reservations.table.ts';

/** SMS template 8 (spec §9 "session booking"), queued when a visitor books a session. */
export const bookingKind: MessageKind = {
  template: 8,
  variables: [
    { name: 'area', sample: '青山湖风景区' },
    { name: 'name', sample: '张三' },
    { name: 'place', sample: '湖心岛' },
    { name: 'date', sample: '2026-12-01' },
    { name: 'session', sample: '09:00-10:00' },
    { name: 'bookingCode', sample: '8F3K2Q' },
  ],
  text: '【${area}】${name}您好，您已预约${place} ${date} ${session}场次，预约码${bookingCode}，请按时到场。',
};

/** Queues template 8 for the booking's phone, in the booking's transaction. */
export async function queueBookingMessage(tx: Db, booking: Reservation): Promise<void> {
  const [row] = await queryRows<{ area: string; place: string; date: string; start: string; end: string }>(
    tx,
    sql`select a.name as area, s.name as place, x.date::text as date, x.start_time as start, x.end_time as end
        from reservation_sessions x join reservation_sites s on s.id = x.site_id join scenic_areas a on a.id = x.scenic_id
        where x.id = ${booking.sessionId}`,
  );
  if (!row) return;
  await queueMessage(tx, {
    scenicId: booking.scenicId,
    template: 8,
    phone: booking.phone,
    variables: {
      area: row.area,
      name: booking.visitorName,
      place: row.place,
      date: row.date,
      session: `${row.start}-${row.end}`,
      bookingCode: booking.code,
    },
    eventKey: `booking:${booking.id}`,
    ref: booking.code,
    use: useOfChannel(booking.channel),
  });
}
