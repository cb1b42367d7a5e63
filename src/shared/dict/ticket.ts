import { defineDict } from './dict.ts';

/** Spec §4/§9 refund rules: 1 non-refundable, 2 conditional, otherwise refundable anytime. */
export const RefundRule = defineDict({
  1: { zh: '不可退', en: 'Non-refundable', color: 'red' },
  2: { zh: '有条件退', en: 'Conditional refund', color: 'orange' },
  3: { zh: '随时退', en: 'Refundable anytime', color: 'green' },
});
export type RefundRuleCode = keyof typeof RefundRule;
export const REFUND_RULE = { none: 1, conditional: 2, anytime: 3 } as const;

/** Spec §9 refund fee unit: 1 yuan (the value is money in cents), 2 percent of the price. */
export const RefundUnit = defineDict({
  1: { zh: '元', en: 'Yuan' },
  2: { zh: '百分比', en: 'Percent' },
});
export type RefundUnitCode = keyof typeof RefundUnit;
export const REFUND_UNIT = { yuan: 1, percent: 2 } as const;

/** Spec §9 real-name type: 1 required, 2 not needed, 3 visitor chooses. */
export const RealNameType = defineDict({
  1: { zh: '需要实名', en: 'Real name required' },
  2: { zh: '无需实名', en: 'No real name needed' },
  3: { zh: '游客自选', en: 'Visitor chooses' },
});
export type RealNameTypeCode = keyof typeof RealNameType;

/** Spec §9 print type: 1 default print, 2 default no print, 3 visitor chooses. */
export const PrintType = defineDict({
  1: { zh: '默认打印', en: 'Print by default' },
  2: { zh: '默认不打印', en: 'No print by default' },
  3: { zh: '游客自选', en: 'Visitor chooses' },
});
export type PrintTypeCode = keyof typeof PrintType;
