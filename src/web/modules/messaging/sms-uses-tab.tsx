import { Button, Form, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { smsApi, SmsUsesUpdateSchema, type SmsSettings } from '../../../shared/api/messaging.ts';
import { SMS_USES, SmsField, SmsPlatform, SmsUse, type SmsUseCode } from '../../../shared/dict/messaging.ts';
import { Can } from '../../components/can.tsx';
import { validateWithSchema } from '../../components/list-page/index.ts';
import { toast } from '../../lib/feedback.ts';
import { post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { useEffectOnChange } from '../../lib/use-effect-on-change.ts';

/** The form's value per use: a platform, or undefined for the default. */
type UseValues = Record<`use${SmsUseCode}`, number | undefined>;
const fieldOf = (use: SmsUseCode) => `use${use}` as const;

const toValues = (uses: SmsSettings['uses']): UseValues =>
  Object.fromEntries(
    SMS_USES.map((use) => [fieldOf(use), uses.find((u) => u.use === use)?.platform]),
  ) as UseValues;

/** The whole table; a use on the default is left out (the server sends it through the first enabled platform). */
export const toUsesBody = (values: UseValues) => ({
  uses: SMS_USES.flatMap((use) => {
    const platform = values[fieldOf(use)];
    return platform == null ? [] : [{ use, platform }];
  }),
});

/** spec §9 uses: which platform sends the messages of each kind of terminal. */
export function SmsUsesTab({ settings, refresh }: { settings: SmsSettings; refresh: readonly unknown[] }) {
  const { t } = useTranslation('messaging');
  const { lang } = useSettings();
  const [form] = Form.useForm<UseValues>();
  useEffectOnChange(() => form.setFieldsValue(toValues(settings.uses)), [settings.uses]);
  const save = useAction((body: unknown) => post(smsApi.uses, body), { refresh: [refresh] });
  const options = settings.platforms.map((p) => ({
    value: p.platform,
    label: p.available
      ? SmsPlatform[p.platform][lang]
      : `${SmsPlatform[p.platform][lang]} (${t('unavailable')})`,
    disabled: !p.available,
  }));
  const submit = () => {
    const checked = validateWithSchema(SmsUsesUpdateSchema, toUsesBody(form.getFieldsValue(true)), lang);
    if (checked.errors) return toast.error(checked.errors[0]!.message);
    void save.run(checked.data);
  };
  return (
    <Can perm="admin:sms:update">
      {(allowed) => (
        <Form form={form} name="smsUses" disabled={!allowed || save.pending} onFinish={submit}>
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('usesHint')}</Typography.Text>
            <Table
              rowKey={(use) => use}
              size="middle"
              pagination={false}
              dataSource={[...SMS_USES]}
              style={{ maxWidth: 720 }}
              columns={[
                { key: 'use', title: SmsField.use[lang], render: (_, use) => SmsUse[use][lang] },
                {
                  key: 'platform',
                  title: SmsField.platform[lang],
                  render: (_, use) => (
                    <Form.Item name={fieldOf(use)} noStyle>
                      <Select
                        allowClear
                        style={{ width: '100%', minWidth: 220 }}
                        placeholder={t('useDefault')}
                        options={options}
                        aria-label={SmsUse[use][lang]}
                      />
                    </Form.Item>
                  ),
                },
              ]}
            />
            <Button type="primary" htmlType="submit" loading={save.pending}>
              {t('save')}
            </Button>
          </Space>
        </Form>
      )}
    </Can>
  );
}
