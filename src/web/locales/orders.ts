import { defineMessages } from './define.ts';

export const orders = defineMessages({
  zh: {},
  en: {},
});
