import type { QueryKey } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Permission } from '../../shared/perms.ts';
import { errorField } from '../lib/request.ts';
import { useSettings } from '../lib/settings.ts';
import { useAction } from '../lib/use-action.ts';
import { Can } from './can.tsx';
import { listQueryKey, showFieldErrors, useLabel, validateWithSchema } from './list-page/index.ts';
import type { Label } from './list-page/types.ts';
import { MoneyInput } from './money-input.tsx';

export interface FormActionProps {
  perm: Permission;
  /** The button's text. */
  text: string;
  /** The dialog's title. */
  title: string;
  /** A line above the form. */
  hint?: ReactNode;
  /** The form's field names: a complaint of the schema or the server marks the one it names. */
  fields: readonly string[];
  schema: z.ZodType;
  /** The form's values → the body the schema checks (default: the values as they are). */
  toBody?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Read every value the form holds, those of fields not rendered too (set in `onOpen`). */
  allValues?: boolean;
  /** The checked body → the request. */
  send: (body: Record<string, unknown>) => Promise<unknown>;
  /** The queries refreshed after success. */
  refresh: readonly QueryKey[];
  onDone?: () => void;
  danger?: boolean;
  testId?: string;
  /** A link in a table row (default), or a button of its own on a page. */
  link?: boolean;
  /** The form's name (its fields' ids). */
  name?: string;
  initialValues?: Record<string, unknown>;
  width?: number;
  /** When the dialog opens, after the form has been reset (e.g. fill it from the row). */
  onOpen?: (form: ReturnType<typeof Form.useForm<Record<string, unknown>>>[0]) => void;
  /** The form items. */
  children: ReactNode;
}

/**
 * A row or page action that asks for values in a dialog, checks them with the server's schema and
 * posts them (ship with a tracking number, reject with a reason, set a credit limit…); a field the
 * schema or the server names is marked, the dialog closes on success and the lists refresh.
 */
export function FormAction(props: FormActionProps) {
  const { perm, fields, danger, link = true } = props;
  const { t } = useTranslation('common');
  const { lang } = useSettings();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Record<string, unknown>>();
  const action = useAction(props.send, {
    refresh: props.refresh,
    onSuccess: () => {
      setOpen(false);
      props.onDone?.();
    },
    onError: (error) => {
      const name = errorField(error);
      if (name && fields.includes(name)) form.setFields([{ name, errors: [(error as Error).message] }]);
    },
  });
  const submit = () => {
    const values = (props.allValues ? form.getFieldsValue(true) : form.getFieldsValue()) as Record<
      string,
      unknown
    >;
    const checked = validateWithSchema(props.schema, props.toBody ? props.toBody(values) : values, lang);
    if (checked.errors) return showFieldErrors(form, checked.errors, fields);
    void action.run(checked.data as Record<string, unknown>);
  };
  return (
    <>
      <Can perm={perm}>
        <Button
          type={link ? 'link' : 'default'}
          size={link ? 'small' : 'middle'}
          danger={danger}
          data-testid={props.testId}
          onClick={() => {
            form.resetFields();
            props.onOpen?.(form);
            setOpen(true);
          }}
        >
          {props.text}
        </Button>
      </Can>
      <Modal
        open={open}
        title={props.title}
        onCancel={() => setOpen(false)}
        onOk={submit}
        okText={t('ok')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: action.pending, danger }}
        destroyOnHidden
        width={props.width}
      >
        {props.hint && <Typography.Paragraph type="secondary">{props.hint}</Typography.Paragraph>}
        <Form
          form={form}
          layout="vertical"
          name={props.name}
          initialValues={props.initialValues}
          preserve={false}
          onFinish={submit}
        >
          {props.children}
        </Form>
      </Modal>
    </>
  );
}

export interface PromptField {
  name: string;
  label: Label;
  kind?: 'text' | 'password' | 'money' | 'textarea';
  /** Default: 200 for a textarea, 64 for a text. */
  maxLength?: number;
  required?: boolean;
  /** Count the characters typed (a textarea). */
  showCount?: boolean;
}

/** The control of one field; Form.Item's id, value and onChange pass through to it. */
function PromptInput({ field, ...control }: { field: PromptField; id?: string }) {
  if (field.kind === 'money') return <MoneyInput {...control} />;
  if (field.kind === 'password') return <Input.Password {...control} autoComplete="new-password" />;
  if (field.kind === 'textarea')
    return (
      <Input.TextArea {...control} rows={3} maxLength={field.maxLength ?? 200} showCount={field.showCount} />
    );
  return <Input {...control} maxLength={field.maxLength ?? 64} />;
}

/**
 * A `FormAction` whose form is a list of plain fields (a reason, an amount, a password): approve,
 * reject, confirm, credit limit, repayment, password reset, a withdrawal's rejection or payment.
 */
export function PromptAction({
  fields,
  refresh,
  ...props
}: Omit<FormActionProps, 'fields' | 'children' | 'refresh'> & {
  fields: readonly PromptField[];
  /** The list URLs whose queries refresh after success. */
  refresh: readonly string[];
}) {
  const label = useLabel();
  return (
    <FormAction
      {...props}
      fields={fields.map((f) => f.name)}
      refresh={refresh.map((url) => listQueryKey(url))}
    >
      {fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={label(f.label)} required={f.required}>
          <PromptInput field={f} />
        </Form.Item>
      ))}
    </FormAction>
  );
}
