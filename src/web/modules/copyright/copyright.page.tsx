import { HomeOutlined, LogoutOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Table, Typography, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../shared/api/common.ts';
import type { CopyrightContent, CopyrightRow } from '../../../shared/api/copyright.ts';
import { copyrightApi } from '../../../shared/api/endpoints.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { CONSOLE_CLIENT_ID, TerminalClient } from '../../../shared/dict/terminal-client.ts';
import { ImageUpload } from '../../components/image-upload.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { loadBranding, useBranding } from '../../lib/branding.ts';
import { useSettings } from '../../lib/settings.ts';
import { useAction } from '../../lib/use-action.ts';
import {
  UPLOAD_URL,
  clearCopyrightToken,
  copyrightPost,
  copyrightToken,
  parseContent,
  sessionEnded,
} from './copyright-session.ts';
import styles from './copyright.module.css';

const QUERY_KEY = 'copyright-records';
const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface PageResult {
  rows: CopyrightRow[];
  total: number;
}

function useRecords(page: number, limit: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [QUERY_KEY, page, limit],
    queryFn: () => copyrightPost<PageResult>(copyrightApi.page, { page, limit, clientId: CONSOLE_CLIENT_ID }),
    placeholderData: keepPreviousData,
  });
}

/** Site title and icon of the newest record; saving updates it (or adds the first one). */
function BrandingEditor({ newest, token }: { newest: CopyrightRow | null; token: string }) {
  const { t } = useTranslation(['copyright', 'common']);
  const initial = parseContent(newest?.copContent);
  const save = useAction(
    async (values: CopyrightContent) => {
      const copContent = JSON.stringify({
        siteIcon: values.siteIcon ?? '',
        siteTitle: values.siteTitle.trim(),
      });
      if (newest)
        await copyrightPost(copyrightApi.update, { id: newest.id, clientId: newest.clientId, copContent });
      else await copyrightPost(copyrightApi.add, { clientId: CONSOLE_CLIENT_ID, copContent });
      await loadBranding();
    },
    { success: t('saved'), refresh: [[QUERY_KEY]] },
  );

  return (
    <Card title={t('editTitle')}>
      <Alert
        className={styles.hint}
        type={newest ? 'info' : 'warning'}
        showIcon
        title={newest ? t('editHint') : t('newRecordHint')}
      />
      <Form<CopyrightContent>
        // a saved record (new id or time) resets the form to what the server now holds
        key={newest ? `${newest.id}-${newest.updateTime}` : 'new'}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void save.run(values)}
      >
        <Form.Item
          name="siteTitle"
          label={t('siteTitle')}
          rules={[
            { required: true, whitespace: true, message: t('siteTitleRequired') },
            { max: 50, message: t('siteTitleMax') },
          ]}
        >
          <Input showCount maxLength={50} />
        </Form.Item>
        <Form.Item name="siteIcon" label={t('siteIcon')} extra={t('siteIconHint')}>
          <ImageUpload
            action={UPLOAD_URL}
            headers={{ token }}
            requestOptions={{ auth: false, onUnauthorized: sessionEnded }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.pending}>
          {t('common:save')}
        </Button>
      </Form>
    </Card>
  );
}

/** Copyright management (docs/product.md §2, §6, §7): a separate session whose token is sent in a `token` header. */
export default function CopyrightPage() {
  const { t } = useTranslation(['copyright', 'common']);
  const { lang } = useSettings();
  const navigate = useNavigate();
  const branding = useBranding();
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const token = copyrightToken();
  // The first page, newest first, holds the record that is edited (same query as the list's page 1).
  const newestQuery = useRecords(1, DEFAULT_PAGE_SIZE, !!token);
  const listQuery = useRecords(paging.page, paging.limit, !!token);

  if (!token) return <Navigate to="/copLogin" replace />;

  function logout() {
    clearCopyrightToken();
    navigate('/copLogin', { replace: true });
  }

  const columns: TableProps<CopyrightRow>['columns'] = [
    { title: t('id'), dataIndex: 'id', width: 72 },
    {
      title: t('client'),
      dataIndex: 'clientId',
      render: (clientId: string) => dictLabel(TerminalClient, clientId, lang),
    },
    {
      title: t('siteIcon'),
      key: 'siteIcon',
      width: 96,
      render: (_, row) => {
        const { siteIcon } = parseContent(row.copContent);
        return siteIcon ? <img className={styles.thumb} src={siteIcon} alt="" /> : null;
      },
    },
    {
      title: t('siteTitle'),
      key: 'siteTitle',
      ellipsis: true,
      render: (_, row) => parseContent(row.copContent).siteTitle,
    },
    {
      title: t('updateTime'),
      dataIndex: 'updateTime',
      width: 180,
      render: (value: string) => dayjs(value).format(TIME_FORMAT),
    },
    {
      title: t('createTime'),
      dataIndex: 'createTime',
      width: 180,
      responsive: ['lg'],
      render: (value: string) => dayjs(value).format(TIME_FORMAT),
    },
  ];

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <span className={styles.headerTitle}>
          {branding?.siteIcon ? (
            <img className={styles.headerIcon} src={branding.siteIcon} alt="" />
          ) : (
            <SafetyCertificateOutlined />
          )}
          {t('title')}
        </span>
        <Space size={4}>
          <LanguageSwitch />
          <Button type="text" icon={<HomeOutlined />} onClick={() => navigate('/')}>
            <span className={styles.wideOnly}>{t('backToConsole')}</span>
          </Button>
          <Button type="text" icon={<LogoutOutlined />} onClick={logout} data-testid="copyright-logout">
            <span className={styles.wideOnly}>{t('logout')}</span>
          </Button>
        </Space>
      </header>
      <main className={styles.content}>
        {newestQuery.isPending ? (
          <Card loading />
        ) : newestQuery.isError ? (
          <Card>
            <Typography.Text type="danger">{newestQuery.error.message}</Typography.Text>{' '}
            <Button onClick={() => void newestQuery.refetch()}>{t('common:retry')}</Button>
          </Card>
        ) : (
          <BrandingEditor newest={newestQuery.data.rows[0] ?? null} token={token} />
        )}
        <Card title={t('records')}>
          <Table<CopyrightRow>
            rowKey="id"
            size="middle"
            scroll={{ x: 'max-content' }}
            columns={columns}
            dataSource={listQuery.data?.rows ?? []}
            loading={{ spinning: listQuery.isFetching, description: t('common:loading') }}
            pagination={{
              current: paging.page,
              pageSize: paging.limit,
              total: listQuery.data?.total ?? 0,
              showTotal: (total) => t('total', { total }),
              showSizeChanger: true,
              pageSizeOptions: [...PAGE_SIZES],
              showQuickJumper: true,
              onChange: (page, limit) => setPaging({ page: limit === paging.limit ? page : 1, limit }),
            }}
          />
        </Card>
      </main>
    </div>
  );
}
