import { defineMessages } from './define.ts';

export const notices = defineMessages({
  zh: {},
  en: {},
});
