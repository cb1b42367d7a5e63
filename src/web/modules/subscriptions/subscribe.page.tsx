import { useQuery } from '@tanstack/react-query';
import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { subscribeApi, type SubscribeSettings } from '../../../shared/api/subscriptions.ts';
import { SettingsScreen } from '../../components/settings-screen.tsx';
import { get } from '../../lib/request.ts';
import { MpAppForm } from './mp-app-form.tsx';
import { SendLogTab } from './send-log-tab.tsx';
import { TemplatesTab } from './templates-tab.tsx';

const QUERY_KEY = ['subscriptions', 'settings'] as const;

/**
 * docs/product.md §2 /sys/subscribe (issue 31): the area's mini-program (its secret as set / not
 * set), its subscription message templates with their field mapping, and the messages sent.
 */
export default function SubscribePage() {
  const { t } = useTranslation('subscriptions');
  const { search } = useLocation();
  // the send log keeps its filters in the URL: a link or a reload with them opens it
  const [tab, setTab] = useState(search ? 'log' : 'app');
  const query = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => get<SubscribeSettings>(subscribeApi.settings, undefined, { silent: true }),
  });
  return (
    <SettingsScreen query={query} intro={t('intro')}>
      {(data) => (
        <Card styles={{ body: { paddingTop: 8 } }}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'app', label: t('tabApp'), children: <MpAppForm app={data.app} refresh={QUERY_KEY} /> },
              {
                key: 'templates',
                label: t('tabTemplates'),
                children: <TemplatesTab settings={data} refresh={QUERY_KEY} />,
              },
              { key: 'log', label: t('tabLog'), children: <SendLogTab templates={data.templates} /> },
            ]}
          />
        </Card>
      )}
    </SettingsScreen>
  );
}
