import { defineDict } from './dict.ts';

/**
 * The result of a gate scan (gate_events.result): 'ok' or why the gate refused. The check-in
 * service answers the gate with the text of its code in both languages. An offline or forced scan
 * is a passage that happened: it keeps its direction and, when the ticket could not move (e.g. it
 * had moved since), the reason here (docs/decisions.md "Gate check-in").
 */
export const CheckinResult = defineDict({
  ok: { zh: '通过', en: 'Passed', color: 'green' },
  unknown: { zh: '无效的票或卡', en: 'Unknown ticket or card', color: 'red' },
  unpaid: { zh: '订单未支付', en: 'The order is not paid', color: 'red' },
  notToday: { zh: '非当日票，请在游玩日期入园', en: 'The ticket is for another day', color: 'orange' },
  notYetValid: { zh: '尚未到入园时间', en: 'The ticket is not valid yet', color: 'orange' },
  expired: { zh: '门票已过期', en: 'The ticket has expired', color: 'default' },
  refundPending: {
    zh: '门票退票处理中，不能入园',
    en: 'A refund of the ticket is in progress',
    color: 'gold',
  },
  invalid: { zh: '门票已失效', en: 'The ticket is no longer valid', color: 'red' },
  used: { zh: '门票已使用', en: 'The ticket has been used', color: 'purple' },
  alreadyInside: { zh: '已入园，请勿重复刷票', en: 'Already inside the park', color: 'orange' },
  notInside: { zh: '未入园，不能出园', en: 'Not inside the park', color: 'orange' },
  outsideTimeWindow: {
    zh: '不在可入园时段',
    en: 'Outside the entry hours of the ticket',
    color: 'orange',
  },
  wrongGate: { zh: '该票不能通过此闸机', en: 'The ticket does not open this gate', color: 'red' },
  /** The gate is in service but its pass state is off (docs/decisions.md "Gates") */
  gateClosed: { zh: '闸机已关闭通行', en: 'The gate is closed', color: 'red' },
  /** Outside the gate's own opening hours */
  gateOutsideHours: { zh: '不在闸机开放时间', en: 'Outside the opening hours of the gate', color: 'orange' },
  /** The gate admits some products, cards or booking sites only, and not this one */
  notAdmitted: {
    zh: '此闸机不接受该票或卡',
    en: 'This gate does not admit this ticket or card',
    color: 'red',
  },
  cardDisabled: { zh: '员工卡已禁用', en: 'The staff card is disabled', color: 'red' },
  cardNotYetValid: { zh: '员工卡尚未生效', en: 'The staff card is not valid yet', color: 'orange' },
  cardExpired: { zh: '员工卡已过期', en: 'The staff card has expired', color: 'default' },
  cardGateNotAllowed: {
    zh: '该员工卡不能通过此闸机',
    en: 'The staff card does not open this gate',
    color: 'red',
  },
  cardModeNotAllowed: {
    zh: '该员工卡不支持此读卡方式',
    en: 'The staff card cannot be read this way',
    color: 'red',
  },
  /** Travel cards (park entry type 2, docs/domain.md "At the gate") */
  passCardNotActive: { zh: '畅游卡未激活', en: 'The travel card is not activated', color: 'orange' },
  passCardFrozen: { zh: '畅游卡已冻结', en: 'The travel card is frozen', color: 'red' },
  passCardReplaced: {
    zh: '畅游卡已补办，原卡号失效',
    en: 'The travel card was replaced: this number is no longer valid',
    color: 'red',
  },
  passCardExpired: { zh: '畅游卡已过期', en: 'The travel card has expired', color: 'default' },
  passCardDead: { zh: '畅游卡已失效', en: 'The travel card is no longer valid', color: 'red' },
  passCardNotYetValid: { zh: '畅游卡尚未生效', en: 'The travel card is not valid yet', color: 'orange' },
  passCardBlackout: {
    zh: '畅游卡今日不可使用',
    en: 'The travel card is not valid on this day',
    color: 'orange',
  },
  passCardDailyLimit: {
    zh: '畅游卡今日入园次数已用完',
    en: 'No entries left today on the travel card',
    color: 'purple',
  },
  passCardUsedUp: {
    zh: '畅游卡入园次数已用完',
    en: 'No entries left on the travel card',
    color: 'purple',
  },
  /** Third-party vouchers (/terminal/thirdPartyChannel): a code of a channel's format that it does not know */
  voucherUnknown: { zh: '无效的第三方券码', en: 'Unknown third-party voucher', color: 'red' },
  voucherUsed: { zh: '第三方券码已使用', en: 'The voucher has been used', color: 'purple' },
  voucherExpired: {
    zh: '第三方券码不在有效期内',
    en: 'The voucher is outside its validity',
    color: 'default',
  },
  voucherVoid: { zh: '第三方券码已作废', en: 'The voucher has been voided', color: 'red' },
  /** Not a gate's answer: the exit the system writes for a visitor still inside at day close (T13) */
  dayClose: { zh: '闭园自动离园', en: 'Left at closing (by the system)', color: 'default' },
});
export type CheckinResultCode = keyof typeof CheckinResult;
export type CheckinReason = Exclude<CheckinResultCode, 'ok'>;

/** Column labels of the entry/exit log (/ticket/visitors), shared with its Excel export. */
export const GardenLogField = defineDict({
  scannedAt: { zh: '刷票时间', en: 'Scan time' },
  uploadedAt: { zh: '上传时间', en: 'Uploaded' },
  gate: { zh: '闸机', en: 'Gate' },
  direction: { zh: '方向', en: 'Direction' },
  deviceId: { zh: '设备', en: 'Device' },
  readMode: { zh: '识别方式', en: 'Read mode' },
  entryType: { zh: '入园类型', en: 'Entry type' },
  ticket: { zh: '门票/卡', en: 'Ticket / card' },
  orderNo: { zh: '订单号', en: 'Order number' },
  ticketCode: { zh: '票码', en: 'Ticket code' },
  cardNo: { zh: '畅游卡号', en: 'Travel card number' },
  visitorName: { zh: '游客', en: 'Visitor' },
  idNumber: { zh: '证件号', en: 'ID number' },
  scannedValue: { zh: '识别内容', en: 'Value read' },
  result: { zh: '结果', en: 'Result' },
  offline: { zh: '离线', en: 'Offline' },
  forced: { zh: '强制放行', en: 'Forced' },
  healthCode: { zh: '健康码', en: 'Health code' },
});

/** docs/product.md §5 health codes a gate or face device reports with a passage. */
export const HealthCode = defineDict({
  0: { zh: '健康', en: 'Healthy', color: 'green' },
  1: { zh: '发热', en: 'Fever', color: 'orange' },
  2: { zh: '疑似', en: 'Suspected', color: 'gold' },
  3: { zh: '确诊', en: 'Confirmed', color: 'red' },
  4: { zh: '治愈', en: 'Cured', color: 'blue' },
  5: { zh: '其他', en: 'Other', color: 'default' },
});

export const GardenLogText = defineDict({
  exportName: { zh: '出入园记录', en: 'Entry and exit log' },
  freeIdCardExportName: { zh: '身份证免票入园记录', en: 'Entries by ID card without a ticket' },
  ticketNo: { zh: '门票 #{id}', en: 'Ticket #{id}' },
  staffCard: { zh: '员工卡：{name}', en: 'Staff card: {name}' },
  /** A travel card's entry (park entry type 2) */
  passCard: { zh: '畅游卡：{no}', en: 'Travel card: {no}' },
  /** In place of a gate: an event the system wrote (the exit at day close) */
  system: { zh: '系统', en: 'System' },
});
