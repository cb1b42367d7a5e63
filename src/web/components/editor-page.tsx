import { ArrowLeftOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Form, Row, Space, Spin, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { Permission } from '../../shared/perms.ts';
import { errorField, get, post } from '../lib/request.ts';
import { useSettings } from '../lib/settings.ts';
import { closeTab } from '../lib/tabs-store.ts';
import { useAction } from '../lib/use-action.ts';
import { useEffectOnChange } from '../lib/use-effect-on-change.ts';
import { Can } from './can.tsx';
import { useLabel } from './list-page/labels.ts';
import type { Label } from './list-page/types.ts';
import { clearErrorsOnEdit, showFieldErrors, validateWithSchema } from './list-page/zod-form.ts';

export interface EditorPageProps {
  /** The card's title after the back button: "New announcement", "Edit notice", an area's name. */
  title: ReactNode;
  /** The record being edited is still loading. */
  loading: boolean;
  /** Loading it failed: what to say (the user can retry or go back), or null. */
  failed: string | null;
  onRetry: () => void;
  /** Back to the list (the back arrow and Cancel). */
  onBack: () => void;
  /** The back arrow's accessible name (e.g. 返回列表). */
  backLabel: string;
  saving: boolean;
  onSave: () => void;
  /** Who may save (without it, Save stays visible but disabled: docs/product.md §5). */
  savePerm?: Permission;
  /** The form. */
  children: ReactNode;
  /** Beside the form on wide screens only (a live preview). */
  aside?: ReactNode;
}

/**
 * The frame of a hidden detail page that edits one record with a long form (a notice template, an
 * announcement, an area's profile): loading, a failure with retry and back, and a card with the back
 * arrow, Cancel and Save around the form.
 */
export function EditorPage(props: EditorPageProps) {
  const { t } = useTranslation('common');
  const { onBack, backLabel, saving, onSave } = props;
  if (props.loading)
    return (
      <Card>
        <Spin />
      </Card>
    );
  if (props.failed !== null)
    return (
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.failed}>
          <Space>
            <Button onClick={props.onRetry}>{t('retry')}</Button>
            <Button onClick={onBack}>{backLabel}</Button>
          </Space>
        </Empty>
      </Card>
    );

  const saveButton = (
    <Button type="primary" loading={saving} onClick={onSave}>
      {t('save')}
    </Button>
  );
  const card = (
    <Card
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={backLabel} onClick={onBack} />
          {props.title}
        </Space>
      }
      extra={
        <Space>
          <Button onClick={onBack}>{t('cancel')}</Button>
          {props.savePerm ? <Can perm={props.savePerm}>{saveButton}</Can> : saveButton}
        </Space>
      }
    >
      {props.children}
    </Card>
  );
  if (!props.aside) return card;
  return (
    <Row gutter={16}>
      <Col xs={24} xl={14}>
        {card}
      </Col>
      <Col xs={0} xl={10}>
        {props.aside}
      </Col>
    </Row>
  );
}

/** What an editor page says about its record: where it loads and saves, and how form and record map. */
export interface EditorDefinition<V extends object, D extends { id: number }> {
  /** The form's fields: read on Save, and marked when a complaint names one. */
  fields: readonly (keyof V & string)[];
  /** The blank form of a new record (no `?id=`). */
  initial: V;
  /** The query key of one record (removed after a save, so the next visit loads it afresh). */
  queryKey: (id: number) => QueryKey;
  /** `GET ?id=` of one record. */
  queryUrl: string;
  /** The form's values of a loaded record. */
  toValues: (data: D) => V;
  /** The body of the form's values, before the id is added and the schema checks it. Default: the fields that are set. */
  toBody?: (values: V) => Record<string, unknown>;
  createUrl: string;
  updateUrl: string;
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
  /** The queries refreshed after a save (the list). */
  refresh: readonly QueryKey[];
  /** Where Back, Cancel and a save go, and the editor's own path, whose tab then closes. */
  listPath: string;
  editorPath: string;
}

/** The fields of `values` that are set (neither undefined nor null). */
function setFields<V extends object>(values: V, fields: readonly (keyof V & string)[]) {
  const body: Record<string, unknown> = {};
  for (const name of fields)
    if (values[name] !== undefined && values[name] !== null) body[name] = values[name];
  return body;
}

/**
 * The controller of an editor page: the record of `?id=` loaded (none: a new one), the form filled
 * from it, and Save (checked with the server's schema, a complaint marking its field, back to the
 * list). Spread `frame` on `<EditorPage>` and `formProps` on its `<Form>`.
 */
export function useEditor<V extends object, D extends { id: number }>(
  definition: EditorDefinition<V, D>,
  loadFailed: string,
) {
  const { fields, initial } = definition;
  const { lang } = useSettings();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const [form] = Form.useForm<V>();

  const { data, isLoading, error, refetch } = useQuery({
    queryKey: definition.queryKey(id ?? 0),
    queryFn: () => get<D>(definition.queryUrl, { id }),
    enabled: id != null,
    // the form holds the user's edits: never replace them behind their back
    refetchOnWindowFocus: false,
  });

  // The tab is kept alive: a new ?id= (or none) loads that record (or a blank form).
  useEffectOnChange(() => {
    form.resetFields();
    if (id == null) form.setFieldsValue(initial as never);
    else if (data && data.id === id) form.setFieldsValue(definition.toValues(data) as never);
  }, [form, id, data]);

  const backToList = () => {
    void navigate(definition.listPath);
    closeTab(definition.editorPath, definition.listPath);
  };

  const send = useAction(
    (body: unknown) => post(id == null ? definition.createUrl : definition.updateUrl, body),
    {
      refresh: definition.refresh,
      onSuccess: () => {
        if (id != null) queryClient.removeQueries({ queryKey: definition.queryKey(id) });
        backToList();
      },
      // a 400/409 naming a field marks it too
      onError: (failure) => {
        const field = errorField(failure)?.split('.')[0];
        if (field && (fields as readonly string[]).includes(field))
          form.setFields([{ name: field as never, errors: [(failure as Error).message] }]);
      },
    },
  );

  const save = () => {
    const values = form.getFieldsValue([...fields] as never) as V;
    const body = definition.toBody ? definition.toBody(values) : setFields(values, fields);
    if (id != null) body.id = id;
    const checked = validateWithSchema(
      id == null ? definition.createSchema : definition.updateSchema,
      body,
      lang,
    );
    if (checked.errors) showFieldErrors(form, checked.errors, fields);
    else void send.run(checked.data);
  };

  const saving = send.pending;
  const formProps: FormProps<V> & { form: FormInstance<V> } = {
    form,
    layout: 'vertical',
    disabled: saving,
    initialValues: initial,
    // a schema error stays until its field is edited
    onValuesChange: clearErrorsOnEdit(form as FormInstance),
  };
  return {
    id,
    data,
    form,
    formProps,
    /** The props of `<EditorPage>` but its title, back label, permission and aside. */
    frame: {
      loading: id != null && isLoading,
      failed: id != null && !isLoading && (error || !data) ? error?.message || loadFailed : null,
      onRetry: () => void refetch(),
      onBack: backToList,
      saving,
      onSave: save,
    },
  };
}

/** The list's button opening its editor page for a new record (text: the list page's 新增). */
export function NewInEditor({ perm, path, text }: { perm: Permission; path: string; text?: Label }) {
  const { t } = useTranslation('listPage');
  const label = useLabel();
  const navigate = useNavigate();
  return (
    <Can perm={perm}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(path)}>
        {text ? label(text) : t('create')}
      </Button>
    </Can>
  );
}

/** A row's link opening the record in its editor page (`?id=`; text: the list page's 编辑). */
export function EditInEditor({
  perm,
  path,
  id,
  text,
  icon = <EditOutlined />,
}: {
  perm: Permission;
  path: string;
  id: number;
  text?: Label;
  icon?: ReactNode;
}) {
  const { t } = useTranslation('listPage');
  const label = useLabel();
  const navigate = useNavigate();
  return (
    <Can perm={perm}>
      <Button type="link" size="small" icon={icon} onClick={() => void navigate(`${path}?id=${id}`)}>
        {text ? label(text) : t('edit')}
      </Button>
    </Can>
  );
}
