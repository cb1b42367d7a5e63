import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Radio, Row, Space, Switch, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  storageSettingApi,
  StorageSettingUpdateSchema,
  STORE_KINDS,
  type StorageSetting,
  type StorageTestResult,
  type StoreKind as StoreKindCode,
} from '../../../shared/api/storage-settings.ts';
import { StorageField, StoreKind, StoreTestStep } from '../../../shared/dict/storage.ts';
import { validateWithSchema } from '../../components/list-page/index.ts';
import { SettingsScreen } from '../../components/settings-screen.tsx';
import { errorField, get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';

const QUERY_KEY = ['storage', 'settings'] as const;
const S3_FIELDS = ['endpoint', 'bucket', 'region', 'accessKeyId', 'publicBaseUrl'] as const;

interface FormValues {
  kind: StoreKindCode;
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretKey: string;
  publicBaseUrl: string;
  pathStyle: boolean;
}

const toValues = (s: StorageSetting): FormValues => ({
  kind: s.kind,
  endpoint: s.endpoint,
  bucket: s.bucket,
  region: s.region,
  accessKeyId: s.accessKeyId,
  secretKey: '',
  publicBaseUrl: s.publicBaseUrl,
  pathStyle: s.pathStyle,
});

/** What save and test send: the local disk alone, or the S3 fields (an empty secret keeps the stored one). */
const toBody = (v: FormValues) =>
  v.kind === 'local'
    ? { kind: 'local' }
    : {
        kind: 's3',
        ...Object.fromEntries(S3_FIELDS.map((f) => [f, v[f] ?? ''])),
        pathStyle: v.pathStyle ?? true,
        ...(v.secretKey ? { secretKey: v.secretKey } : {}),
      };

/** The S3 place: endpoint, bucket, region, keys, public base URL, path style. */
function S3Fields({ secretStored }: { secretStored: boolean }) {
  const { t } = useTranslation('storage');
  const { lang } = useSettings();
  const label = (f: keyof typeof StorageField) => StorageField[f][lang];
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="endpoint" label={label('endpoint')} extra={t('endpointHint')}>
            <Input autoComplete="off" placeholder="https://s3.example.com" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="bucket" label={label('bucket')} required>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="region" label={label('region')}>
            <Input autoComplete="off" placeholder="us-east-1" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="accessKeyId" label={label('accessKeyId')} required>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="secretKey" label={label('secretKey')}>
            <Input.Password
              autoComplete="new-password"
              placeholder={secretStored ? t('secretSet') : t('secretNotSet')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="publicBaseUrl" label={label('publicBaseUrl')} extra={t('publicHint')}>
            <Input autoComplete="off" placeholder="https://cdn.example.com" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="pathStyle" label={label('pathStyle')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}

/** The stores the installation has used and the files each holds (switching keeps them readable). */
function StoresCard({ stores }: { stores: StorageSetting['stores'] }) {
  const { t } = useTranslation('storage');
  const { lang } = useSettings();
  return (
    <Card title={t('stores')} size="small">
      <Space wrap>
        {stores.map((s) => (
          <Tag key={s.id} color={s.active ? 'blue' : undefined}>
            {StoreKind[s.kind][lang]}
            {s.bucket ? ` · ${s.bucket}` : ''} · {t('files', { count: s.files })}
            {s.active ? ` · ${t('active')}` : ''}
          </Tag>
        ))}
      </Space>
    </Card>
  );
}

/** docs/product.md §2 /sys/os: where uploaded files are kept (docs/storage.md). */
export default function ObjectStoragePage() {
  const { t } = useTranslation('storage');
  const { lang } = useSettings();
  const [form] = Form.useForm<FormValues>();
  const [tested, setTested] = useState<StorageTestResult | null>(null);
  const query = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => get<StorageSetting>(storageSettingApi.query, undefined, { silent: true }),
  });
  const { data } = query;
  // filled once per answer, never on a tab's return (docs/adding-a-screen.md)
  useEffectOnChange(() => data && form.setFieldsValue(toValues(data)), [data]);
  const kind = Form.useWatch('kind', form) ?? data?.kind;

  const onError = (error: unknown) => {
    const field = errorField(error);
    if (field) form.setFields([{ name: field as keyof FormValues, errors: [(error as Error).message] }]);
  };
  const save = useAction((body: unknown) => post<StorageSetting>(storageSettingApi.update, body), {
    refresh: [QUERY_KEY],
    onError,
  });
  const test = useAction((body: unknown) => post<StorageTestResult>(storageSettingApi.test, body), {
    success: false,
    onSuccess: setTested,
    onError,
  });
  /** Checked with the server's schema first: the fields' messages in the user's language, nothing sent. */
  const checked = () => {
    const result = validateWithSchema(StorageSettingUpdateSchema, toBody(form.getFieldsValue(true)), lang);
    if (!result.errors) return result.data;
    form.setFields(result.errors.map((e) => ({ name: e.name as keyof FormValues, errors: [e.message] })));
    return null;
  };
  const label = (f: keyof typeof StorageField) => StorageField[f][lang];

  return (
    <SettingsScreen query={query} intro={t('intro')}>
      {(data) => (
        <>
          <Card
            extra={
              data.updateTime && (
                <Typography.Text type="secondary">
                  {t('updatedBy')}: {data.updatedBy} {dayjs(data.updateTime).format('YYYY-MM-DD HH:mm:ss')}
                </Typography.Text>
              )
            }
            data-testid="storage-settings"
          >
            <Form<FormValues>
              form={form}
              name="storage"
              layout="vertical"
              disabled={save.pending}
              // a test's answer is about the values it tested: any change makes it stale
              onValuesChange={() => setTested(null)}
              onFinish={() => {
                const body = checked();
                if (body) void save.run(body);
              }}
            >
              <Form.Item name="kind" label={label('kind')}>
                <Radio.Group
                  optionType="button"
                  options={STORE_KINDS.map((k) => ({ value: k, label: StoreKind[k][lang] }))}
                />
              </Form.Item>
              {kind === 's3' && <S3Fields secretStored={data.kind === 's3' && data.secretKeySet} />}
              <Space wrap>
                <Button type="primary" htmlType="submit" loading={save.pending}>
                  {t('save')}
                </Button>
                <Button
                  loading={test.pending}
                  onClick={() => {
                    const body = checked();
                    if (body) void test.run(body);
                  }}
                >
                  {t('test')}
                </Button>
              </Space>
              {tested && (
                <Alert
                  style={{ marginTop: 16 }}
                  type={tested.ok ? 'success' : 'error'}
                  showIcon
                  message={
                    tested.ok
                      ? t('testOk', { ms: tested.ms })
                      : t('testFailed', {
                          step: tested.failedStep ? StoreTestStep[tested.failedStep][lang] : '',
                        })
                  }
                  description={
                    tested.ok ? undefined : (
                      <Typography.Text type="secondary">
                        {[tested.code, tested.message].filter(Boolean).join(': ')}
                      </Typography.Text>
                    )
                  }
                  data-testid="storage-test-answer"
                />
              )}
            </Form>
          </Card>
          <StoresCard stores={data.stores} />
        </>
      )}
    </SettingsScreen>
  );
}
