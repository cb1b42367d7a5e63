import dayjs, { type Dayjs } from 'dayjs';
import type { ProductDetail, ProductFormOptions } from '../../../shared/api/products.ts';
import { ENTRY_MODE, PRODUCT_TYPE, REFUND_RULE, SHELF, VALIDITY_TYPE } from '../../../shared/dict/product.ts';

const TIME = 'HH:mm';
const DATE = 'YYYY-MM-DD';

export interface TimeRangeValue {
  start: Dayjs | null;
  end: Dayjs | null;
}

export interface SessionValue extends TimeRangeValue {
  id?: number;
  name: string;
}

/** The product form's values: money in cents (MoneyInput), times and dates as picker values. */
export interface ProductFormValues {
  name: string;
  typeId: number | null;
  productType: number;
  images: string[];
  intro: string;
  price: number | null;
  marketPrice: number | null;
  validityType: number;
  validityDisplay: number;
  validDays: number | null;
  validFrom: Dayjs | null;
  validTo: Dayjs | null;
  timeLimitMinutes: number | null;
  validityText: string;
  timeWindows: TimeRangeValue[];
  entryMode: number;
  entryTimes: number | null;
  realNameType: number;
  printType: number;
  limitPerOrder: number | null;
  limitPerIdNumber: number | null;
  channels: number[];
  refundRule: number;
  refundDeadlineHours: number | null;
  refundFeeUnit: number;
  /** cents when the unit is yuan, whole percent when it is percent (as the API holds it) */
  refundFeeValue: number | null;
  noticeId: number | null;
  agreementId: number | null;
  printTemplateId: number | null;
  shelfStatus: number;
  sort: number | null;
  sessions: SessionValue[];
}

const timeOf = (text: string): Dayjs | null => {
  const parsed = dayjs(`2000-01-01 ${text}`, `${DATE} ${TIME}`);
  return parsed.isValid() ? parsed : null;
};
const dateOf = (text: string | null): Dayjs | null => (text ? dayjs(text, DATE) : null);

/** A new product: the area's defaults (settings) and its default print template. */
export function newProductValues(options: ProductFormOptions | undefined): ProductFormValues {
  const d = options?.defaults;
  return {
    name: '',
    typeId: null,
    productType: PRODUCT_TYPE.regular,
    images: [],
    intro: '',
    price: null,
    marketPrice: 0,
    validityType: VALIDITY_TYPE.ordinary,
    validityDisplay: 1,
    validDays: 2,
    validFrom: null,
    validTo: null,
    timeLimitMinutes: null,
    validityText: '',
    timeWindows: [],
    entryMode: ENTRY_MODE.single,
    entryTimes: 2,
    realNameType: d?.realNameType ?? 2,
    printType: d?.printType ?? 1,
    limitPerOrder: 0,
    limitPerIdNumber: 0,
    channels: [1, 4],
    refundRule: d?.refundRule ?? REFUND_RULE.conditional,
    refundDeadlineHours: d?.refundDeadlineHours ?? 24,
    refundFeeUnit: d?.refundFeeUnit ?? 2,
    refundFeeValue: d?.refundFeeValue ?? 0,
    noticeId: null,
    agreementId: null,
    printTemplateId: options?.printTemplates.find((p) => p.isDefault)?.id ?? null,
    shelfStatus: SHELF.off,
    sort: 0,
    sessions: [],
  };
}

/** Server answer → form. */
export function productToForm(p: ProductDetail): ProductFormValues {
  return {
    name: p.name,
    typeId: p.typeId,
    productType: p.productType,
    images: p.images,
    intro: p.intro,
    price: p.price,
    marketPrice: p.marketPrice,
    validityType: p.validityType,
    validityDisplay: p.validityDisplay,
    validDays: p.validityType === VALIDITY_TYPE.multiDay ? p.validDays : 2,
    validFrom: dateOf(p.validFrom),
    validTo: dateOf(p.validTo),
    timeLimitMinutes: p.timeLimitMinutes,
    validityText: p.validityText,
    timeWindows: p.timeWindows.map((w) => ({ start: timeOf(w.start), end: timeOf(w.end) })),
    entryMode: p.entryMode,
    entryTimes: p.entryMode === ENTRY_MODE.times ? p.entryTimes : 2,
    realNameType: p.realNameType,
    printType: p.printType,
    limitPerOrder: p.limitPerOrder,
    limitPerIdNumber: p.limitPerIdNumber,
    channels: p.channels,
    refundRule: p.refundRule,
    refundDeadlineHours: p.refundDeadlineHours,
    refundFeeUnit: p.refundFeeUnit,
    refundFeeValue: p.refundFeeValue,
    noticeId: p.noticeId,
    agreementId: p.agreementId,
    printTemplateId: p.printTemplateId,
    shelfStatus: p.shelfStatus,
    sort: p.sort,
    sessions: p.sessions.map((s) => ({
      id: s.id,
      name: s.name,
      start: timeOf(s.startTime),
      end: timeOf(s.endTime),
    })),
  };
}

const timeText = (value: Dayjs | null | undefined) => (value ? value.format(TIME) : '');
const dateText = (value: Dayjs | null | undefined) => (value ? value.format(DATE) : undefined);
/** An empty number control is left out, so the schema's default (or "required") applies. */
const num = (value: number | null | undefined) => (value === null ? undefined : value);

/**
 * Form → the create/update body the shared schema checks. Only the fields of the chosen validity
 * type, entry mode and refund rule are sent, so a hidden control can never fail the save.
 */
export function formToBody(v: ProductFormValues, id?: number): Record<string, unknown> {
  const validity = v.validityType;
  const timed = v.productType === PRODUCT_TYPE.timed;
  const body: Record<string, unknown> = {
    ...(id ? { id } : {}),
    name: v.name ?? '',
    typeId: num(v.typeId),
    productType: v.productType,
    images: v.images ?? [],
    intro: v.intro ?? '',
    price: num(v.price),
    marketPrice: num(v.marketPrice),
    validityType: validity,
    validityDisplay: v.validityDisplay,
    timeWindows: (v.timeWindows ?? []).map((w) => ({ start: timeText(w?.start), end: timeText(w?.end) })),
    entryMode: v.entryMode,
    realNameType: v.realNameType,
    printType: v.printType,
    limitPerOrder: num(v.limitPerOrder),
    limitPerIdNumber: num(v.limitPerIdNumber),
    channels: v.channels ?? [],
    refundRule: v.refundRule,
    noticeId: v.noticeId ?? null,
    agreementId: v.agreementId ?? null,
    printTemplateId: v.printTemplateId ?? null,
    shelfStatus: v.shelfStatus,
    sort: num(v.sort),
    sessions: timed
      ? (v.sessions ?? []).map((s) => ({
          ...(s?.id ? { id: s.id } : {}),
          name: s?.name ?? '',
          startTime: timeText(s?.start),
          endTime: timeText(s?.end),
        }))
      : [],
  };
  if (validity === VALIDITY_TYPE.multiDay) body.validDays = num(v.validDays);
  if (validity === VALIDITY_TYPE.interval) {
    body.validFrom = dateText(v.validFrom) ?? null;
    body.validTo = dateText(v.validTo) ?? null;
  }
  if (validity === VALIDITY_TYPE.timeLimited) body.timeLimitMinutes = v.timeLimitMinutes ?? null;
  if (validity === VALIDITY_TYPE.display) body.validityText = v.validityText ?? '';
  if (v.entryMode === ENTRY_MODE.times) body.entryTimes = num(v.entryTimes);
  if (v.refundRule !== REFUND_RULE.none) {
    body.refundFeeUnit = v.refundFeeUnit;
    body.refundFeeValue = v.refundFeeValue ?? 0;
  }
  if (v.refundRule === REFUND_RULE.conditional) body.refundDeadlineHours = num(v.refundDeadlineHours);
  return body;
}
