import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Form, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { settingApi, ScenicSettingsUpdateSchema, type ScenicSettings } from '../../../shared/api/settings.ts';
import { Can } from '../../components/can.tsx';
import { validateWithSchema } from '../../components/list-page/index.ts';
import { get, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { SettingsFields } from './settings-fields.tsx';
import { formToSettings, settingsToForm, type SettingsFormValues } from './settings-form.ts';
import { SaveResetButtons } from '../../components/save-reset-buttons.tsx';

const QUERY_KEY = ['settings', 'setting'] as const;

/** docs/product.md §2 /sys/setting: the acting scenic area's settings that later modules read. */
export default function SettingPage() {
  const { t } = useTranslation(['settings', 'common']);
  const { lang } = useSettings();
  const [form] = Form.useForm<SettingsFormValues>();
  const query = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => get<ScenicSettings>(settingApi.query, undefined, { silent: true }),
  });
  const { data, error, isPending, refetch } = query;

  useEffect(() => {
    if (data) form.setFieldsValue(settingsToForm(data));
  }, [data, form]);

  const refundRule = Form.useWatch('refundRule', form);
  const feeUnit = Form.useWatch('refundFeeUnit', form);
  const update = useAction((body: unknown) => post(settingApi.update, body), { refresh: [QUERY_KEY] });
  const saving = update.pending;

  const save = () => {
    const values = form.getFieldsValue(true) as SettingsFormValues;
    const checked = validateWithSchema(ScenicSettingsUpdateSchema, formToSettings(values), lang);
    if (!checked.errors) return void update.run(checked.data);
    form.setFields(
      checked.errors.map((e) => ({ name: e.name as keyof SettingsFormValues, errors: [e.message] })),
    );
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
            onFinish={save}
            style={{ maxWidth: 960 }}
          >
            <SettingsFields
              allowed={allowed}
              refundRule={refundRule}
              feeUnit={feeUnit}
              timeZone={data.timeZone}
            />
            <SaveResetButtons saving={saving} onReset={() => form.setFieldsValue(settingsToForm(data))} />
          </Form>
        )}
      </Can>
    </Card>
  );
}
