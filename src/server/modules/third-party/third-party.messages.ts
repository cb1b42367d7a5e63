import { defineDict } from '../../../shared/dict/dict.ts';

/** What the third-party module says to users, in both languages (collected by src/server/messages.ts). */
export const thirdPartyMessages = defineDict({
  thirdPartyNotFound: { zh: '第三方渠道不存在', en: 'Third-party channel not found' },
  thirdPartyVouchersUsed: {
    zh: '该渠道已有券码被使用，不能删除，请停用',
    en: 'Vouchers of this channel have been used: disable it instead of deleting it',
  },
  thirdPartyNotCodeList: {
    zh: '该渠道按OTA订单验证，没有导入的券码',
    en: 'This channel verifies OTA orders; it has no imported codes',
  },
  thirdPartyVoucherNotUnused: {
    zh: '只能作废未使用的券码',
    en: 'Only unused vouchers can be voided',
  },
});
