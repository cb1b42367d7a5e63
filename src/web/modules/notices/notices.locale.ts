import { defineMessages } from '../../locales/define.ts';

/** Ticket agreements and purchase-notice templates (the editor's texts: src/web/components/rich-text). */
export default {
  notices: defineMessages({
    zh: {
      preview: '预览',
      back: '返回列表',
      newNotice: '新增购票须知',
      editNotice: '编辑购票须知',
      emptyPreview: '暂无内容',
      loadFailed: '加载失败',
    },
    en: {
      preview: 'Preview',
      back: 'Back to the list',
      newNotice: 'New purchase notice',
      editNotice: 'Edit purchase notice',
      emptyPreview: 'Nothing yet',
      loadFailed: 'Could not load',
    },
  }),
};
