import { defineMessages } from './define.ts';

export const theatres = defineMessages({
  zh: {},
  en: {},
});
