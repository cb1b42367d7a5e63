import { defineMessages } from '../../locales/define.ts';

/** Announcements and articles; field labels are in src/shared/dict/content.ts, the editor's in its component. */
export default {
  content: defineMessages({
    zh: {
      back: '返回列表',
      newAnnouncement: '新增公告',
      editAnnouncement: '编辑公告',
      loadFailed: '加载失败',
      publish: '发布',
      withdraw: '撤回',
      publishConfirm: '确定发布吗？发布后小程序在展示时间内可见。',
      withdrawConfirm: '确定撤回吗？撤回后小程序不再展示。',
      published: '已发布',
      withdrawn: '已撤回',
      windowHint: '留空表示不限；结束时间须晚于开始时间',
      coverHint: '支持 jpg、jpeg、png、gif，大小不超过 500K',
      titlePlaceholder: '公告标题',
      articleTitlePlaceholder: '文章标题',
      draftHint: '保存后为草稿，在列表中发布',
    },
    en: {
      back: 'Back to the list',
      newAnnouncement: 'New announcement',
      editAnnouncement: 'Edit announcement',
      loadFailed: 'Could not load',
      publish: 'Publish',
      withdraw: 'Withdraw',
      publishConfirm: 'Publish it? The mini-program shows it inside its window.',
      withdrawConfirm: 'Withdraw it? The mini-program stops showing it.',
      published: 'Published',
      withdrawn: 'Withdrawn',
      windowHint: 'Leave empty for no limit; the end must be later than the start',
      coverHint: 'jpg, jpeg, png or gif, smaller than 500 KB',
      titlePlaceholder: 'Announcement title',
      articleTitlePlaceholder: 'Article title',
      draftHint: 'Saved as a draft; publish it from the list',
    },
  }),
};
