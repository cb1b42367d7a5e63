import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  subscribeApi,
  type SubscribeSettings,
  type SubscribeTemplate,
} from '../../../shared/api/subscriptions.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { MessageVariable } from '../../../shared/dict/messaging.ts';
import { SubscribeField, SubscribeType, SubscribeUse } from '../../../shared/dict/subscriptions.ts';
import { Can } from '../../components/can.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import { TemplateDrawer, toTemplateBody, toTemplateValues, type DrawerState } from './template-drawer.tsx';

type Refresh = readonly unknown[];

/** Enabled, switched in the table: saved through update with the template's whole body. */
function EnabledSwitch({ row, refresh }: { row: SubscribeTemplate; refresh: Refresh }) {
  const toggle = useAction(
    (enabled: boolean) =>
      post<SubscribeTemplate>(
        subscribeApi.update,
        toTemplateBody({ ...toTemplateValues(row), enabled }, row.id),
      ),
    { refresh: [refresh] },
  );
  return (
    <Can perm="admin:subscribe:update">
      <Switch
        size="small"
        checked={row.enabled}
        loading={toggle.pending}
        onChange={(enabled) => void toggle.run(enabled)}
        data-testid={`subscribe-enabled-${row.id}`}
      />
    </Can>
  );
}

/** The field mapping as small tags: `thing1 ← 商品`. */
function FieldTags({ fields }: { fields: SubscribeTemplate['fields'] }) {
  const { lang } = useSettings();
  return (
    <Flex wrap gap={4}>
      {fields.map((f) => (
        <Tag key={f.key} style={{ marginInlineEnd: 0 }}>
          {f.key} ← {dictLabel(MessageVariable, f.variable, lang)}
        </Tag>
      ))}
    </Flex>
  );
}

function RowActions({
  row,
  refresh,
  onEdit,
}: {
  row: SubscribeTemplate;
  refresh: Refresh;
  onEdit: () => void;
}) {
  const { t } = useTranslation('subscriptions');
  return (
    <Space size={0}>
      <Can perm="admin:subscribe:update">
        <Button type="link" size="small" onClick={onEdit} data-testid={`subscribe-edit-${row.id}`}>
          {t('edit')}
        </Button>
      </Can>
      <ConfirmAction
        perm="admin:subscribe:update"
        title={t('deleteConfirm', { title: row.title })}
        description={t('deleteHint')}
        okDanger
        action={() => post(subscribeApi.delete, { id: row.id })}
        refresh={[refresh]}
        button={{ type: 'link', size: 'small', danger: true, 'data-testid': `subscribe-delete-${row.id}` }}
      >
        {t('delete')}
      </ConfirmAction>
    </Space>
  );
}

function useColumns(
  refresh: Refresh,
  onEdit: (row: SubscribeTemplate) => void,
): ColumnsType<SubscribeTemplate> {
  const { t } = useTranslation('subscriptions');
  const { lang } = useSettings();
  const label = (f: keyof typeof SubscribeField) => SubscribeField[f][lang];
  return [
    { key: 'title', dataIndex: 'title', title: label('title'), width: 160 },
    {
      key: 'wxTemplateId',
      title: label('wxTemplateId'),
      width: 220,
      render: (_, row) => (
        <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
          {row.wxTemplateId}
        </Typography.Text>
      ),
    },
    {
      key: 'type',
      title: label('type'),
      width: 110,
      render: (_, row) => <DictTag dict={SubscribeType} value={row.type} />,
    },
    { key: 'use', title: label('use'), width: 130, render: (_, row) => SubscribeUse[row.use][lang] },
    {
      key: 'fields',
      title: label('fields'),
      width: 260,
      render: (_, row) => <FieldTags fields={row.fields} />,
    },
    { key: 'page', dataIndex: 'page', title: label('page'), width: 180 },
    {
      key: 'enabled',
      title: label('enabled'),
      width: 80,
      render: (_, row) => <EnabledSwitch row={row} refresh={refresh} />,
    },
    { key: 'consents', dataIndex: 'consents', title: label('consents'), width: 100 },
    {
      key: 'updateTime',
      title: t('updated'),
      width: 170,
      render: (_, row) => (row.updateTime ? dayjs(row.updateTime).format('YYYY-MM-DD HH:mm:ss') : ''),
    },
    {
      key: 'actions',
      title: t('actions'),
      width: 130,
      fixed: 'right',
      render: (_, row) => <RowActions row={row} refresh={refresh} onEdit={() => onEdit(row)} />,
    },
  ];
}

/** The area's subscription templates: their field mapping and consents; new, edit, enable, delete. */
export function TemplatesTab({ settings, refresh }: { settings: SubscribeSettings; refresh: Refresh }) {
  const { t } = useTranslation('subscriptions');
  const [drawer, setDrawer] = useState<DrawerState>(null);
  const columns = useColumns(refresh, (row) => setDrawer({ row }));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Can perm="admin:subscribe:update">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({})}>
          {t('create')}
        </Button>
      </Can>
      <Table<SubscribeTemplate>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={settings.templates}
        pagination={false}
        tableLayout="fixed"
        scroll={{ x: 1540 }}
      />
      <TemplateDrawer state={drawer} uses={settings.uses} refresh={refresh} onClose={() => setDrawer(null)} />
    </Space>
  );
}
