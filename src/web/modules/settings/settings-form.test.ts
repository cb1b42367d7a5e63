import { describe, expect, it } from 'vitest';
import { ScenicSettingsUpdateSchema, type ScenicSettings } from '../../../shared/api/settings.ts';
import { REFUND_UNIT } from '../../../shared/dict/product.ts';
import { formToSettings, settingsToForm } from './settings-form.ts';

const SAVED: ScenicSettings = {
  scenicId: 1,
  scenicName: 'Lake',
  contact: 'Li',
  phone: '0571-8888',
  openTime: '08:30',
  closeTime: '17:45',
  notice: 'Hello',
  refundRule: 2,
  refundDeadlineHours: 24,
  refundFeeUnit: REFUND_UNIT.yuan,
  refundFeeValue: 1999,
  realNameType: 2,
  printType: 1,
  acceptLatePayment: false,
  twoPersonPayout: false,
  timeZone: 'Europe/London',
  saved: true,
  updateTime: null,
};

describe('settings form', () => {
  it('shows cents as yuan and sends yuan back as exact cents', () => {
    const form = settingsToForm(SAVED);
    expect(form.refundFeeValue).toBe(19.99);
    expect(form.openTime?.format('HH:mm')).toBe('08:30');
    const body = formToSettings(form);
    expect(body.refundFeeValue).toBe(1999);
    expect(body).toMatchObject({
      openTime: '08:30',
      closeTime: '17:45',
      acceptLatePayment: false,
      twoPersonPayout: false,
      timeZone: 'Europe/London',
    });
    expect(ScenicSettingsUpdateSchema.parse(body)).toMatchObject({ refundFeeValue: 1999 });

    // 0.29 yuan is 29 cents, not 28.999…
    expect(formToSettings({ ...form, refundFeeValue: 0.29 }).refundFeeValue).toBe(29);
  });

  it('keeps a percentage as a whole percent', () => {
    const form = settingsToForm({ ...SAVED, refundFeeUnit: REFUND_UNIT.percent, refundFeeValue: 15 });
    expect(form.refundFeeValue).toBe(15);
    expect(formToSettings(form).refundFeeValue).toBe(15);
    expect(
      ScenicSettingsUpdateSchema.safeParse(formToSettings({ ...form, refundFeeValue: 120 })).success,
    ).toBe(false);
  });

  it('lets the shared schema refuse sub-cent amounts, an empty time and opening after closing', () => {
    const form = settingsToForm(SAVED);
    const fee = ScenicSettingsUpdateSchema.safeParse(formToSettings({ ...form, refundFeeValue: 1.234 }));
    expect(fee.success).toBe(false);
    expect(fee.error?.issues[0]?.path).toEqual(['refundFeeValue']);

    const empty = ScenicSettingsUpdateSchema.safeParse(formToSettings({ ...form, openTime: null }));
    expect(empty.error?.issues[0]?.path).toEqual(['openTime']);

    const order = ScenicSettingsUpdateSchema.safeParse(
      formToSettings({ ...form, openTime: form.closeTime, closeTime: form.openTime }),
    );
    expect(order.error?.issues[0]?.path).toEqual(['closeTime']);

    // an IANA zone, not an offset or a made-up name
    for (const timeZone of ['+08:00', 'Mars/Olympus', 'China Standard Time']) {
      const zone = ScenicSettingsUpdateSchema.safeParse(formToSettings({ ...form, timeZone }));
      expect(zone.error?.issues[0]?.path, timeZone).toEqual(['timeZone']);
    }
    expect(ScenicSettingsUpdateSchema.safeParse(formToSettings({ ...form, timeZone: 'UTC' })).success).toBe(
      true,
    );
  });
});
