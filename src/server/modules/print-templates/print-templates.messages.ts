import { defineDict } from '../../../shared/dict/dict.ts';

/** What the print-templates module says to users, in both languages (collected by src/server/http/messages.ts). */
export const printTemplatesMessages = defineDict({
  printTemplateInUse: {
    zh: '该打印模板正被 {count} 个票务产品使用，请先为这些产品更换模板',
    en: 'This print template is used by {count} ticket product(s); give them another template first',
  },
  printTemplateDefaultEnabled: {
    zh: '默认打印模板须为启用状态',
    en: 'The default print template must be enabled',
  },
});
