import { Alert, Button, Form, Input, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { smsApi, SmsTemplateUpdateSchema, type SmsTemplateSetting } from '../../../shared/api/messaging.ts';
import { SmsField, SmsTemplate } from '../../../shared/dict/messaging.ts';
import { FormAction } from '../../components/form-action.tsx';
import { post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { TemplatePreview, TemplateTextInput } from './sms-template-text.tsx';

const FIELDS = ['enabled', 'templateCode', 'signName', 'content'] as const;

/** A template's edit dialog: enabled, the platform's template id, signature, text with a live preview. */
function EditTemplate({ row, refresh }: { row: SmsTemplateSetting; refresh: readonly unknown[] }) {
  const { t } = useTranslation('messaging');
  const { lang } = useSettings();
  const label = (f: keyof typeof SmsField) => SmsField[f][lang];
  return (
    <FormAction
      perm="admin:sms:update"
      text={t('edit')}
      title={t('editTitle', { name: SmsTemplate[row.template][lang] })}
      hint={row.declared ? undefined : <Alert type="warning" showIcon title={t('notDeclaredHint')} />}
      fields={FIELDS}
      schema={SmsTemplateUpdateSchema}
      toBody={(values) => ({ ...values, template: row.template })}
      send={(body) => post<SmsTemplateSetting>(smsApi.template, body)}
      refresh={[refresh]}
      name={`smsTemplate${row.template}`}
      width={680}
      testId={`sms-template-edit-${row.template}`}
      onOpen={(form) =>
        form.setFieldsValue({
          enabled: row.enabled,
          templateCode: row.templateCode,
          signName: row.signName,
          content: row.content,
        })
      }
    >
      <Space size="large" align="start" wrap>
        <Form.Item name="enabled" label={label('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="templateCode" label={label('templateCode')}>
          <Input autoComplete="off" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="signName" label={label('signName')} extra={t('templateSignHint')}>
          <Input autoComplete="off" style={{ width: 220 }} />
        </Form.Item>
      </Space>
      <Form.Item name="content" label={label('content')} required>
        <TemplateTextInput variables={row.variables} />
      </Form.Item>
      <TemplatePreview variables={row.variables} declared={row.declared} />
    </FormAction>
  );
}

/** The ten templates of spec §9: their state, platform id and text; edit, and their messages in the log. */
export function SmsTemplatesTab({
  templates,
  refresh,
}: {
  templates: readonly SmsTemplateSetting[];
  refresh: readonly unknown[];
}) {
  const { t } = useTranslation('messaging');
  const { lang } = useSettings();
  const navigate = useNavigate();
  const columns: ColumnsType<SmsTemplateSetting> = [
    {
      key: 'template',
      title: SmsField.template[lang],
      width: 230,
      render: (_, row) => (
        <Space size={4} wrap>
          {SmsTemplate[row.template][lang]}
          {!row.declared && <Tag>{t('notDeclared')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'enabled',
      title: SmsField.enabled[lang],
      width: 90,
      render: (_, row) => (row.enabled ? <Tag color="success">{t('on')}</Tag> : <Tag>{t('off')}</Tag>),
    },
    { key: 'templateCode', dataIndex: 'templateCode', title: SmsField.templateCode[lang], width: 150 },
    {
      key: 'content',
      dataIndex: 'content',
      title: SmsField.content[lang],
      ellipsis: { showTitle: false },
      render: (content: string) => (
        <Tooltip title={content} placement="topLeft">
          <Typography.Text>{content}</Typography.Text>
        </Tooltip>
      ),
    },
    {
      key: 'actions',
      title: t('actions'),
      width: 170,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <EditTemplate row={row} refresh={refresh} />
          <Button
            type="link"
            size="small"
            data-testid={`sms-template-log-${row.template}`}
            onClick={() => void navigate(`/sys/smsDetailPage?template=${row.template}`)}
          >
            {t('viewLog')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Table<SmsTemplateSetting>
      rowKey="template"
      size="middle"
      columns={columns}
      dataSource={[...templates]}
      pagination={false}
      tableLayout="fixed"
      scroll={{ x: 1000 }}
    />
  );
}
