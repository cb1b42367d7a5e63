import { defineDict } from './dict.ts';

/** Units of a duration text (docs/product.md §9: over 60 minutes shows hours and minutes). */
export const DurationUnit = defineDict({
  hours: { zh: '{n}小时', en: '{n} h' },
  minutes: { zh: '{n}分钟', en: '{n} min' },
  /** between the hours and the minutes part */
  separator: { zh: '', en: ' ' },
});
