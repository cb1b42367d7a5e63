import { defineDict } from '../../../shared/dict/dict.ts';

/** What the content module says to users, in both languages (collected by src/server/messages.ts). */
export const contentMessages = defineDict({
  contentPublishConflict: {
    zh: '该内容已发布，只有草稿或已撤回的内容可以发布',
    en: 'This item is already published; only a draft or a withdrawn item can be published',
  },
  contentWithdrawConflict: {
    zh: '只有已发布的内容可以撤回，该内容当前未发布',
    en: 'Only a published item can be withdrawn; this one is not published',
  },
});
