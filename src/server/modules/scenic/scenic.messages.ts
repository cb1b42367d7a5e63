import { defineDict } from '../../../shared/dict/dict.ts';

/** What the scenic module says to users, in both languages (collected by src/server/messages.ts). */
export const scenicMessages = defineDict({
  scenicCreatePlatformOnly: {
    zh: '只有平台管理员可以新增景区',
    en: 'Only platform administrators can create scenic areas',
  },
  scenicStatusPlatformOnly: {
    zh: '只有平台管理员可以启用或停用景区',
    en: 'Only platform administrators can enable or disable a scenic area',
  },
});
