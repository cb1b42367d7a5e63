import { defineMessages } from './define.ts';

export const refunds = defineMessages({
  zh: {},
  en: {},
});
