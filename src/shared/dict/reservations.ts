import { defineDict } from './dict.ts';

/** docs/product.md §4 reservation: 0 booked, 1 arrived, 2 cancelled, 3 expired. */
export const ReservationStatus = defineDict({
  0: { zh: '已预约', en: 'Booked', color: 'blue' },
  1: { zh: '已到场', en: 'Arrived', color: 'green' },
  2: { zh: '已取消', en: 'Cancelled', color: 'default' },
  3: { zh: '已过期', en: 'Expired', color: 'orange' },
});
export const RESERVATION_STATUS = { booked: 0, arrived: 1, cancelled: 2, expired: 3 } as const;
export type ReservationStatusCode = (typeof RESERVATION_STATUS)[keyof typeof RESERVATION_STATUS];

/** A session takes bookings (open) or not (closed). */
export const ReservationSessionStatus = defineDict({
  1: { zh: '开放', en: 'Open', color: 'green' },
  2: { zh: '已关闭', en: 'Closed', color: 'default' },
});
export const SESSION_STATUS = { open: 1, closed: 2 } as const;

/** Weekdays of the generate dialog (ISO: 1 Monday … 7 Sunday). */
export const Weekday = defineDict({
  1: { zh: '周一', en: 'Mon' },
  2: { zh: '周二', en: 'Tue' },
  3: { zh: '周三', en: 'Wed' },
  4: { zh: '周四', en: 'Thu' },
  5: { zh: '周五', en: 'Fri' },
  6: { zh: '周六', en: 'Sat' },
  7: { zh: '周日', en: 'Sun' },
});

/** Column labels of the three screens (/Make/site, /Make/session, /Make/message) and their exports. */
export const ReservationField = defineDict({
  site: { zh: '预约场馆', en: 'Site' },
  name: { zh: '场馆名称', en: 'Site name' },
  location: { zh: '位置', en: 'Location' },
  capacity: { zh: '每场容量', en: 'Capacity per session' },
  sessionCapacity: { zh: '容量', en: 'Capacity' },
  daysAhead: { zh: '提前预约天数', en: 'Bookable days ahead' },
  closeMinutes: { zh: '开场前截止（分钟）', en: 'Closes minutes before start' },
  rules: { zh: '预约须知', en: 'Booking rules' },
  realName: { zh: '实名预约', en: 'Real name required' },
  status: { zh: '状态', en: 'Status' },
  date: { zh: '日期', en: 'Date' },
  startTime: { zh: '开始时间', en: 'Starts' },
  endTime: { zh: '结束时间', en: 'Ends' },
  timeSlot: { zh: '时段', en: 'Time slot' },
  booked: { zh: '已预约', en: 'Booked' },
  remaining: { zh: '余量', en: 'Places left' },
  sessionStatus: { zh: '场次状态', en: 'Session state' },
  code: { zh: '预约码', en: 'Booking code' },
  session: { zh: '场次', en: 'Session' },
  visitorName: { zh: '预约人', en: 'Visitor' },
  phone: { zh: '手机号', en: 'Phone' },
  idNumber: { zh: '证件号', en: 'ID number' },
  channel: { zh: '渠道', en: 'Channel' },
  reservationStatus: { zh: '预约状态', en: 'Booking state' },
  bookedAt: { zh: '预约时间', en: 'Booked at' },
  arrivedAt: { zh: '到场时间', en: 'Arrived at' },
  createTime: { zh: '创建时间', en: 'Created' },
  dateFrom: { zh: '开始日期', en: 'From' },
  dateTo: { zh: '结束日期', en: 'To' },
  weekdays: { zh: '每周', en: 'Weekdays' },
  slots: { zh: '时段', en: 'Time slots' },
});

export const ReservationText = defineDict({
  sitesExport: { zh: '预约场馆', en: 'Booking sites' },
  sessionsExport: { zh: '预约场次', en: 'Booking sessions' },
  bookingsExport: { zh: '预约记录', en: 'Bookings' },
});
