import { defineDict } from './dict.ts';

/** Column labels of the staff-card list (/ticket/entryCode): the console's table and the Excel export. */
export const StaffCardField = defineDict({
  holderName: { zh: '持卡人', en: 'Holder' },
  phone: { zh: '手机号', en: 'Phone' },
  department: { zh: '部门', en: 'Department' },
  idNumber: { zh: '身份证号', en: 'ID number' },
  icCardNo: { zh: 'IC 卡号', en: 'IC card number' },
  faceImage: { zh: '人脸照片', en: 'Face image' },
  readModes: { zh: '读卡方式', en: 'Read modes' },
  gates: { zh: '可通行闸机', en: 'Gates' },
  validFrom: { zh: '有效期开始', en: 'Valid from' },
  validTo: { zh: '有效期结束', en: 'Valid to' },
  validity: { zh: '有效状态', en: 'Validity' },
  status: { zh: '状态', en: 'Status' },
  remark: { zh: '备注', en: 'Remark' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});

/** Where a card's validity period stands at the moment of the query. */
export const CardValidity = defineDict({
  1: { zh: '有效期内', en: 'Valid now', color: 'green' },
  2: { zh: '已过期', en: 'Expired', color: 'red' },
  3: { zh: '未生效', en: 'Not yet valid', color: 'orange' },
});
export type CardValidityCode = keyof typeof CardValidity;
export const CARD_VALIDITY = { valid: 1, expired: 2, notYetValid: 3 } as const;

/** Why a gate refuses a staff card (checkStaffCard of the staff-cards service). */
export const StaffCardRefusal = defineDict({
  unknown: { zh: '无效的员工卡', en: 'Unknown staff card' },
  disabled: { zh: '员工卡已禁用', en: 'The staff card is disabled' },
  notYetValid: { zh: '员工卡尚未生效', en: 'The staff card is not valid yet' },
  expired: { zh: '员工卡已过期', en: 'The staff card has expired' },
  gateNotAllowed: { zh: '该员工卡不能通过此闸机', en: 'The staff card does not open this gate' },
  modeNotAllowed: {
    zh: '该员工卡不支持此读卡方式',
    en: 'The staff card cannot be read this way',
  },
});
export type StaffCardRefusalCode = keyof typeof StaffCardRefusal;

/** Texts of the staff-card export that are not a dictionary code of their own. */
export const StaffCardText = defineDict({
  exportName: { zh: '员工卡列表', en: 'Staff cards' },
  allGates: { zh: '全部闸机', en: 'All gates' },
});

/** Column labels of the gate list (docs/product.md §7 gate/page). */
export const GateField = defineDict({
  code: { zh: '闸机编号', en: 'Gate code' },
  name: { zh: '闸机名称', en: 'Gate name' },
  gateType: { zh: '闸机类型', en: 'Gate type' },
  location: { zh: '位置', en: 'Location' },
  status: { zh: '状态', en: 'Status' },
  createTime: { zh: '创建时间', en: 'Created' },
});
