import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  TimePicker,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneNames } from '../../../shared/area-clock.ts';
import {
  SETTINGS_LIMITS,
  ScenicSettingsUpdateSchema,
  type ScenicSettings,
} from '../../../shared/api/settings.ts';
import {
  PrintType,
  REFUND_RULE,
  REFUND_UNIT,
  RealNameType,
  RefundRule,
  RefundUnit,
} from '../../../shared/dict/ticket.ts';
import { Can } from '../../components/can.tsx';
import { DictSelect } from '../../components/dict-select.tsx';
import { validateWithSchema } from '../../components/list-page/index.ts';
import { post, get } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { formToSettings, settingsToForm, type SettingsFormValues } from './settings-form.ts';

const BASE = '/web/api/admin/setting';
const QUERY_KEY = ['settings', 'setting'] as const;

/** Spec §2 /sys/setting: the acting scenic area's settings that later modules read. */
export default function SettingPage() {
  const { t } = useTranslation(['settings', 'common']);
  const { lang } = useSettings();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingsFormValues>();
  const [saving, setSaving] = useState(false);
  const query = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => get<ScenicSettings>(`${BASE}/query`, undefined, { silent: true }),
  });
  const { data, error, isPending, refetch } = query;

  useEffect(() => {
    if (data) form.setFieldsValue(settingsToForm(data));
  }, [data, form]);

  const zones = useMemo(() => {
    const names = timeZoneNames();
    if (data && !names.includes(data.timeZone)) names.unshift(data.timeZone);
    return names.map((name) => ({ value: name, label: name }));
  }, [data]);
  const refundRule = Form.useWatch('refundRule', form);
  const feeUnit = Form.useWatch('refundFeeUnit', form);

  const save = async () => {
    const values = form.getFieldsValue(true) as SettingsFormValues;
    const checked = validateWithSchema(ScenicSettingsUpdateSchema, formToSettings(values), lang);
    if (checked.errors) {
      form.setFields(
        checked.errors.map((e) => ({ name: e.name as keyof SettingsFormValues, errors: [e.message] })),
      );
      return;
    }
    setSaving(true);
    try {
      await post(`${BASE}/update`, checked.data);
      void message.success(t('common:success'));
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  if (isPending)
    return (
      <Card>
        <Spin />
      </Card>
    );
  if (error || !data)
    return (
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={error?.message || t('common:loadFailed')}>
          <Button onClick={() => void refetch()}>{t('common:retry')}</Button>
        </Empty>
      </Card>
    );

  const conditional = refundRule === REFUND_RULE.conditional;
  const refundable = refundRule !== REFUND_RULE.none;
  const percent = feeUnit === REFUND_UNIT.percent;

  return (
    <Card>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'scenic', label: t('scenicName'), children: data.scenicName },
          {
            key: 'saved',
            label: t('savedState'),
            children: data.saved ? <Tag color="success">{t('saved')}</Tag> : <Tag>{t('defaults')}</Tag>,
          },
          {
            key: 'updateTime',
            label: t('updateTime'),
            children: data.updateTime ? dayjs(data.updateTime).format('YYYY-MM-DD HH:mm:ss') : '-',
          },
        ]}
      />
      <Can perm="admin:setting:update">
        {(allowed) => (
          <Form<SettingsFormValues>
            form={form}
            name="settings"
            layout="vertical"
            // a control's own disabled wins over the form's, so each conditional one repeats !allowed
            disabled={!allowed || saving}
            onFinish={() => void save()}
            style={{ maxWidth: 960 }}
          >
            <Row gutter={24}>
              <Col xs={24} md={12}>
                <Form.Item name="contact" label={t('contact')}>
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="phone" label={t('phone')}>
                  <Input maxLength={30} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="openTime" label={t('openTime')} required>
                  <TimePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="closeTime" label={t('closeTime')} required>
                  <TimePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="timeZone" label={t('timeZone')} extra={t('timeZoneHint')} required>
                  <Select showSearch options={zones} style={{ maxWidth: 444 }} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="notice" label={t('notice')}>
                  <Input.TextArea rows={4} maxLength={SETTINGS_LIMITS.notice} showCount />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="refundRule" label={t('refundRule')} required>
                  <DictSelect dict={RefundRule} allowClear={false} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="refundDeadlineHours"
                  label={t('refundDeadlineHours')}
                  extra={t('refundDeadlineHint')}
                >
                  <InputNumber
                    min={0}
                    max={SETTINGS_LIMITS.refundDeadlineHours}
                    precision={0}
                    disabled={!allowed || !conditional}
                    suffix={t('hours')}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="refundFeeUnit" label={t('refundFeeUnit')}>
                  <DictSelect dict={RefundUnit} allowClear={false} disabled={!allowed || !refundable} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="refundFeeValue" label={t('refundFeeValue')}>
                  <InputNumber
                    min={0}
                    max={percent ? 100 : SETTINGS_LIMITS.refundFeeCents / 100}
                    precision={percent ? 0 : 2}
                    step={percent ? 1 : 0.01}
                    disabled={!allowed || !refundable}
                    suffix={percent ? '%' : t('yuan')}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="realNameType" label={t('realNameType')} required>
                  <DictSelect dict={RealNameType} allowClear={false} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="printType" label={t('printType')} required>
                  <DictSelect dict={PrintType} allowClear={false} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="acceptLatePayment"
                  label={t('acceptLatePayment')}
                  extra={t('acceptLatePaymentHint')}
                  valuePropName="checked"
                >
                  <Switch />
                </Form.Item>
              </Col>
            </Row>
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                {t('common:save')}
              </Button>
              <Button htmlType="button" onClick={() => form.setFieldsValue(settingsToForm(data))}>
                {t('common:reset')}
              </Button>
            </Space>
          </Form>
        )}
      </Can>
    </Card>
  );
}
