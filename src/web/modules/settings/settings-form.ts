import dayjs, { type Dayjs } from 'dayjs';
import type { ScenicSettings, ScenicSettingsUpdate } from '../../../shared/api/settings.ts';
import { REFUND_UNIT } from '../../../shared/dict/product.ts';
import { centsToYuan, yuanToCents } from '../../../shared/money.ts';

const TIME = 'HH:mm';

/** The settings form's values: times as pickers hold them, the fee in yuan when the unit is yuan. */
export interface SettingsFormValues {
  contact: string;
  phone: string;
  openTime: Dayjs | null;
  closeTime: Dayjs | null;
  /** IANA zone of the area's clock */
  timeZone: string;
  notice: string;
  refundRule: number;
  refundDeadlineHours: number | null;
  refundFeeUnit: number;
  /** yuan (unit 1) or whole percent (unit 2) */
  refundFeeValue: number | null;
  realNameType: number;
  printType: number;
  acceptLatePayment: boolean;
  twoPersonPayout: boolean;
}

const timeOf = (text: string): Dayjs | null => {
  const parsed = dayjs(`2000-01-01 ${text}`, `YYYY-MM-DD ${TIME}`);
  return parsed.isValid() ? parsed : null;
};

/** Server answer → form: cents shown as yuan (docs/product.md §9), "HH:mm" as picker values. */
export function settingsToForm(settings: ScenicSettings): SettingsFormValues {
  return {
    contact: settings.contact,
    phone: settings.phone,
    openTime: timeOf(settings.openTime),
    closeTime: timeOf(settings.closeTime),
    timeZone: settings.timeZone,
    notice: settings.notice,
    refundRule: settings.refundRule,
    refundDeadlineHours: settings.refundDeadlineHours,
    refundFeeUnit: settings.refundFeeUnit,
    refundFeeValue:
      settings.refundFeeUnit === REFUND_UNIT.yuan
        ? centsToYuan(settings.refundFeeValue)
        : settings.refundFeeValue,
    realNameType: settings.realNameType,
    printType: settings.printType,
    acceptLatePayment: settings.acceptLatePayment,
    twoPersonPayout: settings.twoPersonPayout,
  };
}

/**
 * Form → the update body, before the shared schema checks it: yuan to integer cents (an amount with
 * more than two decimals becomes NaN, which the schema rejects), pickers to "HH:mm".
 */
export function formToSettings(values: SettingsFormValues): Record<keyof ScenicSettingsUpdate, unknown> {
  const fee = values.refundFeeValue;
  return {
    contact: values.contact ?? '',
    phone: values.phone ?? '',
    openTime: values.openTime ? values.openTime.format(TIME) : '',
    closeTime: values.closeTime ? values.closeTime.format(TIME) : '',
    // left out, the area keeps its zone
    timeZone: values.timeZone || undefined,
    notice: values.notice ?? '',
    refundRule: values.refundRule,
    refundDeadlineHours: values.refundDeadlineHours ?? 0,
    refundFeeUnit: values.refundFeeUnit,
    refundFeeValue: fee == null ? 0 : values.refundFeeUnit === REFUND_UNIT.yuan ? yuanToCents(fee) : fee,
    realNameType: values.realNameType,
    printType: values.printType,
    acceptLatePayment: values.acceptLatePayment ?? true,
    twoPersonPayout: values.twoPersonPayout ?? true,
  };
}
