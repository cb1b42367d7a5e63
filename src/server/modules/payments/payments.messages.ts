import { defineDict } from '../../../shared/dict/dict.ts';

/** What the payments module says to users, in both languages (collected by src/server/messages.ts). */
export const paymentsMessages = defineDict({
  payAdapterMissing: {
    zh: '该支付方式尚未接入支付渠道，暂不能测试连接',
    en: 'No provider adapter is installed for this pay way yet: the connection cannot be tested',
  },
  paySettingsMissing: {
    zh: '请先保存该支付方式的设置',
    en: 'Save the settings of this pay way first',
  },
});
