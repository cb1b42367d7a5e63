import { defineDict } from '../../../shared/dict/dict.ts';

/** What the notices module says to users, in both languages (collected by src/server/http/messages.ts). */
export const noticesMessages = defineDict({
  agreementInUse: {
    zh: '该协议正被 {count} 个门票产品使用，请先在产品中更换协议后再删除',
    en: 'This agreement is used by {count} ticket product(s); choose another agreement on them before deleting it',
  },
  noticeInUse: {
    zh: '该须知模板正被 {count} 个门票产品使用，请先在产品中更换须知后再删除',
    en: 'This notice template is used by {count} ticket product(s); choose another notice on them before deleting it',
  },
});
