import { defineMessages } from '../../locales/define.ts';

/** Texts of the report screens' framework (src/web/components/report-page). */
const texts = {
  reportPage: defineMessages({
    zh: {
      period: '统计期间',
      print: '打印',
      export: '导出',
      previous: '上期 {{value}}',
      noPrevious: '上期无数据',
      up: '较上期增长 {{rate}}',
      down: '较上期下降 {{rate}}',
      flat: '与上期持平',
      chartSummary: '{{title}}：{{count}} 项，{{from}} 至 {{to}}',
      printedAt: '{{from}} 至 {{to}}',
    },
    en: {
      period: 'Period',
      print: 'Print',
      export: 'Export',
      previous: 'Previous period {{value}}',
      noPrevious: 'No previous figures',
      up: 'Up {{rate}} on the previous period',
      down: 'Down {{rate}} on the previous period',
      flat: 'Same as the previous period',
      chartSummary: '{{title}}: {{count}} items, {{from}} to {{to}}',
      printedAt: '{{from}} to {{to}}',
    },
  }),
};

export default texts;
