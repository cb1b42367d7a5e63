import { z } from 'zod';
import { isTimeZone } from '../area-clock.ts';
import { PrintType, RealNameType, REFUND_UNIT, RefundRule, RefundUnit } from '../dict/product.ts';
import { dictCodeSchema, endpoints, TimeOfDaySchema } from './common.ts';
import { key, text } from './fields.ts';

/** docs/product.md §2 /sys/setting: the acting scenic area's settings. */
export const settingApi = endpoints('/web/api/admin/setting', ['query', 'update']);

/** Upper bounds of the settings form. */
export const SETTINGS_LIMITS = {
  notice: 2000,
  refundDeadlineHours: 720,
  /** refund fee in cents when the unit is yuan: at most 100,000 yuan */
  refundFeeCents: 10_000_000,
} as const;

const dictCode = dictCodeSchema;

/** The editable settings of one scenic area (docs/product.md §9 enumerations for the ticket defaults). */
export const ScenicSettingsUpdateSchema = z
  .object({
    contact: text(50),
    phone: z
      .string()
      .trim()
      .max(30)
      .regex(/^[\d\s()+-]*$/),
    openTime: TimeOfDaySchema,
    closeTime: TimeOfDaySchema,
    notice: z.string().max(SETTINGS_LIMITS.notice),
    refundRule: dictCode(RefundRule),
    refundDeadlineHours: z.coerce.number().int().min(0).max(SETTINGS_LIMITS.refundDeadlineHours),
    refundFeeUnit: dictCode(RefundUnit),
    /** cents when the unit is yuan, whole percent when it is percent */
    refundFeeValue: z.coerce.number().int().min(0).max(SETTINGS_LIMITS.refundFeeCents),
    realNameType: dictCode(RealNameType),
    printType: dictCode(PrintType),
    /** docs/domain.md T6; left out, a saved value is kept (new areas accept late payments) */
    acceptLatePayment: z.boolean().optional(),
    /**
     * Two people for money out (docs/accounts.md "Decisions on sessions and money out"): the
     * account that approved a distributor withdrawal may not pay it; left out, a saved value is
     * kept (new areas: on)
     */
    twoPersonPayout: z.boolean().optional(),
    /**
     * The area's clock, an IANA zone (docs/decisions.md "One clock per area"); left out, the area
     * keeps its zone (Asia/Shanghai unless changed)
     */
    timeZone: z
      .string()
      .trim()
      .max(64)
      .refine(isTimeZone, { error: key('timeZone') })
      .optional(),
  })
  .strict()
  // "HH:mm" strings of equal length compare in time order
  .refine((s) => s.openTime < s.closeTime, { error: key('openBeforeClose'), path: ['closeTime'] })
  .refine((s) => s.refundFeeUnit !== REFUND_UNIT.percent || s.refundFeeValue <= 100, {
    error: key('percentMax'),
    path: ['refundFeeValue'],
  });
export type ScenicSettingsUpdate = z.infer<typeof ScenicSettingsUpdateSchema>;

export const ScenicSettingsSchema = z.object({
  scenicId: z.number().int(),
  scenicName: z.string(),
  contact: z.string(),
  phone: z.string(),
  openTime: z.string(),
  closeTime: z.string(),
  notice: z.string(),
  refundRule: z.number().int(),
  refundDeadlineHours: z.number().int(),
  refundFeeUnit: z.number().int(),
  refundFeeValue: z.number().int(),
  realNameType: z.number().int(),
  printType: z.number().int(),
  acceptLatePayment: z.boolean(),
  /** the approver of a withdrawal may not pay it (default on) */
  twoPersonPayout: z.boolean(),
  /** IANA zone of the area's days and wall-clock times */
  timeZone: z.string(),
  /** false while the area still runs on the defaults */
  saved: z.boolean(),
  updateTime: z.string().nullable(),
});
export type ScenicSettings = z.infer<typeof ScenicSettingsSchema>;
