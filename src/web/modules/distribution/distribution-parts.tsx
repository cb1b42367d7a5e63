import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Form, Input, Modal, Table, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PAGE_SIZES } from '../../../shared/api/common.ts';
import type { Permission } from '../../../shared/perms.ts';
import { Can } from '../../components/can.tsx';
import { KeyboardScroll } from '../../components/keyboard-scroll.tsx';
import {
  listQueryKey,
  showFieldErrors,
  useLabel,
  validateWithSchema,
  type PageResult,
} from '../../components/list-page/index.ts';
import type { Label } from '../../components/list-page/types.ts';
import { MoneyInput } from '../../components/money-input.tsx';
import { errorField, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';

export const DISTRIBUTOR_DETAIL_PATH = '/disManage/details';
export const detailPath = (id: number) => `${DISTRIBUTOR_DETAIL_PATH}?id=${id}`;

export interface PromptField {
  name: string;
  label: Label;
  kind?: 'text' | 'password' | 'money' | 'textarea';
}

/**
 * A row action that asks for a few values in a dialog, checks them with the server's schema and
 * posts them (approve, reject, confirm, credit limit, repayment, password reset).
 */
export function PromptAction({
  perm,
  text,
  title,
  hint,
  fields,
  schema,
  initialValues,
  send,
  refresh,
  onDone,
  danger,
}: {
  perm: Permission;
  text: string;
  title: string;
  hint?: ReactNode;
  fields: readonly PromptField[];
  schema: z.ZodType;
  initialValues?: Record<string, unknown>;
  /** The checked values → the request */
  send: (values: Record<string, unknown>) => Promise<unknown>;
  refresh: readonly string[];
  onDone?: () => void;
  danger?: boolean;
}) {
  const { t } = useTranslation('distribution');
  const label = useLabel();
  const { lang } = useSettings();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Record<string, unknown>>();
  const action = useAction(send, {
    refresh: refresh.map((url) => listQueryKey(url)),
    onSuccess: () => {
      setOpen(false);
      onDone?.();
    },
    onError: (error) => {
      const field = errorField(error);
      if (field) form.setFields([{ name: field, errors: [(error as Error).message] }]);
    },
  });
  const submit = () => {
    const values = form.getFieldsValue();
    const checked = validateWithSchema(schema, values, lang);
    if (checked.errors)
      return showFieldErrors(
        form,
        checked.errors,
        fields.map((f) => f.name),
      );
    void action.run(checked.data as Record<string, unknown>);
  };
  return (
    <>
      <Can perm={perm}>
        <Button type="link" size="small" danger={danger} onClick={() => (form.resetFields(), setOpen(true))}>
          {text}
        </Button>
      </Can>
      <Modal
        open={open}
        title={title}
        onCancel={() => setOpen(false)}
        onOk={submit}
        okText={t('ok')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: action.pending, danger }}
        destroyOnHidden
      >
        {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
        <Form form={form} layout="vertical" initialValues={initialValues} preserve={false}>
          {fields.map((f) => (
            <Form.Item key={f.name} name={f.name} label={label(f.label)}>
              {f.kind === 'money' ? (
                <MoneyInput />
              ) : f.kind === 'password' ? (
                <Input.Password autoComplete="new-password" />
              ) : f.kind === 'textarea' ? (
                <Input.TextArea rows={3} maxLength={200} />
              ) : (
                <Input maxLength={64} />
              )}
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  );
}

/** One distributor's records on its detail screen: a small paged table with its own page. */
export function SubList<T extends { id: number | string }>({
  url,
  params,
  columns,
}: {
  url: string;
  params: Record<string, unknown>;
  columns: TableColumnsType<T>;
}) {
  const { t } = useTranslation(['widgets', 'common']);
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const body = { ...params, ...paging };
  const query = useQuery({
    queryKey: [...listQueryKey(url), body],
    queryFn: () => post<PageResult<T>>(url, body, { silent: true }),
    placeholderData: keepPreviousData,
  });
  const { data, error, isFetching } = query;
  return (
    <KeyboardScroll>
      <Table<T>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={error ? [] : (data?.rows ?? [])}
        loading={{ spinning: isFetching, description: t('common:loading') }}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={error?.message || t('common:empty')} />
          ),
        }}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: error ? 0 : (data?.total ?? 0),
          showTotal: (total) => t('widgets:total', { total }),
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZES],
          onChange: (page, limit) => setPaging({ page: limit === paging.limit ? page : 1, limit }),
        }}
      />
    </KeyboardScroll>
  );
}
