import { Alert, Button, Card, Col, Form, Input, Radio, Row, Select, Space, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  INVOICE_SECRET_FIELDS,
  invoiceSettingApi,
  InvoiceIssuerSaveSchema,
  type InvoiceIssuerTestAnswer,
  type InvoiceIssuerView,
  type InvoiceSettings,
} from '../../../shared/api/invoice-settings.ts';
import {
  INVOICE_ISSUER_KIND,
  InvoiceIssuerKind,
  InvoiceIssuingMode,
  InvoiceLineKind,
  InvoiceProvider,
  InvoiceTestHint,
  type InvoiceGoodsCode,
  type InvoiceIssuerKindCode,
} from '../../../shared/dict/invoices.ts';
import { dictOptions } from '../../components/dict-select.tsx';
import { clearErrorsOnEdit, showFieldErrors, validateWithSchema } from '../../components/list-page/index.ts';
import { SaveResetButtons } from '../../components/save-reset-buttons.tsx';
import { KEEP_SECRET, putSecrets, SecretField, type SecretValue } from '../../components/secret-field.tsx';
import { SellerContactFields, SellerIdFields } from '../../components/seller-fields.tsx';
import { errorField, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';
import { checkRules, rulesValues, TaxRuleRows, type RulesValues } from './invoice-tax-rules.tsx';

/** The kinds of goods each issuer invoices (docs/domain.md "E-invoices"). */
export const ISSUER_GOODS: Record<InvoiceIssuerKindCode, readonly InvoiceGoodsCode[]> = {
  1: ['ticket', 'card', 'settlement'],
  2: ['shop'],
};

const PLAIN = [
  'name',
  'taxId',
  'address',
  'phone',
  'bankName',
  'bankAccount',
  'mode',
  'lineKind',
  'seriesCode',
  'provider',
  'providerUrl',
  'appKey',
  'enabled',
  'remarks',
] as const;
export const ISSUER_FIELDS = [...PLAIN, ...INVOICE_SECRET_FIELDS] as readonly string[];

type Plain = Pick<InvoiceIssuerView, (typeof PLAIN)[number]>;
export type IssuerValues = Plain & { appSecret: SecretValue; accessToken: SecretValue; rules: RulesValues };

const toValues = (issuer: InvoiceIssuerView): IssuerValues => ({
  ...(Object.fromEntries(PLAIN.map((f) => [f, issuer[f]])) as Plain),
  appSecret: KEEP_SECRET,
  accessToken: KEEP_SECRET,
  rules: rulesValues(issuer.taxRules, ISSUER_GOODS[issuer.kind as InvoiceIssuerKindCode]),
});

/** What the save sends: a secret only when replaced (typed) or named in `clear`; empty rules left out. */
export function issuerBody(
  kind: InvoiceIssuerKindCode,
  values: IssuerValues,
  rules: Record<string, unknown>,
) {
  const body: Record<string, unknown> = { kind, taxRules: rules };
  for (const f of PLAIN) body[f] = values[f] ?? (f === 'enabled' ? false : '');
  return putSecrets(body, values, INVOICE_SECRET_FIELDS);
}

/** The shop issuer's seller: read from /shop/storeInvoiceSet, entered there. */
function ShopSeller({ seller }: { seller: InvoiceSettings['shopSeller'] }) {
  const { t } = useTranslation('invoiceSetting');
  const link = <Link to="/shop/storeInvoiceSet">{t('shopSellerLink')}</Link>;
  return seller ? (
    <Alert
      type="info"
      title={`${t('shopSeller')}: ${seller.name} · ${seller.taxId}`}
      action={link}
      style={{ marginBottom: 16 }}
    />
  ) : (
    <Alert
      type="warning"
      showIcon
      title={t('shopSellerMissing')}
      action={link}
      style={{ marginBottom: 16 }}
    />
  );
}

/** The answer of "test connection": the hint in the user's language, the platform's own words beside. */
function TestAnswer({ answer }: { answer: InvoiceIssuerTestAnswer }) {
  const { t } = useTranslation('invoiceSetting');
  const { lang } = useSettings();
  return (
    <Alert
      style={{ marginTop: 16 }}
      type={answer.ok ? 'success' : 'error'}
      showIcon
      title={answer.ok ? t('testOk') : t('testFailed')}
      description={
        <>
          <div>{InvoiceTestHint[answer.hint][lang]}</div>
          <Typography.Text type="secondary">
            {[answer.code, answer.providerMessage].filter(Boolean).join(': ')}
          </Typography.Text>
        </>
      }
      data-testid="invoice-test-answer"
    />
  );
}

/** One issuer's block of /invoice/invoiceSetting: seller, provider and credentials, mode, rules, series. */
export function IssuerCard({
  issuer,
  shopSeller,
  allowed,
  refresh,
}: {
  issuer: InvoiceIssuerView;
  shopSeller: InvoiceSettings['shopSeller'];
  allowed: boolean;
  refresh: readonly unknown[];
}) {
  const { t } = useTranslation('invoiceSetting');
  const { lang } = useSettings();
  const kind = issuer.kind as InvoiceIssuerKindCode;
  const [form] = Form.useForm<IssuerValues>();
  const [tested, setTested] = useState<InvoiceIssuerTestAnswer | null>(null);
  useEffectOnChange(() => form.setFieldsValue(toValues(issuer)), [issuer]);

  const save = useAction((body: unknown) => post<InvoiceSettings>(invoiceSettingApi.save, body), {
    refresh: [refresh],
    onError: (error) => {
      const field = errorField(error);
      if (field)
        (form as FormInstance).setFields([{ name: field.split('.'), errors: [(error as Error).message] }]);
    },
  });
  const test = useAction(() => post<InvoiceIssuerTestAnswer>(invoiceSettingApi.test, { kind }), {
    success: false,
    onSuccess: setTested,
  });

  const submit = () => {
    const values = form.getFieldsValue(true) as IssuerValues;
    const { rules, errors } = checkRules(ISSUER_GOODS[kind], values.rules, lang);
    const checked = validateWithSchema(InvoiceIssuerSaveSchema, issuerBody(kind, values, rules), lang);
    (form as FormInstance).setFields(errors);
    if (checked.errors) showFieldErrors(form, checked.errors, ISSUER_FIELDS);
    if (errors.length || checked.errors) return;
    void save.run(checked.data);
  };

  return (
    <Card
      title={InvoiceIssuerKind[kind][lang]}
      extra={
        <Typography.Text type="secondary">
          {issuer.updateTime
            ? `${t('updatedBy')}: ${issuer.updatedBy ?? ''} ${dayjs(issuer.updateTime).format('YYYY-MM-DD HH:mm:ss')}`
            : t('neverSaved')}
        </Typography.Text>
      }
      data-testid={`invoice-issuer-${kind}`}
    >
      <Form<IssuerValues>
        form={form}
        name={`invoiceIssuer${kind}`}
        layout="vertical"
        disabled={!allowed || save.pending}
        onFinish={submit}
        onValuesChange={clearErrorsOnEdit(form)}
        style={{ maxWidth: 960 }}
      >
        {kind === INVOICE_ISSUER_KIND.area ? (
          <>
            <SellerIdFields nameField="name" taxIdField="taxId" />
            <SellerContactFields />
          </>
        ) : (
          <ShopSeller seller={shopSeller} />
        )}
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="mode" label={t('mode')}>
              <Radio.Group options={dictOptions(InvoiceIssuingMode, lang)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="lineKind" label={t('lineKind')}>
              <Select options={dictOptions(InvoiceLineKind, lang)} />
            </Form.Item>
          </Col>
        </Row>
        <TaxRuleRows goods={ISSUER_GOODS[kind]} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="seriesCode" label={t('seriesCode')} required>
              <Input maxLength={12} style={{ width: 200 }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('nextNo')}>
              <Typography.Text code>{String(issuer.nextNo).padStart(8, '0')}</Typography.Text>
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="provider" label={t('provider')}>
              <Select options={dictOptions(InvoiceProvider, lang)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="providerUrl" label={t('providerUrl')} extra={t('providerUrlHint')}>
              <Input maxLength={300} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="appKey" label={t('appKey')}>
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
          {INVOICE_SECRET_FIELDS.map((f) => (
            <Col xs={24} md={8} key={f}>
              <Form.Item name={f} label={t(f)}>
                <SecretField stored={issuer.secrets[f]} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item name="remarks" label={t('remarks')}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Space wrap>
          <SaveResetButtons saving={save.pending} onReset={() => form.setFieldsValue(toValues(issuer))} />
          <Button disabled={!allowed || !issuer.saved} loading={test.pending} onClick={() => void test.run()}>
            {t('test')}
          </Button>
        </Space>
        {tested && <TestAnswer answer={tested} />}
      </Form>
    </Card>
  );
}
