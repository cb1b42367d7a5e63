import { Alert, Button, Card, Col, Form, Input, Row, Space, Switch, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  paymentSettingApi,
  PaymentSettingUpdateSchema,
  SECRET_FIELDS,
  type PaymentSetting,
  type PaymentTestResult,
  type SecretField,
} from '../../../shared/api/payments.ts';
import { PayWay } from '../../../shared/dict/order.ts';
import { PaymentField, PayTestHint } from '../../../shared/dict/payments.ts';
import { validateWithSchema } from '../../components/list-page/index.ts';
import { errorField, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';
import { putSecrets, SecretField as SecretInput, type SecretValue } from '../../components/secret-field.tsx';

const PLAIN = ['merchantId', 'appId', 'gatewayUrl', 'certSerial', 'providerKeySerial'] as const;
type CardValues = Record<(typeof PLAIN)[number], string> &
  Record<SecretField, SecretValue> & { enabled: boolean; sandbox: boolean };

const toValues = (way: PaymentSetting): CardValues => ({
  enabled: way.enabled,
  sandbox: way.sandbox,
  ...(Object.fromEntries(PLAIN.map((f) => [f, way[f]])) as Record<(typeof PLAIN)[number], string>),
  ...(Object.fromEntries(SECRET_FIELDS.map((f) => [f, { text: null, clear: false }])) as Record<
    SecretField,
    SecretValue
  >),
});

/** What the save sends: a secret only when replaced (typed text), or named in `clear`. */
export function toBody(payWay: number, values: CardValues) {
  const body: Record<string, unknown> = { payWay, enabled: values.enabled, sandbox: values.sandbox };
  for (const f of PLAIN) body[f] = values[f] ?? '';
  return putSecrets(body, values, SECRET_FIELDS);
}

/** One online pay way's block of /sys/payMentSet. */
export function PayWayCard({
  way,
  allowed,
  refresh,
}: {
  way: PaymentSetting;
  allowed: boolean;
  refresh: readonly unknown[];
}) {
  const { t } = useTranslation(['payments', 'common']);
  const { lang } = useSettings();
  const [form] = Form.useForm<CardValues>();
  const [tested, setTested] = useState<PaymentTestResult | null>(null);
  // filled once per answer, never on a tab's return (docs/adding-a-screen.md)
  useEffectOnChange(() => form.setFieldsValue(toValues(way)), [way]);

  const save = useAction((body: unknown) => post<PaymentSetting>(paymentSettingApi.update, body), {
    refresh: [refresh],
    onError: (error) => {
      const field = errorField(error);
      if (field) form.setFields([{ name: field as keyof CardValues, errors: [(error as Error).message] }]);
    },
  });
  const test = useAction(() => post<PaymentTestResult>(paymentSettingApi.test, { payWay: way.payWay }), {
    success: false,
    onSuccess: setTested,
  });

  const submit = () => {
    const body = toBody(way.payWay, form.getFieldsValue(true) as CardValues);
    const checked = validateWithSchema(PaymentSettingUpdateSchema, body, lang);
    if (checked.errors)
      return form.setFields(
        checked.errors.map((e) => ({ name: e.name as keyof CardValues, errors: [e.message] })),
      );
    void save.run(checked.data);
  };
  const label = (f: keyof typeof PaymentField) => PaymentField[f][lang];

  return (
    <Card
      title={PayWay[way.payWay as keyof typeof PayWay]?.[lang]}
      extra={
        way.updateTime && (
          <Typography.Text type="secondary">
            {t('updatedBy')}: {way.updatedBy} {dayjs(way.updateTime).format('YYYY-MM-DD HH:mm:ss')}
          </Typography.Text>
        )
      }
      data-testid={`pay-way-${way.payWay}`}
    >
      <Form<CardValues>
        form={form}
        name={`payWay${way.payWay}`}
        layout="vertical"
        disabled={!allowed || save.pending}
        onFinish={submit}
      >
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="enabled" label={label('enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="sandbox" label={label('sandbox')} valuePropName="checked">
              <Switch checkedChildren={label('sandbox')} unCheckedChildren={t('live')} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          {PLAIN.map((f) => (
            <Col xs={24} md={12} key={f}>
              <Form.Item name={f} label={label(f)}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Row gutter={16}>
          {SECRET_FIELDS.map((f) => (
            <Col xs={24} md={12} key={f}>
              <Form.Item name={f} label={label(f)}>
                <SecretInput stored={way.secrets[f]} pem={f !== 'apiKey'} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item label={label('notifyUrl')} extra={t('notifyHint')}>
          <Typography.Text copyable code>
            {way.notifyUrl}
          </Typography.Text>
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.pending}>
            {t('save')}
          </Button>
          <Button disabled={!allowed} loading={test.pending} onClick={() => void test.run()}>
            {t('test')}
          </Button>
          {!way.adapter && <Tag>{t('noAdapter')}</Tag>}
        </Space>
        {tested && (
          <Alert
            style={{ marginTop: 16 }}
            type={tested.ok ? 'success' : 'error'}
            showIcon
            message={tested.ok ? t('testOk') : t('testFailed')}
            description={
              <>
                {tested.hint && <div>{PayTestHint[tested.hint][lang]}</div>}
                <Typography.Text type="secondary">
                  {[tested.code, tested.providerMessage].filter(Boolean).join(': ')}
                </Typography.Text>
              </>
            }
            data-testid="pay-test-answer"
          />
        )}
      </Form>
    </Card>
  );
}
