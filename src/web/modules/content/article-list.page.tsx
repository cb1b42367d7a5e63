import {
  articleApi,
  ArticleCreateSchema,
  ArticleUpdateSchema,
  type ArticleRow,
} from '../../../shared/api/content.ts';
import { ArticleCategory, ArticleField, ContentState } from '../../../shared/dict/content.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { LazyRichTextEditor, RichTextView } from '../../components/rich-text/index.ts';
import { CoverField, CoverThumb, MoveButtons } from './content-parts.tsx';

const definition = defineListPage<ArticleRow>({
  id: 'scenic.scenicArticle',
  url: articleApi.page,
  exportUrl: articleApi.export,
  rowKey: 'id',
  perms: {
    create: 'admin:scenicArticle:create',
    update: 'admin:scenicArticle:update',
    delete: 'admin:scenicArticle:delete',
    export: 'admin:scenicArticle:page',
  },
  search: [
    {
      kind: 'text',
      name: 'title',
      label: ArticleField.title,
      placeholder: 'content:articleTitlePlaceholder',
      maxLength: 100,
    },
    { kind: 'dict', name: 'category', label: ArticleField.category, dict: ArticleCategory },
    { kind: 'dict', name: 'state', label: ArticleField.state, dict: ContentState },
    { kind: 'text', name: 'author', label: ArticleField.author, maxLength: 50 },
  ],
  columns: [
    {
      key: 'cover',
      title: ArticleField.cover,
      width: 90,
      render: (value) => <CoverThumb src={String(value ?? '')} />,
    },
    { key: 'title', title: ArticleField.title, sortable: true, ellipsis: true, width: 260 },
    { key: 'category', title: ArticleField.category, kind: 'dict', dict: ArticleCategory, width: 110 },
    { key: 'author', title: ArticleField.author, width: 140 },
    { key: 'state', title: ArticleField.state, kind: 'dict', dict: ContentState, width: 100 },
    { key: 'viewCount', title: ArticleField.viewCount, sortable: true, width: 100 },
    { key: 'publishTime', title: ArticleField.publishTime, kind: 'dateTime', sortable: true },
    { key: 'updateTime', title: ArticleField.updateTime, kind: 'dateTime', sortable: true, hidden: true },
    { key: 'createTime', title: ArticleField.createTime, kind: 'dateTime', hidden: true },
  ],
  form: {
    createUrl: articleApi.create,
    updateUrl: articleApi.update,
    createSchema: ArticleCreateSchema,
    updateSchema: ArticleUpdateSchema,
    fields: [
      { name: 'title', label: ArticleField.title, required: true, maxLength: 100 },
      { name: 'category', label: ArticleField.category, kind: 'dict', dict: ArticleCategory, required: true },
      { name: 'author', label: ArticleField.author, maxLength: 50 },
      {
        name: 'cover',
        label: ArticleField.cover,
        kind: 'custom',
        extra: 'content:coverHint',
        render: () => <CoverField />,
      },
      {
        name: 'content',
        label: ArticleField.content,
        kind: 'custom',
        required: true,
        render: ({ mode }) => <LazyRichTextEditor key={mode} minHeight={280} maxHeight={520} />,
      },
    ],
    initialValues: { category: 1, author: '', cover: '', content: '' },
    width: 860,
  },
  detail: {
    fields: ['title', 'category', 'author', 'state', 'viewCount', 'publishTime', 'updateTime'],
    extra: (row) => <RichTextView html={row.content} />,
  },
  delete: { url: articleApi.delete },
  rowActions: (row, { reload }) => (
    <MoveButtons row={row} urls={articleApi} perm="admin:scenicArticle:publish" onDone={reload} />
  ),
  actionWidth: 280,
});

/** docs/product.md §2 /scenic/scenicArticle: travel guides, news and culture pieces for the mini-program. */
export default function ArticleListPage() {
  return <ListPage definition={definition} />;
}
