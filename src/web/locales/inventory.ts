import { defineMessages } from './define.ts';

export const inventory = defineMessages({
  zh: {},
  en: {},
});
