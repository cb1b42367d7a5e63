import type { DictEntry } from './dict.ts';

/** Texts every report shares (docs/statistics.md), on the screen and in its exports. */
export const ReportText = {
  /** the first cell of a table's total row */
  total: { zh: '合计', en: 'Total' },
} as const satisfies Record<string, DictEntry>;
