import { Button, Drawer, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorField, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { DictSelect } from '../dict-select.tsx';
import { MoneyInput } from '../money-input.tsx';
import { listQueryKey } from './query.ts';
import { useLabel } from './labels.ts';
import type { FormDef, FormFieldDef, FormMode, Row } from './types.ts';
import { showFieldErrors, validateWithSchema } from './zod-form.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';

function control(field: FormFieldDef, mode: FormMode, placeholder: string | undefined): ReactNode {
  const disabled = mode === 'edit' && field.createOnly;
  switch (field.kind ?? 'text') {
    case 'password':
      return (
        <Input.Password placeholder={placeholder} maxLength={field.maxLength} autoComplete="new-password" />
      );
    case 'textarea':
      return (
        <Input.TextArea
          placeholder={placeholder}
          maxLength={field.maxLength}
          rows={3}
          showCount={!!field.maxLength}
        />
      );
    case 'number':
      return (
        <InputNumber
          placeholder={placeholder}
          min={field.min}
          max={field.max}
          style={{ width: '100%' }}
          disabled={disabled}
        />
      );
    case 'money':
      return <MoneyInput placeholder={placeholder} min={field.min} max={field.max} disabled={disabled} />;
    case 'dict':
      return (
        <DictSelect
          dict={field.dict ?? {}}
          codes={field.codes}
          mode={field.multiple ? 'multiple' : undefined}
          placeholder={placeholder}
          disabled={disabled}
        />
      );
    case 'switch':
      return <Switch disabled={disabled} />;
    case 'custom':
      return field.render?.({ mode }) ?? null;
    default:
      return <Input placeholder={placeholder} maxLength={field.maxLength} disabled={disabled} />;
  }
}

function pick(row: Row, fields: readonly FormFieldDef[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f.name in row).map((f) => [f.name, row[f.name]]));
}

export interface FormDrawerProps<T extends Row> {
  form: FormDef<T>;
  /** The list's url: its pages are refreshed after a save. */
  listUrl: string;
  rowKey: string;
  /** null: closed; otherwise create, or edit of `row`. */
  state: { mode: FormMode; row?: T } | null;
  onClose: () => void;
}

/**
 * The create/edit form of a list: checked with the server's own zod schema before anything is
 * sent; a failing field shows the shared ValidationMessage text in the user's language.
 */
export function FormDrawer<T extends Row>({
  form: def,
  listUrl,
  rowKey,
  state,
  onClose,
}: FormDrawerProps<T>) {
  const { t } = useTranslation(['listPage', 'common']);
  const label = useLabel();
  const { lang } = useSettings();
  const [form] = Form.useForm<Record<string, unknown>>();
  const mode = state?.mode ?? 'create';
  const row = state?.row;
  const fields = def.fields.filter((f) => !(f.editOnly && mode === 'create'));
  const save = useAction(
    async (url: string, data: unknown, mode: FormMode, _row: T | undefined) =>
      post<unknown>(url, def.beforeSubmit ? await def.beforeSubmit(data, mode) : data),
    {
      refresh: [listQueryKey(listUrl)],
      onSuccess: (result, _url, _data, mode, row) => {
        onClose();
        def.onSaved?.(result, { mode, row });
      },
      // a refusal naming a field (409: the name is taken) also marks the field
      onError: (error) => {
        const field = errorField(error);
        if (field && fields.some((f) => f.name === field))
          form.setFields([{ name: field, errors: [(error as Error).message] }]);
      },
    },
  );
  const saving = save.pending;

  // once per opening: not again when the tab is shown again with the drawer open
  useEffectOnChange(() => {
    if (!state) return;
    form.resetFields();
    form.setFieldsValue(
      state.mode === 'edit' && state.row
        ? (def.toValues?.(state.row) ?? pick(state.row, def.fields))
        : { ...def.initialValues },
    );
  }, [state, form, def]);

  const submit = async () => {
    const values: Record<string, unknown> = {};
    for (const field of fields) {
      if (mode === 'edit' && field.createOnly) continue;
      const value = form.getFieldValue(field.name) as unknown;
      if (value !== undefined && value !== null) values[field.name] = value;
    }
    const body = def.toBody
      ? def.toBody(values, row)
      : mode === 'edit' && row
        ? { [rowKey]: row[rowKey], ...values }
        : values;
    const schema = mode === 'edit' ? def.updateSchema : def.createSchema;
    let data: unknown = body;
    if (schema) {
      const checked = validateWithSchema(schema, body, lang);
      if (checked.errors)
        return showFieldErrors(
          form,
          checked.errors,
          fields.map((f) => f.name),
        );
      data = checked.data;
    }
    const url = mode === 'edit' ? def.updateUrl : def.createUrl;
    if (url) await save.run(url, data, mode, row);
  };

  // a schema error stays until its field is edited; a change may empty the fields that depend on it
  const onValuesChange = (changed: Record<string, unknown>) => {
    const names = Object.keys(changed);
    const emptied = names.flatMap((name) => def.clears?.[name] ?? []);
    form.setFields([
      ...names.map((name) => ({ name, errors: [] })),
      ...emptied.map((name) => ({ name, value: undefined, errors: [] })),
    ]);
  };

  const title = t(mode === 'edit' ? 'editTitle' : 'createTitle');
  const body = (
    <Form
      form={form}
      name="record"
      layout="vertical"
      onValuesChange={onValuesChange}
      onFinish={() => void submit()}
      disabled={saving}
    >
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={label(field.label)}
          required={field.required}
          extra={field.extra ? label(field.extra) : undefined}
          valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
        >
          {control(field, mode, field.placeholder ? label(field.placeholder) : undefined)}
        </Form.Item>
      ))}
      {/* Enter in a field submits */}
      <button type="submit" hidden />
    </Form>
  );
  const footer = (
    <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
      <Button onClick={onClose}>{t('common:cancel')}</Button>
      <Button type="primary" loading={saving} onClick={() => void submit()}>
        {t('common:save')}
      </Button>
    </Space>
  );
  if (def.container === 'modal')
    return (
      <Modal
        open={!!state}
        title={title}
        onCancel={onClose}
        footer={footer}
        width={def.width ?? 560}
        destroyOnHidden
      >
        {body}
      </Modal>
    );
  return (
    <Drawer
      open={!!state}
      title={title}
      onClose={onClose}
      footer={footer}
      size={def.width ?? 480}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}
