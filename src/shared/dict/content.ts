import { defineDict } from './dict.ts';

/** Announcements and articles (/scenic/announcement, /scenic/scenicArticle): 1 draft, 2 published, 3 withdrawn. */
export const ContentState = defineDict({
  1: { zh: '草稿', en: 'Draft', color: 'default' },
  2: { zh: '已发布', en: 'Published', color: 'green' },
  3: { zh: '已撤回', en: 'Withdrawn', color: 'orange' },
});
export const CONTENT_STATE = { draft: 1, published: 2, withdrawn: 3 } as const;

/** Whether an announcement is pinned to the top (the list's filter; 1 pinned, 2 not). */
export const PinnedFlag = defineDict({
  1: { zh: '置顶', en: 'Pinned', color: 'red' },
  2: { zh: '不置顶', en: 'Not pinned', color: 'default' },
});

/** docs/decisions.md "Article categories": what a scenic area writes for its visitors. */
export const ArticleCategory = defineDict({
  1: { zh: '游玩攻略', en: 'Travel guide', color: 'blue' },
  2: { zh: '景区新闻', en: 'News', color: 'green' },
  3: { zh: '历史文化', en: 'Culture', color: 'purple' },
});

/** Column labels of announcements: the console's table, form and the Excel export. */
export const AnnouncementField = defineDict({
  title: { zh: '公告标题', en: 'Title' },
  content: { zh: '公告内容', en: 'Content' },
  cover: { zh: '封面图片', en: 'Cover image' },
  publishFrom: { zh: '展示开始时间', en: 'Shown from' },
  publishTo: { zh: '展示结束时间', en: 'Shown until' },
  publishWindow: { zh: '展示时间', en: 'Shown' },
  pinned: { zh: '置顶', en: 'Pinned' },
  state: { zh: '状态', en: 'State' },
  publishTime: { zh: '发布时间', en: 'Published' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});

/** Column labels of articles. */
export const ArticleField = defineDict({
  category: { zh: '文章分类', en: 'Category' },
  title: { zh: '文章标题', en: 'Title' },
  cover: { zh: '封面图片', en: 'Cover image' },
  content: { zh: '文章正文', en: 'Body' },
  author: { zh: '作者', en: 'Author' },
  state: { zh: '状态', en: 'State' },
  viewCount: { zh: '浏览量', en: 'Views' },
  publishTime: { zh: '发布时间', en: 'Published' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});

export const ContentText = defineDict({
  announcementExport: { zh: '景区公告', en: 'Announcements' },
  articleExport: { zh: '景区文章', en: 'Articles' },
});
