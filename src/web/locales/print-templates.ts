import { defineMessages } from './define.ts';

export const printTemplates = defineMessages({
  zh: {},
  en: {},
});
