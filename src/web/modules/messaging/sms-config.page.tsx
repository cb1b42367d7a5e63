import { UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { smsApi, type SmsSettings } from '../../../shared/api/messaging.ts';
import { SettingsScreen } from '../../components/settings-screen.tsx';
import { get } from '../../lib/request.ts';
import { SmsPlatformCard } from './sms-platform-card.tsx';
import { SmsTemplatesTab } from './sms-templates-tab.tsx';
import { SmsUsesTab } from './sms-uses-tab.tsx';

const QUERY_KEY = ['messaging', 'settings'] as const;

/** To /sys/smsDetailPage, the send log (the same permission as this screen). */
function SendLogLink() {
  const { t } = useTranslation('messaging');
  const navigate = useNavigate();
  return (
    <Button icon={<UnorderedListOutlined />} onClick={() => void navigate('/sys/smsDetailPage')}>
      {t('sendLog')}
    </Button>
  );
}

/**
 * docs/product.md §2 /sys/smsconfig (issue 31): the area's SMS platforms (secrets as set / not set),
 * the ten templates with a live preview, and which platform sends for which use.
 */
export default function SmsConfigPage() {
  const { t } = useTranslation('messaging');
  const query = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => get<SmsSettings>(smsApi.settings, undefined, { silent: true }),
  });
  return (
    <SettingsScreen query={query} intro={t('intro')} extra={<SendLogLink />}>
      {(data) => (
        <Card styles={{ body: { paddingTop: 8 } }}>
          <Tabs
            items={[
              {
                key: 'platforms',
                label: t('platforms'),
                children: (
                  <Flex vertical gap={16}>
                    {data.platforms.map((p) => (
                      <SmsPlatformCard key={p.platform} setting={p} refresh={QUERY_KEY} />
                    ))}
                  </Flex>
                ),
              },
              {
                key: 'templates',
                label: t('templates'),
                children: <SmsTemplatesTab templates={data.templates} refresh={QUERY_KEY} />,
              },
              {
                key: 'uses',
                label: t('uses'),
                children: <SmsUsesTab settings={data} refresh={QUERY_KEY} />,
              },
            ]}
          />
        </Card>
      )}
    </SettingsScreen>
  );
}
