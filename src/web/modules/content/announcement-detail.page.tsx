import { Col, Form, Input, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  announcementApi,
  AnnouncementCreateSchema,
  AnnouncementUpdateSchema,
  type AnnouncementDetail,
} from '../../../shared/api/content.ts';
import { AnnouncementField } from '../../../shared/dict/content.ts';
import { InstantField } from '../../components/date-pickers.tsx';
import { EditorPage, useEditor, type EditorDefinition } from '../../components/editor-page.tsx';
import { LivePreview } from '../../components/live-preview.tsx';
import { listQueryKey, useLabel } from '../../components/list-page/index.ts';
import { LazyRichTextEditor } from '../../components/rich-text/index.ts';
import { CoverField } from './content-parts.tsx';
import { ANNOUNCEMENT_DETAIL_PATH, ANNOUNCEMENT_LIST_PATH, announcementQueryKey } from './paths.ts';

type Values = {
  title?: string;
  content?: string;
  cover?: string;
  publishFrom?: string | null;
  publishTo?: string | null;
  pinned?: boolean;
};
const FIELDS = ['title', 'content', 'cover', 'publishFrom', 'publishTo', 'pinned'] as const;
const INITIAL: Values = {
  title: '',
  content: '',
  cover: '',
  publishFrom: null,
  publishTo: null,
  pinned: false,
};

const editor: EditorDefinition<Values, AnnouncementDetail> = {
  fields: FIELDS,
  initial: INITIAL,
  queryKey: announcementQueryKey,
  queryUrl: announcementApi.query,
  toValues: (data) => ({
    title: data.title,
    content: data.content,
    cover: data.cover,
    publishFrom: data.publishFrom,
    publishTo: data.publishTo,
    pinned: data.pinned,
  }),
  toBody: (values) => ({
    title: values.title ?? '',
    content: values.content ?? '',
    cover: values.cover ?? '',
    // a cleared end is sent as null, so an edit can open the window again
    publishFrom: values.publishFrom ?? null,
    publishTo: values.publishTo ?? null,
    pinned: values.pinned ?? false,
  }),
  createUrl: announcementApi.create,
  updateUrl: announcementApi.update,
  createSchema: AnnouncementCreateSchema,
  updateSchema: AnnouncementUpdateSchema,
  refresh: [listQueryKey(announcementApi.page)],
  listPath: ANNOUNCEMENT_LIST_PATH,
  editorPath: ANNOUNCEMENT_DETAIL_PATH,
};

/** docs/product.md §2 /scenic/announDetail (hidden): create (no id) or edit (?id=) an announcement. */
export default function AnnouncementDetailPage() {
  const { t } = useTranslation(['content', 'common']);
  const label = useLabel();
  const { id, form, formProps, frame } = useEditor(editor, t('loadFailed'));

  return (
    <EditorPage
      {...frame}
      title={t(id == null ? 'newAnnouncement' : 'editAnnouncement')}
      backLabel={t('back')}
      aside={<LivePreview form={form} />}
    >
      <Form {...formProps} name="announcement">
        <Form.Item name="title" label={label(AnnouncementField.title)} required>
          <Input maxLength={100} showCount />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item
              name="publishFrom"
              label={label(AnnouncementField.publishFrom)}
              extra={t('windowHint')}
            >
              <InstantField />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="publishTo" label={label(AnnouncementField.publishTo)}>
              <InstantField />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item name="pinned" label={label(AnnouncementField.pinned)} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="cover" label={label(AnnouncementField.cover)} extra={t('coverHint')}>
          <CoverField />
        </Form.Item>
        <Form.Item
          name="content"
          label={label(AnnouncementField.content)}
          required
          extra={id == null ? t('draftHint') : undefined}
        >
          <LazyRichTextEditor minHeight={320} maxHeight={640} />
        </Form.Item>
      </Form>
    </EditorPage>
  );
}
