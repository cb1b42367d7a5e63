import { Alert, Button, Col, Form, Input, Row, Space, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MpAppUpdateSchema,
  subscribeApi,
  type MpAppSetting,
  type MpAppTestResult,
} from '../../../shared/api/subscriptions.ts';
import { MpState } from '../../../shared/dict/subscriptions.ts';
import { Can } from '../../components/can.tsx';
import { DictSelect } from '../../components/dict-select.tsx';
import { clearErrorsOnEdit, showFieldErrors, validateWithSchema } from '../../components/list-page/index.ts';
import { KEEP_SECRET, SecretField, type SecretValue } from '../../components/secret-field.tsx';
import { errorField, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';

interface AppValues {
  appId: string;
  secret: SecretValue;
  apiBase: string;
  state: MpAppSetting['state'];
}
const FIELDS: readonly string[] = ['appId', 'secret', 'apiBase', 'state'];

const toValues = (app: MpAppSetting): AppValues => ({
  appId: app.appId,
  secret: KEEP_SECRET,
  apiBase: app.apiBase,
  state: app.state,
});

/** What the save sends (MpAppUpdateSchema): the secret only when typed, `clearSecret` when cleared. */
const toAppBody = ({ secret, ...v }: AppValues): Record<string, unknown> => ({
  appId: v.appId ?? '',
  apiBase: v.apiBase ?? '',
  state: v.state,
  ...(secret?.text ? { secret: secret.text } : secret?.clear ? { clearSecret: true } : {}),
});

// a complaint about clearing the secret shows on the secret's control
const fieldOf = (name: string) => (name === 'clearSecret' ? 'secret' : name);

/** WeChat's answer to the test: success with its message, or the failure's code and message. */
function TestAnswer({ answer }: { answer: MpAppTestResult }) {
  const { t } = useTranslation('subscriptions');
  return (
    <Alert
      style={{ marginTop: 16 }}
      type={answer.ok ? 'success' : 'error'}
      showIcon
      title={answer.ok ? t('testOk') : t('testFailed')}
      description={
        answer.ok
          ? t('testOkHint')
          : answer.code === 'CONFIG'
            ? t('testNotSet')
            : [answer.code, answer.message].filter(Boolean).join(': ')
      }
      data-testid="mp-test-answer"
    />
  );
}

/**
 * The area's mini-program: AppID, AppSecret (set / not set, replaced or cleared), the API address
 * and the version a message opens; saved, and tested (an access token asked of WeChat).
 */
export function MpAppForm({ app, refresh }: { app: MpAppSetting; refresh: readonly unknown[] }) {
  const { t } = useTranslation('subscriptions');
  const { lang } = useSettings();
  const [form] = Form.useForm<AppValues>();
  const [tested, setTested] = useState<MpAppTestResult | null>(null);
  // filled once per answer, never on a tab's return (docs/adding-a-screen.md)
  useEffectOnChange(() => form.setFieldsValue(toValues(app)), [app]);
  const save = useAction((body: unknown) => post<MpAppSetting>(subscribeApi.app, body), {
    refresh: [refresh],
    onError: (error) => {
      const field = errorField(error);
      // the request layer has shown it: marked on its field too when the form has it
      if (field && FIELDS.includes(fieldOf(field)))
        form.setFields([{ name: fieldOf(field) as keyof AppValues, errors: [(error as Error).message] }]);
    },
  });
  const test = useAction(() => post<MpAppTestResult>(subscribeApi.testApp, {}), {
    success: false,
    onSuccess: setTested,
  });
  const submit = () => {
    const checked = validateWithSchema(MpAppUpdateSchema, toAppBody(form.getFieldsValue(true)), lang);
    if (checked.errors)
      return showFieldErrors(
        form,
        checked.errors.map((e) => ({ ...e, name: fieldOf(e.name) })),
        FIELDS,
      );
    void save.run(checked.data);
  };

  return (
    <Can perm="admin:subscribe:update">
      {(allowed) => (
        <Form<AppValues>
          form={form}
          name="mpApp"
          layout="vertical"
          disabled={!allowed || save.pending}
          // a test's answer is about what was saved when it ran: any change makes it stale
          onValuesChange={(changed: object) => {
            setTested(null);
            clearErrorsOnEdit(form)(changed);
          }}
          onFinish={submit}
          data-testid="mp-app"
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="appId" label={t('appId')}>
                <Input autoComplete="off" placeholder="wx…" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="secret" label={t('appSecret')}>
                <SecretField stored={app.secretSet} disabled={!allowed || save.pending} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="apiBase" label={t('apiBase')} extra={t('apiBaseHint')}>
                <Input autoComplete="off" placeholder="https://api.weixin.qq.com" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="state" label={t('state')}>
                <DictSelect dict={MpState} allowClear={false} />
              </Form.Item>
            </Col>
          </Row>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.pending}>
              {t('save')}
            </Button>
            <Tooltip title={t('testHint')}>
              <Button loading={test.pending} onClick={() => void test.run()}>
                {t('test')}
              </Button>
            </Tooltip>
            {app.updateTime && (
              <Typography.Text type="secondary">
                {t('updated')}: {dayjs(app.updateTime).format('YYYY-MM-DD HH:mm:ss')}
              </Typography.Text>
            )}
          </Space>
          {tested && <TestAnswer answer={tested} />}
        </Form>
      )}
    </Can>
  );
}
