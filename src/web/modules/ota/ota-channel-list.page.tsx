import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { otaChannelApi, type OtaChannelRow } from '../../../shared/api/ota.ts';
import { OtaField, OtaResult, OtaText } from '../../../shared/dict/ota.ts';
import { dateTimeText as time } from '../../components/detail-parts.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { KeyboardScroll } from '../../components/keyboard-scroll.tsx';
import { listQueryKey, useLabel, type PageResult } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import { ChannelActions, otaDetailPath, usePlatformName } from './ota-parts.tsx';

/** The secret as set or not: the secret itself never reaches the console. */
export function SecretState({ set }: { set: boolean }) {
  const f = useLabel();
  return <Tag color={set ? 'success' : 'default'}>{f(set ? OtaText.secretSet : OtaText.secretNotSet)}</Tag>;
}

/** The channel's latest message: its time and result. */
export function LastMessage({ row }: { row: OtaChannelRow }) {
  const { t } = useTranslation('ota');
  if (!row.lastMessageTime) return <span>{t('noMessage')}</span>;
  return (
    <Space size={4} wrap>
      <span>{time(row.lastMessageTime)}</span>
      {row.lastMessageResult != null && <DictTag dict={OtaResult} value={row.lastMessageResult} />}
    </Space>
  );
}

/** The auto-approve refund policy of OTA cancellations (docs/domain.md T17). */
export function RefundPolicy() {
  const { t } = useTranslation('ota');
  return (
    <Tooltip title={t('refundAutoHint')}>
      <Tag color="blue">{t('refundAuto')}</Tag>
    </Tooltip>
  );
}

function useColumns(): TableColumnsType<OtaChannelRow> {
  const { t } = useTranslation(['ota', 'listPage']);
  const f = useLabel();
  const navigate = useNavigate();
  const platformName = usePlatformName();
  return [
    {
      key: 'platform',
      title: `${f(OtaField.platform)} / ${t('clientId')}`,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          {r.id == null ? (
            platformName(r)
          ) : (
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              onClick={() => void navigate(otaDetailPath(r.id!))}
            >
              {platformName(r)}
            </Button>
          )}
          <Typography.Text type="secondary">{r.clientId}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'appKey',
      title: f(OtaField.appKey),
      render: (_, r) => r.appKey || <Tag>{t('notConfigured')}</Tag>,
    },
    {
      key: 'secretSet',
      width: 100,
      title: f(OtaField.secretSet),
      render: (_, r) => <SecretState set={r.secretSet} />,
    },
    {
      key: 'status',
      width: 100,
      title: f(OtaField.status),
      render: (_, r) => <DictTag dict={EnableStatus} value={r.status} />,
    },
    { key: 'refundPolicy', width: 130, title: t('refundPolicy'), render: () => <RefundPolicy /> },
    { key: 'mappings', dataIndex: 'mappings', width: 110, title: f(OtaField.mappings), align: 'right' },
    { key: 'lastMessage', title: t('lastMessage'), render: (_, r) => <LastMessage row={r} /> },
    {
      key: 'actions',
      width: 270,
      title: t('listPage:actions'),
      fixed: 'right',
      render: (_, r) => <ChannelActions row={r} />,
    },
  ];
}

/** docs/product.md §2 /ota/otaManage: the area's channel of each OTA platform. */
export default function OtaChannelListPage() {
  const { t } = useTranslation(['ota', 'common']);
  const columns = useColumns();
  const query = useQuery({
    queryKey: [...listQueryKey(otaChannelApi.page), {}],
    queryFn: () => post<PageResult<OtaChannelRow>>(otaChannelApi.page, {}, { silent: true }),
  });
  return (
    <Card title={t('listTitle')}>
      <Alert type="info" showIcon title={t('listHint')} style={{ marginBottom: 16 }} />
      <KeyboardScroll>
        <Table<OtaChannelRow>
          rowKey="platform"
          columns={columns}
          dataSource={query.data?.rows ?? []}
          loading={{ spinning: query.isFetching, description: t('common:loading') }}
          pagination={false}
          // fits a 1440 px screen (cells wrap); narrower screens scroll sideways
          scroll={{ x: 1080 }}
          locale={{
            emptyText: query.error ? (
              <Button onClick={() => void query.refetch()}>{t('common:retry')}</Button>
            ) : undefined,
          }}
        />
      </KeyboardScroll>
    </Card>
  );
}
