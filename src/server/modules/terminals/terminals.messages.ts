import { defineDict } from '../../../shared/dict/dict.ts';

/** What the terminals module says to users, in both languages (collected by src/server/messages.ts). */
export const terminalsMessages = defineDict({
  terminalNotFound: { zh: '终端不存在', en: 'Terminal not found' },
  terminalSerialTaken: {
    zh: '本景区已有该序列号的终端',
    en: 'A terminal with this serial number exists in this area',
  },
  terminalActivated: {
    zh: '终端已激活，不能删除',
    en: 'An activated terminal cannot be deleted; disable it instead',
  },
  terminalNotActivated: { zh: '终端尚未激活', en: 'The terminal has not been activated yet' },
  terminalDisabled: {
    zh: '终端已停用：启用后用新的激活码重新激活',
    en: 'The terminal is disabled: enable it and activate it again with the new code',
  },
  terminalActivationInvalid: {
    zh: '激活码无效或已过期',
    en: 'The activation code is invalid, used or expired',
  },
  terminalRefused: { zh: '终端未登记或已停用', en: 'Unknown or disabled terminal' },
});
