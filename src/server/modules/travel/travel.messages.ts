import { defineDict } from '../../../shared/dict/dict.ts';

/** What the travel module says to users, in both languages (collected by src/server/messages.ts). */
export const travelMessages = defineDict({
  travelDepartureNotFound: {
    zh: '团期不存在（编号 {id}）',
    en: 'Departure {id} does not exist',
  },
  travelPackageOffShelf: {
    zh: '线路“{name}”已下架，不能预订',
    en: 'Package "{name}" is off shelf and cannot be booked',
  },
  travelDepartureClosed: {
    zh: '{date} 的团期已关闭，不能预订',
    en: 'The departure of {date} is closed for booking',
  },
  travelSeatsSoldOut: {
    zh: '{date} 的团期余位不足（剩余 {left}）',
    en: 'Not enough seats left on the departure of {date} ({left} left)',
  },
  travelSeatsReleaseExceeds: {
    zh: '{date} 的团期退还名额超过已售数量',
    en: 'Giving back more seats than were sold on the departure of {date}',
  },
  travelPackageHasOrders: {
    zh: '该线路已有订单，不能删除，可以下架',
    en: 'This package has orders and cannot be deleted; take it off shelf instead',
  },
  travelDepartureHasOrders: {
    zh: '该团期已有订单，不能删除，可以关闭',
    en: 'This departure has orders and cannot be deleted; close it instead',
  },
  travelCapacityBelowSold: {
    zh: '名额不能少于已售数量（{sold}）',
    en: 'The capacity cannot be below the seats sold ({sold})',
  },
  travelProductNotFound: {
    zh: '产品不存在或不属于本景区（编号 {id}）',
    en: 'Product {id} does not exist in this scenic area',
  },
  travelPackageNotFound: {
    zh: '线路不存在',
    en: 'The package does not exist',
  },
});
