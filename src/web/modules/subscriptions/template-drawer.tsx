import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Form, Input, Radio, Select, Space, Switch, theme, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  subscribeApi,
  SubscribeTemplateCreateSchema,
  SubscribeTemplateUpdateSchema,
  type SubscribeSettings,
  type SubscribeTemplate,
} from '../../../shared/api/subscriptions.ts';
import { dictLabel, type Lang } from '../../../shared/dict/dict.ts';
import { MessageVariable } from '../../../shared/dict/messaging.ts';
import {
  SUBSCRIBE_TYPES,
  SUBSCRIBE_USE_VARIABLES,
  SubscribeField,
  SubscribeType,
  SubscribeUse,
  wechatFieldValue,
  type SubscribeUseCode,
} from '../../../shared/dict/subscriptions.ts';
import { DictSelect } from '../../components/dict-select.tsx';
import { issueMessage } from '../../components/list-page/index.ts';
import { toast } from '../../lib/feedback.ts';
import { errorField, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';

interface FieldRow {
  key?: string;
  variable?: string;
}
interface TemplateValues {
  title?: string;
  wxTemplateId?: string;
  type: SubscribeTemplate['type'];
  use: SubscribeUseCode;
  page?: string;
  enabled: boolean;
  fields?: (FieldRow | undefined)[];
}
const FORM_FIELDS: readonly string[] = ['title', 'wxTemplateId', 'type', 'use', 'page', 'enabled', 'fields'];
/** WeChat's templates have at most ten fields (SubscribeTemplateCreateSchema). */
const MAX_FIELDS = 10;

const NEW_TEMPLATE: TemplateValues = { type: 2, use: 1, page: '', enabled: true, fields: [{}] };

export const toTemplateValues = (row: SubscribeTemplate): TemplateValues => ({
  title: row.title,
  wxTemplateId: row.wxTemplateId,
  type: row.type,
  use: row.use,
  page: row.page,
  enabled: row.enabled,
  fields: row.fields.map((f) => ({ key: f.key, variable: f.variable })),
});

/** The body of create (no id) or update (the whole template, with its id). */
export function toTemplateBody(v: TemplateValues, id?: number): Record<string, unknown> {
  return {
    ...(id === undefined ? {} : { id }),
    type: v.type,
    use: v.use,
    title: v.title ?? '',
    wxTemplateId: v.wxTemplateId ?? '',
    fields: (v.fields ?? []).map((f) => ({ key: f?.key ?? '', variable: f?.variable ?? '' })),
    page: v.page ?? '',
    enabled: v.enabled ?? true,
  };
}

/** A complaint's path (`fields.0.key` as zod and the server name it) and its text. */
interface Complaint {
  path: readonly PropertyKey[];
  message: string;
}
const namePath = (path: readonly PropertyKey[]) =>
  path.map((p) => (typeof p === 'number' || /^\d+$/.test(String(p)) ? Number(p) : String(p)));

/**
 * Marks each complaint on its field (a mapping row's own too), the first of each field only; answers
 * those about no field of the form.
 */
function markComplaints(form: FormInstance, complaints: readonly Complaint[]): Complaint[] {
  const marked = new Map<string, { name: (string | number)[]; errors: string[] }>();
  const others: Complaint[] = [];
  for (const c of complaints) {
    const name = namePath(c.path);
    if (!FORM_FIELDS.includes(String(name[0]))) others.push(c);
    else if (!marked.has(name.join('.'))) marked.set(name.join('.'), { name, errors: [c.message] });
  }
  form.setFields([...marked.values()] as never);
  return others;
}

const issuesOf = (error: z.ZodError, lang: Lang): Complaint[] =>
  error.issues.map((issue) => ({
    path: issue.code === 'unrecognized_keys' ? [issue.keys[0] ?? ''] : issue.path,
    message: issueMessage(issue, lang),
  }));

/** Every path a change touches (`fields`, `fields.1`, `fields.1.key`): their complaints go. */
function changedPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const here = path.length ? [path] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => changedPaths(v, [...path, i]))];
  if (value && Object.getPrototypeOf(value) === Object.prototype)
    return [...here, ...Object.entries(value).flatMap(([k, v]) => changedPaths(v, [...path, k]))];
  return here;
}

/** What WeChat will show: each field with its variable's sample, cut as the server cuts it. */
function TemplatePreview({ uses }: { uses: SubscribeSettings['uses'] }) {
  const { t } = useTranslation('subscriptions');
  const { token } = theme.useToken();
  const title = (Form.useWatch('title') as string | undefined) ?? '';
  const use = Form.useWatch('use') as SubscribeUseCode | undefined;
  const fields = (Form.useWatch('fields') as TemplateValues['fields']) ?? [];
  const samples = new Map(uses.find((u) => u.use === use)?.variables.map((v) => [v.name, v.sample]));
  const rows = fields.flatMap((f) => {
    const key = f?.key?.trim();
    if (!key) return [];
    const sample = f?.variable ? samples.get(f.variable) : undefined;
    return [{ key, value: sample === undefined ? '' : wechatFieldValue(key, sample) }];
  });
  return (
    <Form.Item label={t('preview')} extra={t('previewHint')}>
      <Flex
        vertical
        gap={4}
        data-testid="subscribe-preview"
        style={{
          minHeight: 44,
          padding: '8px 12px',
          borderRadius: token.borderRadius,
          background: token.colorFillTertiary,
        }}
      >
        <Typography.Text strong>{title}</Typography.Text>
        {rows.map((r, i) => (
          <Flex key={i} gap={12}>
            <Typography.Text type="secondary" style={{ minWidth: 140 }}>
              {r.key}
            </Typography.Text>
            <span style={{ wordBreak: 'break-all' }}>{r.value}</span>
          </Flex>
        ))}
      </Flex>
    </Form.Item>
  );
}

/** The field mapping: a row per WeChat field, its key and the variable of the use it shows. */
function FieldRows({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation('subscriptions');
  const { lang } = useSettings();
  const use = (Form.useWatch('use') as SubscribeUseCode | undefined) ?? 1;
  const options = (SUBSCRIBE_USE_VARIABLES[use] ?? []).map((name) => ({
    value: name,
    label: dictLabel(MessageVariable, name, lang),
  }));
  return (
    <Form.List name="fields">
      {(rows, { add, remove }, { errors }) => (
        <Form.Item label={SubscribeField.fields[lang]} required>
          {rows.map((row) => (
            <Flex key={row.key} gap={8} align="start" data-testid="subscribe-field-row">
              <Form.Item name={[row.name, 'key']} style={{ flex: 1 }}>
                <Input autoComplete="off" placeholder={t('fieldKeyPlaceholder')} aria-label={t('fieldKey')} />
              </Form.Item>
              <Typography.Text type="secondary" style={{ lineHeight: '32px' }}>
                ←
              </Typography.Text>
              <Form.Item name={[row.name, 'variable']} style={{ flex: 1 }}>
                <Select
                  options={options}
                  placeholder={t('variable')}
                  aria-label={t('variable')}
                  showSearch={{ optionFilterProp: 'label' }}
                />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('removeField')}
                disabled={disabled || rows.length <= 1}
                onClick={() => remove(row.name)}
              />
            </Flex>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={disabled || rows.length >= MAX_FIELDS}
            onClick={() => add({})}
          >
            {t('addField')}
          </Button>
        </Form.Item>
      )}
    </Form.List>
  );
}

export type DrawerState = { row?: SubscribeTemplate } | null;

/**
 * A template's create / edit drawer: title, WeChat's template id, type, use, page, enabled and the
 * field mapping, with a live preview of what WeChat shows; checked with the server's schema, and a
 * complaint (a mapping row's too) marked on its field.
 */
export function TemplateDrawer({
  state,
  uses,
  refresh,
  onClose,
}: {
  state: DrawerState;
  uses: SubscribeSettings['uses'];
  refresh: readonly unknown[];
  onClose: () => void;
}) {
  const { t } = useTranslation('subscriptions');
  const { lang } = useSettings();
  const [form] = Form.useForm<TemplateValues>();
  const row = state?.row;
  const save = useAction((url: string, body: unknown) => post<SubscribeTemplate>(url, body), {
    refresh: [refresh],
    onSuccess: onClose,
    onError: (error) => {
      const field = errorField(error);
      if (field) markComplaints(form, [{ path: field.split('.'), message: (error as Error).message }]);
    },
  });
  // once per opening: not again when the tab is shown again with the drawer open
  useEffectOnChange(() => {
    if (!state) return;
    form.resetFields();
    form.setFieldsValue(state.row ? toTemplateValues(state.row) : NEW_TEMPLATE);
  }, [state, form]);

  const submit = () => {
    const body = toTemplateBody(form.getFieldsValue(true), row?.id);
    const checked = (row ? SubscribeTemplateUpdateSchema : SubscribeTemplateCreateSchema).safeParse(body, {
      reportInput: true,
    });
    if (!checked.success) {
      const [other] = markComplaints(form, issuesOf(checked.error, lang));
      if (other) toast.error(`${other.path.join('.')}: ${other.message}`);
      return;
    }
    void save.run(row ? subscribeApi.update : subscribeApi.create, checked.data);
  };
  const onValuesChange = (changed: Partial<TemplateValues>) => {
    form.setFields(changedPaths(changed).map((name) => ({ name: name as never, errors: [] })));
    // another use fills in other variables: a row's variable it does not have is emptied
    if (changed.use === undefined) return;
    const allowed: readonly string[] = SUBSCRIBE_USE_VARIABLES[changed.use] ?? [];
    const fields = (form.getFieldValue('fields') as TemplateValues['fields']) ?? [];
    form.setFieldValue(
      'fields',
      fields.map((f) => (f?.variable && !allowed.includes(f.variable) ? { ...f, variable: undefined } : f)),
    );
  };

  return (
    <Drawer
      open={!!state}
      title={row ? t('editTitle', { title: row.title }) : t('createTitle')}
      onClose={onClose}
      size={640}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={save.pending} onClick={submit}>
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Form<TemplateValues>
        form={form}
        name="subscribeTemplate"
        layout="vertical"
        disabled={save.pending}
        onValuesChange={onValuesChange}
        onFinish={submit}
      >
        <Form.Item name="title" label={SubscribeField.title[lang]} required>
          <Input autoComplete="off" maxLength={30} />
        </Form.Item>
        <Form.Item name="wxTemplateId" label={SubscribeField.wxTemplateId[lang]} required>
          <Input autoComplete="off" maxLength={64} />
        </Form.Item>
        <Space size="large" wrap align="start">
          <Form.Item name="type" label={SubscribeField.type[lang]}>
            <Radio.Group
              optionType="button"
              options={SUBSCRIBE_TYPES.map((code) => ({ value: code, label: SubscribeType[code][lang] }))}
            />
          </Form.Item>
          <Form.Item name="use" label={SubscribeField.use[lang]}>
            <DictSelect dict={SubscribeUse} allowClear={false} style={{ minWidth: 200 }} />
          </Form.Item>
          <Form.Item name="enabled" label={SubscribeField.enabled[lang]} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="page" label={SubscribeField.page[lang]} extra={t('pageHint')}>
          <Input autoComplete="off" maxLength={255} placeholder="pages/order/detail" />
        </Form.Item>
        <FieldRows disabled={save.pending} />
        <TemplatePreview uses={uses} />
        {/* Enter in a field submits */}
        <button type="submit" hidden />
      </Form>
    </Drawer>
  );
}
