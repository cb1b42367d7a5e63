import { Alert, Button, Card, Col, Form, Input, Row, Switch, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { smsApi, SmsPlatformUpdateSchema, type SmsPlatformSetting } from '../../../shared/api/messaging.ts';
import { SmsField, SmsPlatform } from '../../../shared/dict/messaging.ts';
import { Can } from '../../components/can.tsx';
import { clearErrorsOnEdit, validateWithSchema } from '../../components/list-page/index.ts';
import { errorField, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';
import { KEEP_SECRET, SecretField, type SecretValue } from '../../components/secret-field.tsx';

/** The local log platform: it writes the send log and sends nothing, so it needs no credentials. */
const LOCAL_LOG = 9;
/** Tencent Cloud SMS, the one platform with an SMS app id. */
const TENCENT = 1;

const TEXT_FIELDS = ['accessKeyId', 'sdkAppId', 'region', 'endpoint', 'signName'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type CardValues = Record<TextField, string> & { enabled: boolean; secret: SecretValue };
const FORM_FIELDS: readonly string[] = [...TEXT_FIELDS, 'enabled', 'secret'];

const toValues = (p: SmsPlatformSetting): CardValues => ({
  enabled: p.enabled,
  accessKeyId: p.accessKeyId,
  sdkAppId: p.sdkAppId,
  region: p.region,
  endpoint: p.endpoint,
  signName: p.signName,
  secret: KEEP_SECRET,
});

/** What the save sends: the secret only when replaced (typed), `clearSecret` when cleared. */
export function toPlatformBody(platform: number, v: CardValues) {
  const body: Record<string, unknown> = { platform, enabled: v.enabled };
  for (const f of TEXT_FIELDS) body[f] = v[f] ?? '';
  if (v.secret?.text) body.secret = v.secret.text;
  else if (v.secret?.clear) body.clearSecret = true;
  return body;
}

// the server names `platform` when the platform cannot be enabled: the switch is where it shows
const fieldOf = (name: string) => (name === 'platform' ? 'enabled' : name) as keyof CardValues;

function UpdateTime({ time }: { time: string | null }) {
  const { t } = useTranslation('messaging');
  if (!time) return null;
  return (
    <Typography.Text type="secondary">
      {t('updated')}: {dayjs(time).format('YYYY-MM-DD HH:mm:ss')}
    </Typography.Text>
  );
}

/** The credentials and address of a platform that sends (Alibaba, Tencent). */
function CredentialFields({ setting, disabled }: { setting: SmsPlatformSetting; disabled: boolean }) {
  const { t } = useTranslation('messaging');
  const { lang } = useSettings();
  const label = (f: keyof typeof SmsField) => SmsField[f][lang];
  return (
    <Row gutter={16}>
      <Col xs={24} md={12} xl={8}>
        <Form.Item name="accessKeyId" label={label('accessKeyId')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Form.Item name="secret" label={label('secret')}>
          <SecretField stored={setting.secretSet} disabled={disabled} />
        </Form.Item>
      </Col>
      {setting.platform === TENCENT && (
        <Col xs={24} md={12} xl={8}>
          <Form.Item name="sdkAppId" label={label('sdkAppId')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} md={12} xl={8}>
        <Form.Item name="region" label={label('region')} extra={t('regionHint')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Form.Item name="endpoint" label={label('endpoint')} extra={t('endpointHint')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** One platform's card of /sys/smsconfig: enabled, credentials (the secret as set / not set), signature. */
export function SmsPlatformCard({
  setting,
  refresh,
}: {
  setting: SmsPlatformSetting;
  refresh: readonly unknown[];
}) {
  const { t } = useTranslation('messaging');
  const { lang } = useSettings();
  const [form] = Form.useForm<CardValues>();
  // filled once per answer, never on a tab's return (docs/adding-a-screen.md)
  useEffectOnChange(() => form.setFieldsValue(toValues(setting)), [setting]);
  const save = useAction((body: unknown) => post<SmsPlatformSetting>(smsApi.platform, body), {
    refresh: [refresh],
    onError: (error) => {
      const field = errorField(error);
      if (field) form.setFields([{ name: fieldOf(field), errors: [(error as Error).message] }]);
    },
  });
  const title = SmsPlatform[setting.platform][lang];

  if (!setting.available)
    return (
      <Card
        title={title}
        size="small"
        extra={<Tag>{t('unavailable')}</Tag>}
        data-testid={`sms-platform-${setting.platform}`}
      >
        <Typography.Text type="secondary">{t('unavailableHint')}</Typography.Text>
      </Card>
    );

  const submit = () => {
    const body = toPlatformBody(setting.platform, form.getFieldsValue(true) as CardValues);
    const checked = validateWithSchema(SmsPlatformUpdateSchema, body, lang);
    if (checked.errors)
      return form.setFields(
        checked.errors
          .filter((e) => FORM_FIELDS.includes(fieldOf(e.name)))
          .map((e) => ({ name: fieldOf(e.name), errors: [e.message] })),
      );
    void save.run(checked.data);
  };

  return (
    <Card
      title={title}
      extra={<UpdateTime time={setting.updateTime} />}
      data-testid={`sms-platform-${setting.platform}`}
    >
      <Can perm="admin:sms:update">
        {(allowed) => (
          <Form<CardValues>
            form={form}
            name={`smsPlatform${setting.platform}`}
            layout="vertical"
            disabled={!allowed || save.pending}
            onValuesChange={clearErrorsOnEdit(form)}
            onFinish={submit}
          >
            {setting.platform === LOCAL_LOG && (
              <Alert type="info" showIcon title={t('localHint')} style={{ marginBottom: 16 }} />
            )}
            <Row gutter={16}>
              <Col xs={24} md={12} xl={8}>
                <Form.Item name="enabled" label={SmsField.enabled[lang]} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} xl={8}>
                <Form.Item name="signName" label={SmsField.signName[lang]} extra={t('signHint')}>
                  <Input autoComplete="off" />
                </Form.Item>
              </Col>
            </Row>
            {setting.platform !== LOCAL_LOG && (
              <CredentialFields setting={setting} disabled={!allowed || save.pending} />
            )}
            <Button type="primary" htmlType="submit" loading={save.pending}>
              {t('save')}
            </Button>
          </Form>
        )}
      </Can>
    </Card>
  );
}
