import { defineDict } from '../../../shared/dict/dict.ts';

/** What the inventory module says to users, in both languages (collected by src/server/http/messages.ts). */
export const inventoryMessages = defineDict({
  calendarProductNotFound: {
    zh: '商品不存在或不属于当前景区',
    en: 'The product does not exist in this scenic area',
  },
  calendarNotOnSale: {
    zh: '{product} {date}{session} 未设置价格日历，不可售',
    en: '{product} is not on sale on {date}{session}: it has no price calendar entry',
  },
  calendarClosed: {
    zh: '{product} {date}{session} 已停售',
    en: '{product} is closed on {date}{session}',
  },
  calendarSoldOut: {
    zh: '{product} {date}{session} 库存不足，仅剩 {left} 张',
    en: '{product} is sold out on {date}{session}: {left} left',
  },
  publicStockFull: {
    zh: '{date} {period} 时段的公共库存已满，仅剩 {left} 个名额',
    en: 'The public stock of {period} on {date} is full: {left} left',
  },
  publicStockClosed: {
    zh: '{date} {period} 时段已停售',
    en: 'The time slot {period} is closed on {date}',
  },
  stockReleaseExceeds: {
    zh: '{date} 要释放的库存多于已售数量，请核对订单',
    en: 'More stock would be released on {date} than was sold; check the order',
  },
  stockBelowSold: {
    zh: '库存不能少于已售数量，以下日期已售出更多：{dates}',
    en: 'Stock cannot go below what is already sold; more is sold on: {dates}',
  },
  capacityBelowSold: {
    zh: '容量不能少于已售数量，以下日期已售出更多：{dates}',
    en: 'Capacity cannot go below what is already sold; more is sold on: {dates}',
  },
  periodNotFound: {
    zh: '时段不存在或不属于当前景区',
    en: 'The time slot does not exist in this scenic area',
  },
  periodHasSales: {
    zh: '该时段已有 {count} 天售出门票（如 {dates}），不能删除，可以将其禁用',
    en: 'Tickets are already sold in this time slot on {count} day(s) (e.g. {dates}); disable it instead of deleting it',
  },
});
