import { Button, Drawer, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Permission } from '../../../shared/perms.ts';
import { Can } from '../../components/can.tsx';
import { DateRangePicker } from '../../components/date-pickers.tsx';
import { validateWithSchema } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { rangeFields, SaleStatusRadio, showErrors, WeekdayChecks } from './inventory-widgets.tsx';

/** The values every bulk edit has: the days (a range and the weekdays within it) and the sale status. */
export interface BulkDays {
  range?: [Dayjs | null, Dayjs | null] | null;
  weekdays?: number[];
  /** undefined: left as it is */
  status?: number;
}

export interface BulkDrawerProps<V extends BulkDays> {
  open: boolean;
  title: string;
  perm: Permission;
  /** POST the checked body → { created, updated }. */
  url: string;
  schema: z.ZodType;
  /** The request body of the form's values, besides from, to, weekdays and status. */
  toBody: (values: V) => Record<string, unknown>;
  /** Form fields a schema complaint may name (the first takes any other; from/to go to the range). */
  fields: string[];
  initialValues?: Partial<V>;
  onClose: () => void;
  onSaved: () => void;
  /** The form items between the days and the status. */
  children: ReactNode;
}

/**
 * A bulk edit of days (price calendar, public stock): a date range and weekdays, then the caller's
 * fields; checked with the server's schema, saved, and the count of days created and updated shown.
 */
export function BulkDrawer<V extends BulkDays>({
  open,
  title,
  perm,
  url,
  schema,
  toBody,
  fields,
  initialValues,
  onClose,
  onSaved,
  children,
}: BulkDrawerProps<V>) {
  const { t } = useTranslation(['inventory', 'common']);
  const { lang } = useSettings();
  const [form] = Form.useForm<V>();
  const save = useAction((body: unknown) => post<{ created: number; updated: number }>(url, body), {
    success: (result) => t('bulkResult', result),
    onSuccess: onSaved,
  });

  const submit = () => {
    const v = form.getFieldsValue(true) as V;
    const body = {
      ...toBody(v),
      ...rangeFields(v.range),
      weekdays: v.weekdays ?? [],
      ...(v.status === undefined ? {} : { status: v.status }),
    };
    const checked = validateWithSchema(schema, body, lang);
    if (checked.errors) return showErrors(form, checked.errors, fields);
    void save.run(checked.data);
  };

  return (
    <Drawer
      open={open}
      title={title}
      onClose={onClose}
      size={520}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Can perm={perm}>
            <Button type="primary" loading={save.pending} onClick={submit}>
              {t('common:save')}
            </Button>
          </Can>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ weekdays: [0, 1, 2, 3, 4, 5, 6], ...initialValues }}
      >
        <Form.Item name="range" label={t('dateRange')} required>
          <DateRangePicker allowFuture shortcuts={false} rangeLimitMs={null} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="weekdays" label={t('weekdays')} required>
          <WeekdayChecks />
        </Form.Item>
        {children}
        <Form.Item name="status" label={t('status')}>
          <SaleStatusRadio allowKeep />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
