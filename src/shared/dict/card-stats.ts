import { defineDict } from './dict.ts';

/** Labels of /VipCard/enjSelfCardStatis: the console's figures, tables and chart and the Excel export. */
export const CardStatsField = defineDict({
  day: { zh: '日期', en: 'Day' },
  sold: { zh: '售出张数', en: 'Cards sold' },
  activated: { zh: '激活张数', en: 'Cards activated' },
  inUse: { zh: '使用中', en: 'Cards in use' },
  expired: { zh: '过期张数', en: 'Cards expired' },
  entries: { zh: '入园人次', en: 'Entries' },
  amount: { zh: '销售额', en: 'Sales' },
  refunded: { zh: '退款额', en: 'Refunds' },
  net: { zh: '净收入', en: 'Net revenue' },
  kindName: { zh: '卡种类', en: 'Card kind' },
  source: { zh: '销售渠道', en: 'Channel' },
  gateName: { zh: '闸机', en: 'Gate' },
  total: { zh: '合计', en: 'Total' },
  noGate: { zh: '（无闸机）', en: '(no gate)' },
});

/** File names of the exports, one per table of the screen. */
export const CardStatsSheet = defineDict({
  day: { zh: '畅游卡每日统计', en: 'Travel cards by day' },
  kind: { zh: '畅游卡种类收入', en: 'Travel card revenue by kind' },
  channel: { zh: '畅游卡渠道收入', en: 'Travel card revenue by channel' },
  gate: { zh: '畅游卡入园统计', en: 'Travel card entries by gate' },
});
