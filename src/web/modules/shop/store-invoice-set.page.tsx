import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Checkbox, Form, Input, Select, Space, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  shopStoreInvoiceApi,
  ShopStoreInvoiceSaveSchema,
  type ShopStoreInvoice,
} from '../../../shared/api/shop-store.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { SHOP_TAX_RATES, ShopInvoiceKind, ShopStoreField as F } from '../../../shared/dict/shop-store.ts';
import { Can } from '../../components/can.tsx';
import { QueryPending } from '../../components/record-state.tsx';
import {
  showFieldErrors,
  useLabel,
  validateWithSchema,
  clearErrorsOnEdit,
} from '../../components/list-page/index.ts';
import { get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';
import { SaveResetButtons } from '../../components/save-reset-buttons.tsx';
import { SellerContactFields, SellerIdFields } from '../../components/seller-fields.tsx';

const KEY = [shopStoreInvoiceApi.query] as const;

type FormValues = Omit<ShopStoreInvoice, 'updateTime'>;
const FIELDS = [
  'issuerName',
  'taxpayerId',
  'address',
  'phone',
  'bankName',
  'bankAccount',
  'invoiceKinds',
  'itemName',
  'taxCode',
  'taxRate',
  'remarks',
  'buyerMayRequest',
] as const satisfies readonly (keyof FormValues)[];

const toForm = ({ updateTime: _updateTime, ...values }: ShopStoreInvoice): FormValues => values;

/** docs/product.md §2 /shop/storeInvoiceSet: the store's invoice issuer and defaults, saved with shop:invoiceSet:edit. */
export default function StoreInvoiceSetPage() {
  const { t } = useTranslation(['shop', 'common']);
  const label = useLabel();
  const { lang } = useSettings();
  const [form] = Form.useForm<FormValues>();
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => get<ShopStoreInvoice>(shopStoreInvoiceApi.query, undefined, { silent: true }),
  });
  const { data } = query;
  useEffectOnChange(() => {
    if (data) form.setFieldsValue(toForm(data));
  }, [data, form]);
  const save = useAction((body: unknown) => post<ShopStoreInvoice>(shopStoreInvoiceApi.save, body), {
    refresh: [KEY],
  });

  const submit = () => {
    const values = form.getFieldsValue(true) as FormValues;
    const body = Object.fromEntries(FIELDS.map((k) => [k, values[k] ?? (k === 'invoiceKinds' ? [] : '')]));
    body.buyerMayRequest = !!values.buyerMayRequest;
    const checked = validateWithSchema(ShopStoreInvoiceSaveSchema, body, lang);
    if (checked.errors) return showFieldErrors(form, checked.errors, FIELDS);
    void save.run(checked.data);
  };

  if (query.error || !data) return <QueryPending query={query} />;
  return (
    <Card size="small">
      <Can perm="shop:invoiceSet:edit">
        {(allowed) => (
          <Form<FormValues>
            form={form}
            name="storeInvoiceSet"
            layout="vertical"
            disabled={!allowed || save.pending}
            onFinish={submit}
            onValuesChange={clearErrorsOnEdit(form)}
            style={{ maxWidth: 720 }}
          >
            <Typography.Paragraph type="secondary">
              {t('invoiceHint')}
              <br />
              {data.updateTime
                ? `${label(F.updateTime)}: ${dayjs(data.updateTime).format('YYYY-MM-DD HH:mm:ss')}`
                : t('invoiceNeverSaved')}
            </Typography.Paragraph>
            {!allowed && <Alert type="info" title={t('invoiceReadOnly')} style={{ marginBottom: 16 }} />}
            <SellerIdFields nameField="issuerName" taxIdField="taxpayerId" taxIdHint={t('taxpayerIdHint')} />
            <Form.Item name="invoiceKinds" label={label(F.invoiceKinds)} extra={t('invoiceKindsHint')}>
              <Checkbox.Group
                options={Object.keys(ShopInvoiceKind).map((code) => ({
                  value: Number(code),
                  label: dictLabel(ShopInvoiceKind, Number(code) as keyof typeof ShopInvoiceKind, lang),
                }))}
              />
            </Form.Item>
            <SellerContactFields />
            <Space wrap size="large" align="start">
              <Form.Item name="itemName" label={label(F.itemName)} required>
                <Input maxLength={60} style={{ width: 260 }} />
              </Form.Item>
              <Form.Item name="taxCode" label={label(F.taxCode)} required>
                <Input maxLength={19} style={{ width: 220 }} />
              </Form.Item>
              <Form.Item name="taxRate" label={label(F.taxRate)} required>
                <Select
                  style={{ width: 120 }}
                  options={SHOP_TAX_RATES.map((rate) => ({ value: rate, label: `${rate / 100}%` }))}
                />
              </Form.Item>
            </Space>
            <Form.Item name="remarks" label={label(F.remarks)}>
              <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
            <Form.Item name="buyerMayRequest" label={label(F.buyerMayRequest)} valuePropName="checked">
              <Switch />
            </Form.Item>
            <SaveResetButtons saving={save.pending} onReset={() => form.setFieldsValue(toForm(data))} />
          </Form>
        )}
      </Can>
    </Card>
  );
}
