import { defineMessages } from './define.ts';

export const staffCards = defineMessages({
  zh: {},
  en: {},
});
