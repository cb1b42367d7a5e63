import { defineMessages } from '../../locales/define.ts';

/** The travel screens (/scenic/travelList, /scenic/travelOrderList); field labels are in src/shared/dict/travel.ts. */
export default {
  travel: defineMessages({
    zh: {
      namePlaceholder: '线路名称',
      departures: '团期',
      addDepartures: '批量添加团期',
      dateRange: '日期范围',
      day: '第 {{n}} 天',
      addDay: '添加一天',
      productIds: '包含产品',
      close: '关闭',
      open: '开放',
      created: '已添加 {{created}} 个团期，跳过 {{skipped}} 个已有日期',
      detail: '详情',
      cancel: '取消订单',
      cancelConfirm: '取消订单 {{orderNo}} 并释放名额？',
      totals: '共 {{count}} 单，{{travellers}} 人，金额 {{total}} 元，实付 {{paid}} 元，已退 {{refunded}} 元',
    },
    en: {
      namePlaceholder: 'Package name',
      departures: 'Departures',
      addDepartures: 'Add departures',
      dateRange: 'Dates',
      day: 'Day {{n}}',
      addDay: 'Add a day',
      productIds: 'Products included',
      close: 'Close',
      open: 'Open',
      created: '{{created}} departures added, {{skipped}} existing dates skipped',
      detail: 'Detail',
      cancel: 'Cancel order',
      cancelConfirm: 'Cancel order {{orderNo}} and give its seats back?',
      totals:
        '{{count}} orders, {{travellers}} travellers, amount {{total}}, paid {{paid}}, refunded {{refunded}}',
    },
  }),
};
