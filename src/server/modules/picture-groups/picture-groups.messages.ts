import { defineDict } from '../../../shared/dict/dict.ts';

/** What the picture-groups module says to users, in both languages (collected by src/server/messages.ts). */
export const pictureGroupsMessages = defineDict({
  pictureGroupNotFound: { zh: '图片分组不存在', en: 'Picture group not found' },
  pictureNotFound: { zh: '图片不存在', en: 'Picture not found' },
});
