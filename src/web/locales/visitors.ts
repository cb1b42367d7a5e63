import { defineMessages } from './define.ts';

export const visitors = defineMessages({
  zh: {},
  en: {},
});
