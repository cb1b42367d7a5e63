import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Empty, Form, Input, InputNumber, Row, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  noticeApi,
  NoticeCreateSchema,
  NoticeUpdateSchema,
  type NoticeDetail,
} from '../../../shared/api/notices.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { NoticeField, NoticeType } from '../../../shared/dict/ticket.ts';
import { EditorPage } from '../../components/editor-page.tsx';
import { DictSelect } from '../../components/dict-select.tsx';
import {
  listQueryKey,
  showFieldErrors,
  useLabel,
  validateWithSchema,
} from '../../components/list-page/index.ts';
import { LazyRichTextEditor, RichTextView } from '../../components/rich-text/index.ts';
import { closeTab } from '../../lib/tabs-store.ts';
import { errorField, get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { NOTICE_DETAIL_PATH, NOTICE_LIST_PATH, noticeQueryKey } from './paths.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';

type Values = { title?: string; noticeType?: number; sort?: number; status?: number; content?: string };
const FIELDS = ['title', 'noticeType', 'sort', 'status', 'content'] as const;
const INITIAL: Values = { title: '', sort: 0, status: 1, content: '' };

/** Checked with the server's schema, saved, back to the list; a complaint marks its field. */
function useNoticeSave(form: FormInstance<Values>, id: number | null, done: () => void) {
  const { lang } = useSettings();
  const queryClient = useQueryClient();
  const send = useAction((body: unknown) => post(id == null ? noticeApi.create : noticeApi.update, body), {
    refresh: [listQueryKey(noticeApi.page)],
    onSuccess: () => {
      if (id != null) queryClient.removeQueries({ queryKey: noticeQueryKey(id) });
      done();
    },
    // a 400/409 naming a field marks it too
    onError: (error) => {
      const field = errorField(error);
      if (field && (FIELDS as readonly string[]).includes(field))
        form.setFields([{ name: field as keyof Values, errors: [(error as Error).message] }]);
    },
  });
  const save = () => {
    const values = form.getFieldsValue([...FIELDS]) as Values;
    const body: Record<string, unknown> = {};
    for (const name of FIELDS)
      if (values[name] !== undefined && values[name] !== null) body[name] = values[name];
    if (id != null) body.id = id;
    const checked = validateWithSchema(id == null ? NoticeCreateSchema : NoticeUpdateSchema, body, lang);
    if (checked.errors) showFieldErrors(form, checked.errors, FIELDS);
    else void send.run(checked.data);
  };
  return { save, saving: send.pending };
}

/** The title and content as the visitor will see them, beside the form on wide screens. */
function LivePreview({ form }: { form: FormInstance<Values> }) {
  const { t } = useTranslation('notices');
  const title = Form.useWatch('title', form);
  const content = Form.useWatch('content', form);
  return (
    <Card title={t('livePreview')} style={{ position: 'sticky', top: 0 }}>
      {title && <Typography.Title level={4}>{title}</Typography.Title>}
      {content ? (
        <RichTextView html={content} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyPreview')} />
      )}
    </Card>
  );
}

/** docs/product.md §2 /ticket/instructionsDetailPage (hidden): create (no id) or edit (?id=) a notice template. */
export default function InstructionsDetailPage() {
  const { t } = useTranslation(['notices', 'common', 'menu']);
  const label = useLabel();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const [form] = Form.useForm<Values>();

  const { data, isLoading, error, refetch } = useQuery({
    queryKey: noticeQueryKey(id ?? 0),
    queryFn: () => get<NoticeDetail>(noticeApi.query, { id }),
    enabled: id != null,
    // the form holds the user's edits: never replace them behind their back
    refetchOnWindowFocus: false,
  });

  // The tab is kept alive: a new ?id= (or none) loads that record (or a blank form).
  useEffectOnChange(() => {
    form.resetFields();
    if (id == null) form.setFieldsValue(INITIAL);
    else if (data && data.id === id)
      form.setFieldsValue({
        title: data.title,
        noticeType: data.noticeType,
        sort: data.sort,
        status: data.status,
        content: data.content,
      });
  }, [form, id, data]);

  const backToList = () => {
    void navigate(NOTICE_LIST_PATH);
    closeTab(NOTICE_DETAIL_PATH, NOTICE_LIST_PATH);
  };

  const { save, saving } = useNoticeSave(form, id, backToList);

  return (
    <EditorPage
      title={t(id == null ? 'newNotice' : 'editNotice')}
      loading={id != null && isLoading}
      failed={id != null && !isLoading && (error || !data) ? error?.message || t('loadFailed') : null}
      onRetry={() => void refetch()}
      onBack={backToList}
      backLabel={t('back')}
      saving={saving}
      onSave={save}
      aside={<LivePreview form={form} />}
    >
      <Form
        form={form}
        name="notice"
        layout="vertical"
        disabled={saving}
        initialValues={INITIAL}
        // a schema error stays until its field is edited
        onValuesChange={(changed: Values) =>
          form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })))
        }
      >
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
