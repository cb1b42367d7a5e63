import { defineDict } from './dict.ts';

/** Labels of travel packages and their departures (/scenic/travelList): table, form and export. */
export const TravelField = defineDict({
  name: { zh: '线路名称', en: 'Package' },
  cover: { zh: '封面图片', en: 'Cover image' },
  days: { zh: '行程天数', en: 'Days' },
  itinerary: { zh: '行程安排', en: 'Itinerary' },
  dayTitle: { zh: '当日标题', en: 'Title of the day' },
  dayDescription: { zh: '当日安排', en: 'Plan of the day' },
  products: { zh: '包含产品', en: 'Products included' },
  included: { zh: '费用包含', en: 'Included' },
  excluded: { zh: '费用不含', en: 'Not included' },
  status: { zh: '上架状态', en: 'Shelf' },
  departures: { zh: '团期', en: 'Departures' },
  nextDeparture: { zh: '最近团期', en: 'Next departure' },
  minPrice: { zh: '最低价', en: 'From' },
  date: { zh: '出发日期', en: 'Departure date' },
  capacity: { zh: '名额', en: 'Capacity' },
  sold: { zh: '已售', en: 'Sold' },
  left: { zh: '余位', en: 'Seats left' },
  price: { zh: '价格', en: 'Price' },
  state: { zh: '团期状态', en: 'State' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});

/** Column labels of the orders of travel packages (/scenic/travelOrderList). */
export const TravelOrderField = defineDict({
  orderNo: { zh: '订单号', en: 'Order number' },
  packageName: { zh: '线路', en: 'Package' },
  departureDate: { zh: '出发日期', en: 'Departure date' },
  travellers: { zh: '出行人数', en: 'Travellers' },
  buyerName: { zh: '下单人', en: 'Buyer' },
  buyerPhone: { zh: '手机号', en: 'Phone' },
  totalAmount: { zh: '订单金额', en: 'Amount' },
  paidAmount: { zh: '实付金额', en: 'Paid' },
  refundedAmount: { zh: '已退金额', en: 'Refunded' },
  payStatus: { zh: '支付状态', en: 'Payment' },
  status: { zh: '订单状态', en: 'Status' },
  channel: { zh: '下单渠道', en: 'Channel' },
  createTime: { zh: '下单时间', en: 'Ordered' },
});

/** A departure's state: 1 open for booking, 2 closed. */
export const DepartureState = defineDict({
  1: { zh: '开放', en: 'Open', color: 'green' },
  2: { zh: '关闭', en: 'Closed', color: 'default' },
});
export type DepartureStateCode = keyof typeof DepartureState;
export const DEPARTURE_STATE = { open: 1, closed: 2 } as const;

export const TravelText = defineDict({
  exportPackages: { zh: '旅游线路', en: 'Travel packages' },
  exportOrders: { zh: '线路订单', en: 'Travel orders' },
});
