import { defineDict } from './dict.ts';

/** A cell of a theatre's seat map. */
export const SeatKind = defineDict({
  1: { zh: '座位', en: 'Seat' },
  2: { zh: '过道', en: 'Aisle' },
  3: { zh: '不可用', en: 'Disabled' },
});
export type SeatKindCode = keyof typeof SeatKind;
export const SEAT_KIND = { seat: 1, aisle: 2, disabled: 3 } as const;

/** A seat of one show: free, held by an unpaid order, sold, or blocked by staff. */
export const SeatStatus = defineDict({
  1: { zh: '可售', en: 'Available', color: 'green' },
  2: { zh: '锁定中', en: 'Held', color: 'orange' },
  3: { zh: '已售', en: 'Sold', color: 'red' },
  4: { zh: '不可售', en: 'Blocked', color: 'default' },
});
export type SeatStatusCode = keyof typeof SeatStatus;
export const SEAT_STATUS = { available: 1, held: 2, sold: 3, blocked: 4 } as const;

/** Column labels of the theatre list, shared with its Excel export. */
export const TheatreField = defineDict({
  name: { zh: '剧院名称', en: 'Theatre' },
  address: { zh: '地址', en: 'Address' },
  rows: { zh: '行数', en: 'Rows' },
  cols: { zh: '列数', en: 'Columns' },
  size: { zh: '行 × 列', en: 'Rows × columns' },
  seatCount: { zh: '座位数', en: 'Seats' },
  status: { zh: '状态', en: 'Status' },
  remark: { zh: '备注', en: 'Remark' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});
export const TheatreExportText = defineDict({
  theatres: { zh: '剧院列表', en: 'Theatres' },
});
