import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  InputNumber,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  faceDeviceApi,
  faceEventApi,
  FaceSettingsUpdateSchema,
  type FaceDeviceRow,
  type FaceEventRow,
} from '../../../shared/api/face-devices.ts';
import type { GateOption } from '../../../shared/api/gates.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  FaceAlarmFilter,
  FaceAlarmReason,
  FaceDirection,
  FaceText,
  HEALTH_CODES,
} from '../../../shared/dict/face-devices.ts';
import { HealthCode } from '../../../shared/dict/checkin.ts';
import { TerminalOnline } from '../../../shared/dict/terminal.ts';
import { Can } from '../../components/can.tsx';
import { CheckboxGroupField } from '../../components/checkbox-group-field.tsx';
import { DictSelect } from '../../components/dict-select.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import {
  defineListPage,
  ListPage,
  showFieldErrors,
  useLabel,
  useListReload,
  validateWithSchema,
} from '../../components/list-page/index.ts';
import { get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';
import { SaveResetButtons } from '../../components/save-reset-buttons.tsx';

const FIELDS = [
  'gateId',
  'direction',
  'matchThreshold',
  'livenessCheck',
  'temperatureAlarm',
  'temperatureThreshold',
  'admittedHealthCodes',
] as const;
type FormValues = Pick<FaceDeviceRow, (typeof FIELDS)[number]>;

const toForm = (row: FaceDeviceRow): FormValues =>
  Object.fromEntries(FIELDS.map((k) => [k, row[k]])) as FormValues;

/** The settings form of one device. */
function SettingsForm({ device }: { device: FaceDeviceRow }) {
  const { t } = useTranslation(['faceDevices', 'common']);
  const label = useLabel();
  const { lang } = useSettings();
  const [form] = Form.useForm<FormValues>();
  const gates = useQuery({
    queryKey: [faceDeviceApi.gates],
    queryFn: () => get<GateOption[]>(faceDeviceApi.gates, undefined, { silent: true }),
  });
  useEffectOnChange(() => form.setFieldsValue(toForm(device)), [device, form]);
  const save = useAction((body: unknown) => post(faceDeviceApi.update, body), {
    // the device and the face device list (its threshold, gate, direction)
    refresh: [[faceDeviceApi.query, device.id], [faceDeviceApi.page]],
  });
  const submit = () => {
    const values = form.getFieldsValue(true) as FormValues;
    const body = {
      id: device.id,
      ...values,
      gateId: values.gateId ?? null,
      livenessCheck: !!values.livenessCheck,
      temperatureAlarm: !!values.temperatureAlarm,
    };
    const checked = validateWithSchema(FaceSettingsUpdateSchema, body, lang);
    if (checked.errors) return showFieldErrors(form, checked.errors, FIELDS);
    void save.run(checked.data);
  };
  return (
    <Can perm="admin:face:update">
      {(allowed) => (
        <Form<FormValues>
          form={form}
          name="faceSettings"
          layout="vertical"
          disabled={!allowed || save.pending}
          onFinish={submit}
          style={{ maxWidth: 720 }}
        >
          <Typography.Paragraph type="secondary">{t('settingsHint')}</Typography.Paragraph>
          {!allowed && <Alert type="info" title={t('readOnly')} style={{ marginBottom: 16 }} />}
          <Space wrap size="large" align="start">
            <Form.Item name="gateId" label={label(FaceText.gate)} extra={t('gateHint')}>
              <Select
                allowClear
                placeholder={t('noGate')}
                style={{ width: 220 }}
                loading={gates.isPending}
                options={(gates.data ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.code})` }))}
              />
            </Form.Item>
            <Form.Item name="direction" label={label(FaceText.direction)} required>
              <DictSelect dict={FaceDirection} allowClear={false} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item
              name="matchThreshold"
              label={label(FaceText.matchThreshold)}
              extra={t('thresholdHint')}
              required
            >
              <InputNumber min={50} max={100} precision={0} style={{ width: 140 }} />
            </Form.Item>
          </Space>
          <Space wrap size="large" align="start">
            <Form.Item name="livenessCheck" label={t('livenessCheck')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="temperatureAlarm" label={t('temperatureAlarm')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item
              name="temperatureThreshold"
              label={t('temperatureThreshold')}
              extra={t('temperatureHint')}
              required
            >
              <InputNumber min={35} max={42} step={0.1} precision={1} style={{ width: 140 }} />
            </Form.Item>
          </Space>
          <Form.Item
            name="admittedHealthCodes"
            label={t('admittedHealthCodes')}
            extra={t('admittedHint')}
            required
          >
            <CheckboxGroupField
              options={HEALTH_CODES.map((code) => ({
                value: code,
                label: dictLabel(HealthCode, code, lang),
              }))}
            />
          </Form.Item>
          <SaveResetButtons saving={save.pending} onReset={() => form.setFieldsValue(toForm(device))} />
        </Form>
      )}
    </Can>
  );
}

function useEventList(terminalId: number) {
  return useMemo(
    () =>
      defineListPage<FaceEventRow>({
        id: 'terminal.faceEvents',
        title: 'faceDevices:events',
        url: faceEventApi.page,
        exportUrl: faceEventApi.export,
        params: { terminalId },
        rowKey: 'id',
        perms: { export: 'admin:face:page' },
        defaultSort: { sort: 'time', order: 'desc' },
        search: [
          {
            kind: 'dateRange',
            name: 'time',
            label: 'faceDevices:timeRange',
            from: 'from',
            to: 'to',
            time: true,
          },
          {
            kind: 'dict',
            name: 'alarm',
            label: FaceText.alarm,
            dict: FaceAlarmFilter,
            toParam: (code) => Number(code) === 1,
          },
          { kind: 'dict', name: 'healthCode', label: FaceText.healthCode, dict: HealthCode },
        ],
        columns: [
          { key: 'time', title: FaceText.time, kind: 'dateTime', sortable: true },
          { key: 'direction', title: FaceText.direction, kind: 'dict', dict: FaceDirection },
          { key: 'matched', title: FaceText.matched, kind: 'boolean' },
          { key: 'score', title: FaceText.score, sortable: true },
          { key: 'livenessOk', title: FaceText.liveness, kind: 'boolean' },
          {
            key: 'temperature',
            title: FaceText.temperature,
            sortable: true,
            render: (v) => (v == null ? '' : (v as number).toFixed(1)),
          },
          { key: 'healthCode', title: FaceText.healthCode, kind: 'dict', dict: HealthCode },
          { key: 'personRef', title: FaceText.personRef },
          {
            key: 'alarm',
            title: FaceText.alarm,
            render: (_v, row) => <DictTag dict={FaceAlarmFilter} value={row.alarm ? 1 : 0} />,
          },
          {
            key: 'alarmReasons',
            title: FaceText.reasons,
            render: (_v, row) => (
              <>
                {row.alarmReasons.map((r) => (
                  <DictTag key={r} dict={FaceAlarmReason} value={r} fallback={<Tag>{r}</Tag>} />
                ))}
              </>
            ),
          },
        ],
      }),
    [terminalId],
  );
}

function FaceConfig({ id }: { id: number }) {
  const { t } = useTranslation('faceDevices');
  const navigate = useNavigate();
  const label = useLabel();
  const device = useQuery({
    queryKey: [faceDeviceApi.query, id],
    queryFn: () => get<FaceDeviceRow>(faceDeviceApi.query, { id }, { silent: true }),
  });
  const events = useEventList(id);
  const reloadEvents = useListReload(faceEventApi.page);
  const d = device.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card size="small">
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/terminal/faceMange')}>
            {t('back')}
          </Button>
          {d && (
            <>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {d.name}
              </Typography.Title>
              <Typography.Text type="secondary">{d.serialNo}</Typography.Text>
              <DictTag dict={TerminalOnline} value={d.online} />
              <Typography.Text>
                {label(FaceText.todayPassages)}: {d.todayPassages} · {label(FaceText.todayAlarms)}:{' '}
                {d.todayAlarms}
              </Typography.Text>
              <Button
                size="small"
                onClick={() => {
                  void device.refetch();
                  reloadEvents();
                }}
              >
                {t('refresh')}
              </Button>
            </>
          )}
        </Space>
      </Card>
      <Card size="small" title={t('settings')}>
        {device.isPending ? (
          <Spin />
        ) : d ? (
          <SettingsForm device={d} />
        ) : (
          <Empty description={t('notFound')} />
        )}
      </Card>
      {d && <ListPage definition={events} />}
    </Space>
  );
}

/** docs/product.md §2 /terminal/faceConfig?id= (hidden): one face device's settings and observations. */
export default function FaceConfigPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return <Empty />;
  return <FaceConfig key={id} id={id} />;
}
