import { defineDict } from '../../../shared/dict/dict.ts';

/** What the reservations module says to users, in both languages (collected by src/server/messages.ts). */
export const reservationsMessages = defineDict({
  reservationSiteNotFound: { zh: '预约场馆不存在', en: 'Booking site not found' },
  reservationSessionNotFound: { zh: '预约场次不存在', en: 'Booking session not found' },
  reservationNotFound: { zh: '预约记录不存在', en: 'Booking not found' },
  reservationSiteHasBookings: {
    zh: '场馆 {name} 已有 {count} 条预约记录，不能删除，可以停用',
    en: 'Site {name} has {count} booking(s) and cannot be deleted; disable it instead',
  },
  reservationSiteDisabled: { zh: '该场馆已停用预约', en: 'This site takes no bookings (disabled)' },
  reservationSessionClosed: { zh: '该场次已关闭预约', en: 'This session is closed for booking' },
  reservationSoldOut: { zh: '该场次已约满', en: 'This session is fully booked' },
  reservationNotYetOpen: {
    zh: '该场次 {opens} 起开放预约',
    en: 'Booking for this session opens at {opens}',
  },
  reservationWindowClosed: {
    zh: '该场次的预约已于 {closes} 截止',
    en: 'Booking for this session closed at {closes}',
  },
  reservationVisitorBooked: {
    zh: '该游客已预约本场次，不能重复预约',
    en: 'This visitor already holds a booking for this session',
  },
  reservationCannotArrive: {
    zh: '只有“已预约”状态的预约可以核销到场',
    en: 'Only a booking in the state "booked" can be marked arrived',
  },
  reservationCannotCancel: {
    zh: '只有“已预约”状态的预约可以取消',
    en: 'Only a booking in the state "booked" can be cancelled',
  },
  reservationNotToday: {
    zh: '只能在场次当天（{date}）核销到场',
    en: 'A booking is marked arrived on its session day only ({date})',
  },
  reservationSessionStarted: {
    zh: '场次已于 {start} 开始，不能取消',
    en: 'The session started at {start}; the booking can no longer be cancelled',
  },
  reservationCapacityBelowBooked: {
    zh: '容量不能小于已预约人数 {booked}',
    en: 'The capacity cannot be below the {booked} place(s) booked',
  },
});
