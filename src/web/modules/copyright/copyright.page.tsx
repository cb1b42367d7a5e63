import { HomeOutlined, LogoutOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { CopyrightContent, CopyrightRow } from '../../../shared/api/copyright.ts';
import { copyrightApi } from '../../../shared/api/endpoints.ts';
import { DEFAULT_PAGE_SIZE } from '../../../shared/api/common.ts';
import { CONSOLE_CLIENT_ID, TerminalClient } from '../../../shared/dict/terminal-client.ts';
import { ImageUpload } from '../../components/image-upload.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import {
  defineListPage,
  ListPage,
  listQueryKey,
  useLabel,
  type PageResult,
} from '../../components/list-page/index.ts';
import { loadBranding, useBranding } from '../../lib/branding.ts';
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

// Under the list's key, so a save refreshes the record edited and the list alike.
const NEWEST_KEY = [...listQueryKey(copyrightApi.page), 'newest'];

function ClientName({ clientId }: { clientId: string }) {
  const label = useLabel();
  const entry = TerminalClient[clientId as keyof typeof TerminalClient];
  return <>{entry ? label(entry) : clientId}</>;
}

/** The records of the copyright session, newest first (its own token, not the console's session). */
const records = defineListPage<CopyrightRow>({
  id: 'copyright.records',
  title: 'copyright:records',
  url: copyrightApi.page,
  params: { clientId: CONSOLE_CLIENT_ID },
  request: (_url, body) => copyrightPost(copyrightApi.page, body, { silent: true }),
  rowKey: 'id',
  columns: [
    { key: 'id', title: 'copyright:id', width: 72 },
    {
      key: 'clientId',
      title: 'copyright:client',
      render: (_, row) => <ClientName clientId={row.clientId} />,
    },
    {
      key: 'siteIcon',
      title: 'copyright:siteIcon',
      width: 96,
      render: (_, row) => {
        const { siteIcon } = parseContent(row.copContent);
        return siteIcon ? <img className={styles.thumb} src={siteIcon} alt="" /> : null;
      },
    },
    {
      key: 'siteTitle',
      title: 'copyright:siteTitle',
      ellipsis: true,
      render: (_, row) => parseContent(row.copContent).siteTitle,
    },
    { key: 'updateTime', title: 'copyright:updateTime', kind: 'dateTime', width: 180 },
    { key: 'createTime', title: 'copyright:createTime', kind: 'dateTime', width: 180 },
  ],
});

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
    { success: t('saved'), refresh: [listQueryKey(copyrightApi.page)] },
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
  const navigate = useNavigate();
  const branding = useBranding();
  const token = copyrightToken();
  // The newest record is the one edited.
  const newestQuery = useQuery({
    enabled: !!token,
    queryKey: NEWEST_KEY,
    queryFn: () =>
      copyrightPost<PageResult<CopyrightRow>>(copyrightApi.page, {
        page: 1,
        limit: DEFAULT_PAGE_SIZE,
        clientId: CONSOLE_CLIENT_ID,
      }),
  });

  if (!token) return <Navigate to="/copLogin" replace />;

  function logout() {
    clearCopyrightToken();
    navigate('/copLogin', { replace: true });
  }

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
        <ListPage definition={records} />
      </main>
    </div>
  );
}
