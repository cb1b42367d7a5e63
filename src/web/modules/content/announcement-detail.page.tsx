import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Empty, Form, Input, Row, Switch, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  announcementApi,
  AnnouncementCreateSchema,
  AnnouncementUpdateSchema,
  type AnnouncementDetail,
} from '../../../shared/api/content.ts';
import { AnnouncementField } from '../../../shared/dict/content.ts';
import {
  listQueryKey,
  showFieldErrors,
  useLabel,
  validateWithSchema,
} from '../../components/list-page/index.ts';
import { EditorPage } from '../../components/editor-page.tsx';
import { LazyRichTextEditor, RichTextView } from '../../components/rich-text/index.ts';
import { closeTab } from '../../lib/tabs-store.ts';
import { errorField, get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { InstantField } from '../../components/date-pickers.tsx';
import { CoverField } from './content-parts.tsx';
import { ANNOUNCEMENT_DETAIL_PATH, ANNOUNCEMENT_LIST_PATH, announcementQueryKey } from './paths.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';

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

/** Checked with the server's schema, saved, back to the list; a complaint marks its field. */
function useAnnouncementSave(form: FormInstance<Values>, id: number | null, done: () => void) {
  const { lang } = useSettings();
  const queryClient = useQueryClient();
  const send = useAction(
    (body: unknown) => post(id == null ? announcementApi.create : announcementApi.update, body),
    {
      refresh: [listQueryKey(announcementApi.page)],
      onSuccess: () => {
        if (id != null) queryClient.removeQueries({ queryKey: announcementQueryKey(id) });
        done();
      },
      // a 400 naming a field marks it too
      onError: (error) => {
        const field = errorField(error);
        if (field && (FIELDS as readonly string[]).includes(field))
          form.setFields([{ name: field as keyof Values, errors: [(error as Error).message] }]);
      },
    },
  );
  const save = () => {
    const values = form.getFieldsValue([...FIELDS]) as Values;
    const body: Record<string, unknown> = {
      title: values.title ?? '',
      content: values.content ?? '',
      cover: values.cover ?? '',
      // a cleared end is sent as null, so an edit can open the window again
      publishFrom: values.publishFrom ?? null,
      publishTo: values.publishTo ?? null,
      pinned: values.pinned ?? false,
    };
    if (id != null) body.id = id;
    const checked = validateWithSchema(
      id == null ? AnnouncementCreateSchema : AnnouncementUpdateSchema,
      body,
      lang,
    );
    if (checked.errors) showFieldErrors(form, checked.errors, FIELDS);
    else void send.run(checked.data);
  };
  return { save, saving: send.pending };
}

/** The title and content as the visitor will see them, beside the form on wide screens. */
function LivePreview({ form }: { form: FormInstance<Values> }) {
  const { t } = useTranslation('content');
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

/** docs/product.md §2 /scenic/announDetail (hidden): create (no id) or edit (?id=) an announcement. */
export default function AnnouncementDetailPage() {
  const { t } = useTranslation(['content', 'common']);
  const label = useLabel();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const [form] = Form.useForm<Values>();

  const { data, isLoading, error, refetch } = useQuery({
    queryKey: announcementQueryKey(id ?? 0),
    queryFn: () => get<AnnouncementDetail>(announcementApi.query, { id }),
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
        content: data.content,
        cover: data.cover,
        publishFrom: data.publishFrom,
        publishTo: data.publishTo,
        pinned: data.pinned,
      });
  }, [form, id, data]);

  const backToList = () => {
    void navigate(ANNOUNCEMENT_LIST_PATH);
    closeTab(ANNOUNCEMENT_DETAIL_PATH, ANNOUNCEMENT_LIST_PATH);
  };

  const { save, saving } = useAnnouncementSave(form, id, backToList);

  return (
    <EditorPage
      title={t(id == null ? 'newAnnouncement' : 'editAnnouncement')}
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
        name="announcement"
        layout="vertical"
        disabled={saving}
        initialValues={INITIAL}
        // a schema error stays until its field is edited
        onValuesChange={(changed: Values) =>
          form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })))
        }
      >
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
