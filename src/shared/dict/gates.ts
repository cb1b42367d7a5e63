import { defineDict } from './dict.ts';

/** docs/product.md §4 gate pass state: whether an in-service gate lets people through now. */
export const GatePassState = defineDict({
  0: { zh: '通行', en: 'On', color: 'green' },
  1: { zh: '关闭', en: 'Off', color: 'red' },
});
export type GatePassStateCode = keyof typeof GatePassState;
export const GATE_PASS = { on: 0, off: 1 } as const;

/** What a gate may be limited to admitting (gate_admissions.kind); none of a kind = all of it. */
export const GateAdmissionKind = defineDict({
  product: { zh: '门票产品', en: 'Ticket products' },
  card: { zh: '卡', en: 'Cards' },
  booking: { zh: '预约场地', en: 'Booking sites' },
});
export type GateAdmissionKindCode = keyof typeof GateAdmissionKind;
export const GATE_ADMISSION_KINDS = ['product', 'card', 'booking'] as const;

/** Column labels of the gate list and its Excel export. */
export const GateField = defineDict({
  code: { zh: '编号', en: 'Code' },
  name: { zh: '名称', en: 'Name' },
  gateType: { zh: '类型', en: 'Type' },
  location: { zh: '位置', en: 'Location' },
  status: { zh: '状态', en: 'Status' },
  passState: { zh: '通行状态', en: 'Pass state' },
  hours: { zh: '开放时间', en: 'Opening hours' },
  admissions: { zh: '准入', en: 'Admits' },
  devices: { zh: '在线设备', en: 'Devices online' },
  lastScan: { zh: '最近刷票', en: 'Last scan' },
  lastResult: { zh: '最近结果', en: 'Last result' },
});

export const GateText = defineDict({
  fileName: { zh: '闸机', en: 'Gates' },
  areaHours: { zh: '同景区', en: 'Area hours' },
  all: { zh: '全部', en: 'All' },
});

/** docs/product.md §9 park entry types. */
export const ParkEntryType = defineDict({
  1: { zh: '门票', en: 'Ticket' },
  2: { zh: '通行卡', en: 'Pass card' },
  3: { zh: '员工卡', en: 'Staff card' },
});
export type ParkEntryTypeCode = keyof typeof ParkEntryType;

/** docs/product.md §9 card reading. */
export const CardReadMode = defineDict({
  1: { zh: '二维码', en: 'QR code' },
  2: { zh: '身份证', en: 'ID card' },
  3: { zh: 'IC 卡', en: 'IC card' },
  4: { zh: '人脸', en: 'Face' },
});
export type CardReadModeCode = keyof typeof CardReadMode;

/** docs/product.md §9 gate types. */
export const GateType = defineDict({
  10: { zh: '入园检票', en: 'Entry check' },
  11: { zh: '出园检票', en: 'Exit check' },
  20: { zh: '计时开始', en: 'Timer start' },
  21: { zh: '计时暂停', en: 'Timer pause' },
});
export type GateTypeCode = keyof typeof GateType;
