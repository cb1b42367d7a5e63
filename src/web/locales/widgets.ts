import { defineMessages } from './define.ts';

/** Texts of the shared widgets in src/web/components. */
export const widgets = defineMessages({
  zh: {
    total: '共 {{total}} 条',
    imageTooLarge: '图片大小不能超过500K',
    imageBadType: '为保证图片正常显示，仅支持jpg、jpeg、png、gif格式的图片上传',
    imageRatioHint: '建议图片比例 1:1',
    upload: '上传',
    uploadFailed: '上传失败',
    image: '图片',
    shortcutToday: '今天',
    shortcutWeek: '最近一周',
    shortcutMonth: '最近一个月',
    shortcutQuarter: '最近三个月',
    shortcutYear: '最近一年',
    openEnd: '不限',
    always: '长期',
  },
  en: {
    total: '{{total}} in total',
    imageTooLarge: 'The image must be smaller than 500 KB',
    imageBadType: 'To display correctly, only jpg, jpeg, png and gif images can be uploaded',
    imageRatioHint: 'Recommended ratio 1:1',
    upload: 'Upload',
    uploadFailed: 'Upload failed',
    image: 'Image',
    shortcutToday: 'Today',
    shortcutWeek: 'Last 7 days',
    shortcutMonth: 'Last 30 days',
    shortcutQuarter: 'Last 3 months',
    shortcutYear: 'Last year',
    openEnd: 'Any time',
    always: 'Always',
  },
});
