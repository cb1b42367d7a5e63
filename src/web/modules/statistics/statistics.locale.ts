import reportPageTexts from '../../components/report-page/report-page.locale.ts';
import { defineMessages } from '../../locales/define.ts';

/** The report screens' own texts (/statAnalyse); column and figure labels are in src/shared/reports/. */
export default {
  // the report framework's texts load with the report screens
  ...reportPageTexts,
  statistics: defineMessages({
    zh: {
      salesTitle: '销售',
    },
    en: {
      salesTitle: 'Sales',
    },
  }),
};
