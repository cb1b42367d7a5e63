import { defineMessages } from '../../locales/define.ts';

export default {
  checkin: defineMessages({
    zh: {},
    en: {},
  }),
};
