import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Select, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { distributorApi, type DistributorOption } from '../../../shared/api/distribution.ts';
import {
  withdrawalApi,
  WithdrawalApplySchema,
  type WithdrawalTotalsSchema,
} from '../../../shared/api/withdrawals.ts';
import { WITHDRAWAL_MAX } from '../../../shared/api/withdrawals.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { WithdrawalField } from '../../../shared/dict/withdrawals.ts';
import { formatMoney } from '../../../shared/money.ts';
import { Can } from '../../components/can.tsx';
import {
  listQueryKey,
  showFieldErrors,
  useLabel,
  validateWithSchema,
  type SearchFieldDef,
  useListTotals,
  clearErrorsOnEdit,
} from '../../components/list-page/index.ts';
import type { Label } from '../../components/list-page/types.ts';
import { MoneyInput } from '../../components/money-input.tsx';
import { errorField, get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';

type Totals = z.infer<typeof WithdrawalTotalsSchema>;

/** Count and sums of the filtered withdrawals (the URL's filter), above the table. */
export function TotalsBar({ search }: { search: readonly SearchFieldDef[] }) {
  const { t } = useTranslation('withdrawals');
  const { data, isFetching } = useListTotals<Totals>(withdrawalApi.page, withdrawalApi.totals, search);
  return (
    <Space wrap aria-busy={isFetching} aria-live="polite" data-testid="withdrawal-totals">
      <Typography.Text>
        {t('totals', { count: data?.count ?? 0, amount: formatMoney(data?.amount ?? 0) })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('held', { amount: formatMoney(data?.heldAmount ?? 0) })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('paid', { amount: formatMoney(data?.paidAmount ?? 0) })}
      </Typography.Text>
    </Space>
  );
}

/** The area's distributors to choose (staff applying for one). */
function DistributorPicker(props: { value?: number; onChange?: (v: number) => void; id?: string }) {
  const { t } = useTranslation('withdrawals');
  const { data, isLoading } = useQuery({
    queryKey: [distributorApi.options],
    queryFn: () => get<DistributorOption[]>(distributorApi.options, undefined, { silent: true }),
  });
  return (
    <Select
      id={props.id}
      value={props.value}
      onChange={props.onChange}
      loading={isLoading}
      showSearch
      optionFilterProp="label"
      notFoundContent={t('noDistributors')}
      options={(data ?? []).map((d) => ({ value: d.id, label: d.company }))}
    />
  );
}

const APPLY_FIELDS = ['distributorId', 'amount', 'bankName', 'bankAccount', 'accountName', 'remark'];

/**
 * "Request withdrawal": a distributor's account for itself, staff holding admin:haul:apply for
 * the distributor they choose. The amount is typed in yuan and sent in cents.
 */
export function ApplyButton({ chooseDistributor }: { chooseDistributor: boolean }) {
  const { t } = useTranslation(['withdrawals', 'common']);
  const label = useLabel();
  const { lang } = useSettings();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Record<string, unknown>>();
  const apply = useAction((body: unknown) => post(withdrawalApi.apply, body), {
    refresh: [listQueryKey(withdrawalApi.page)],
    onSuccess: () => setOpen(false),
    onError: (error) => {
      const name = errorField(error);
      if (name && APPLY_FIELDS.includes(name)) form.setFields([{ name, errors: [(error as Error).message] }]);
    },
  });
  const submit = () => {
    const values = Object.fromEntries(
      Object.entries(form.getFieldsValue()).filter(([, v]) => v !== undefined && v !== null && v !== ''),
    );
    const checked = validateWithSchema(WithdrawalApplySchema, values, lang);
    if (checked.errors) return showFieldErrors(form, checked.errors, APPLY_FIELDS);
    if (chooseDistributor && !values.distributorId)
      return form.setFields([{ name: 'distributorId', errors: [ValidationMessage.required[lang]] }]);
    void apply.run(checked.data);
  };
  const item = (name: string, fieldLabel: Label, control: ReactNode, required = true) => (
    <Form.Item name={name} label={label(fieldLabel)} required={required}>
      {control}
    </Form.Item>
  );
  return (
    <>
      <Can perm="admin:haul:apply">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => (form.resetFields(), setOpen(true))}>
          {t('apply')}
        </Button>
      </Can>
      <Drawer
        open={open}
        title={t('applyTitle')}
        onClose={() => setOpen(false)}
        size={480}
        destroyOnHidden
        footer={
          <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
            <Button onClick={() => setOpen(false)}>{t('common:cancel')}</Button>
            <Button type="primary" loading={apply.pending} onClick={submit}>
              {t('submit')}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('applyHint')}</Typography.Paragraph>
        <Form
          form={form}
          name="withdrawal"
          layout="vertical"
          disabled={apply.pending}
          onFinish={submit}
          onValuesChange={clearErrorsOnEdit(form)}
        >
          {chooseDistributor && item('distributorId', WithdrawalField.distributor, <DistributorPicker />)}
          {item('amount', WithdrawalField.amount, <MoneyInput min={1} max={WITHDRAWAL_MAX} />)}
          {item('bankName', WithdrawalField.bankName, <Input maxLength={50} />)}
          {item('bankAccount', WithdrawalField.bankAccount, <Input maxLength={32} inputMode="numeric" />)}
          {item('accountName', WithdrawalField.accountName, <Input maxLength={50} />)}
          {item(
            'remark',
            WithdrawalField.remark,
            <Input.TextArea rows={3} maxLength={200} showCount />,
            false,
          )}
          <button type="submit" hidden />
        </Form>
      </Drawer>
    </>
  );
}
