import { Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  noticeApi,
  NoticeCreateSchema,
  NoticeUpdateSchema,
  type NoticeDetail,
} from '../../../shared/api/notices.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { NoticeField, NoticeType } from '../../../shared/dict/notices.ts';
import { DictSelect } from '../../components/dict-select.tsx';
import { EditorPage, useEditor, type EditorDefinition } from '../../components/editor-page.tsx';
import { LivePreview } from '../../components/live-preview.tsx';
import { listQueryKey, useLabel } from '../../components/list-page/index.ts';
import { LazyRichTextEditor } from '../../components/rich-text/index.ts';
import { NOTICE_DETAIL_PATH, NOTICE_LIST_PATH, noticeQueryKey } from './paths.ts';

type Values = { title?: string; noticeType?: number; sort?: number; status?: number; content?: string };
const FIELDS = ['title', 'noticeType', 'sort', 'status', 'content'] as const;
const INITIAL: Values = { title: '', sort: 0, status: 1, content: '' };

const editor: EditorDefinition<Values, NoticeDetail> = {
  fields: FIELDS,
  initial: INITIAL,
  queryKey: noticeQueryKey,
  queryUrl: noticeApi.query,
  toValues: (data) => ({
    title: data.title,
    noticeType: data.noticeType,
    sort: data.sort,
    status: data.status,
    content: data.content,
  }),
  createUrl: noticeApi.create,
  updateUrl: noticeApi.update,
  createSchema: NoticeCreateSchema,
  updateSchema: NoticeUpdateSchema,
  refresh: [listQueryKey(noticeApi.page)],
  listPath: NOTICE_LIST_PATH,
  editorPath: NOTICE_DETAIL_PATH,
};

/** docs/product.md §2 /ticket/instructionsDetailPage (hidden): create (no id) or edit (?id=) a notice template. */
export default function InstructionsDetailPage() {
  const { t } = useTranslation(['notices', 'common', 'menu']);
  const label = useLabel();
  const { id, form, formProps, frame } = useEditor(editor, t('loadFailed'));

  return (
    <EditorPage
      {...frame}
      title={t(id == null ? 'newNotice' : 'editNotice')}
      backLabel={t('back')}
      aside={<LivePreview form={form} />}
    >
      <Form {...formProps} name="notice">
        <Form.Item name="title" label={label(NoticeField.title)} required>
          <Input maxLength={100} showCount />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item name="noticeType" label={label(NoticeField.noticeType)} required>
              <DictSelect dict={NoticeType} allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={12} md={7}>
            <Form.Item name="sort" label={label(NoticeField.sort)}>
              <InputNumber min={0} max={99_999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={7}>
            <Form.Item name="status" label={label(NoticeField.status)} required>
              <DictSelect dict={EnableStatus} allowClear={false} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="content" label={label(NoticeField.content)} required>
          <LazyRichTextEditor minHeight={360} maxHeight={640} />
        </Form.Item>
      </Form>
    </EditorPage>
  );
}
